import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { toggleFullscreen } from '../../shared/fullscreen';
import { useWakeOnPointer } from '../../shared/screen/useWakeOnPointer';
import type { TemplateBrief } from './monitorApi';
import { Announce, Bar, BarButton } from './monitorStyles';

interface Props {
  list: readonly TemplateBrief[];
  currentId: number | null;
  /** A template name to show briefly after a switch. */
  announce: string | null;
  onShow(id: number): void;
}

/**
 * The wall's only chrome, out of sight until someone moves the mouse: the template switcher, full
 * screen and the way back to the console; plus the name of a template just switched to.
 */
export function MonitorControls({ list, currentId, announce, onShow }: Props) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const open = useWakeOnPointer('monitor');

  return (
    <>
      <Announce $visible={announce !== null} aria-live="polite">{announce}</Announce>
      <Bar $open={open} aria-label={t('monitor.switcher')} aria-hidden={!open}>
        {list.map((tpl, i) => (
          <BarButton key={tpl.id} type="button" $active={tpl.id === currentId} tabIndex={open ? 0 : -1} onClick={() => onShow(tpl.id)}>
            {i < 9 ? `${i + 1}. ` : ''}{tpl.name}
          </BarButton>
        ))}
        <BarButton type="button" tabIndex={open ? 0 : -1} onClick={() => toggleFullscreen().catch(() => undefined)}>{t('monitor.fullscreen')}</BarButton>
        <BarButton type="button" tabIndex={open ? 0 : -1} onClick={() => navigate('/')}>{t('monitor.backToConsole')}</BarButton>
      </Bar>
    </>
  );
}
