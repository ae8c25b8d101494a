import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { sidebarAtom } from '../../shared/device';
import { TriggerButton } from '../../shared/ui/Dropdown';
import { Icon } from '../../shared/ui/Icon';

/** Opens and closes the sidebar; the choice is kept in the sidebar cookie. */
export function Hamburger() {
  const { t } = useTranslation();
  const [sidebar, setSidebar] = useAtom(sidebarAtom);
  const label = sidebar.opened ? t('shell.collapse') : t('shell.expand');
  return (
    <TriggerButton
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={sidebar.opened}
      data-testid="hamburger"
      onClick={() => setSidebar({ opened: !sidebar.opened, withoutAnimation: false })}
    >
      <Icon name={sidebar.opened ? 'menuFold' : 'menuUnfold'} />
    </TriggerButton>
  );
}
