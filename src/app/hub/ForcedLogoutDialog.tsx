import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Dialog } from '../../shared/ui/Dialog';
import { Icon } from '../../shared/ui/Icon';
import { forcedLogoutAtom, type LogoutReason } from './forcedLogout';

/** What the dialog says for each reason a session ended (SPEC §8 gives the one for a login elsewhere). */
const TEXT_KEYS: Record<LogoutReason, string> = {
  loginElsewhere: 'hub.logoutText',
  disabled: 'hub.logoutDisabled',
  removed: 'hub.logoutRemoved',
  passwordChanged: 'hub.logoutPasswordChanged',
};

const Warning = styled.p`
  display: flex;
  align-items: flex-start;
  gap: 0.75rem;
  margin: 0;
  color: ${({ theme }) => theme.textStrong};
  & > svg { color: #f5a524; margin-top: 0.0625rem; }
`;

/** 下线提示 (SPEC §4, §8): a warning that cannot be closed; the page reloads to login on its own. */
export function ForcedLogoutDialog() {
  const { t } = useTranslation();
  const reason = useAtomValue(forcedLogoutAtom);
  if (!reason) return null;
  return (
    <Dialog title={t('hub.logoutTitle')} testId="forced-logout-dialog">
      <Warning>
        <Icon name="warning" size="1.5em" />
        <span>{t(TEXT_KEYS[reason] ?? 'hub.logoutText')}</span>
      </Warning>
    </Dialog>
  );
}
