import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../shared/feedback';
import { toggleFullscreen } from '../../shared/fullscreen';
import { TriggerButton } from '../../shared/ui/Dropdown';
import { Icon } from '../../shared/ui/Icon';

/** Full screen on and off; a warning where the browser cannot (SPEC §2, §8). */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    toggleFullscreen().catch(() => showToast('warning', t('shell.fullscreenUnsupported')));
  };
  const label = full ? t('shell.exitFullscreen') : t('shell.fullscreen');
  return (
    <TriggerButton type="button" aria-label={label} title={label} onClick={toggle}>
      <Icon name={full ? 'fullscreenExit' : 'fullscreen'} />
    </TriggerButton>
  );
}

/** How long a refused close is given before the user is told (a closing tab never gets there). */
const CLOSE_CHECK_MS = 300;

/**
 * Closes the window (SPEC §1: the close-page button). Browsers close only tabs a script opened
 * (the console's new-tab pages) or that hold a single page; elsewhere the call does nothing, so
 * the user is told how to close the tab instead.
 */
export function ClosePageButton() {
  const { t } = useTranslation();
  const close = () => {
    window.close();
    setTimeout(() => {
      if (!window.closed) showToast('info', t('shell.closeRefused'));
    }, CLOSE_CHECK_MS);
  };
  return (
    <TriggerButton type="button" aria-label={t('shell.closePage')} title={t('shell.closePage')} onClick={close}>
      <Icon name="power" />
    </TriggerButton>
  );
}
