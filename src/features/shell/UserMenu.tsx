import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { Right } from '../../../contract/rights';
import { avatarUrl } from '../../shared/avatar';
import { getRuntimeConfig } from '../../shared/config';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { Dropdown } from '../../shared/ui/Dropdown';
import { Icon } from '../../shared/ui/Icon';
import { useHasRight, userAtom } from '../../shared/user';
import { logout } from './logout';
import { showSettingsAtom } from './settingsState';

export const ACCOUNT_PATH = '/nv_system/nv_account';

const Avatar = styled.img`
  width: 2rem;
  height: 2rem;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  object-fit: cover;
`;

const Name = styled.span`
  max-width: 9rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: 0.9375rem;
  @media (max-width: 575px) { display: none; }
`;

const Items = styled.ul`
  margin: 0;
  padding: 0.25rem 0;
  list-style: none;
  & button {
    display: flex;
    align-items: center;
    gap: 0.625rem;
    width: 100%;
    padding: 0.625rem 1rem;
    border: none;
    background: none;
    color: ${({ theme }) => theme.text};
    font-size: 0.9375rem;
    text-align: left;
    cursor: pointer;
  }
  & button:hover { background: ${({ theme }) => theme.glow}; color: ${({ theme }) => theme.accentText}; }
  & li + li.divided { border-top: 1px solid ${({ theme }) => theme.surfaceBorder}; }
`;

/**
 * The user menu of the navbar (SPEC §2): personal profile (with account-preview), theme
 * settings, and log out behind the 退出登录确认 dialog.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const user = useAtomValue(userAtom);
  const setShowSettings = useSetAtom(showSettingsAtom);
  const canSeeAccount = useHasRight(Right.AccountPreview);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <>
      <Dropdown
        label={t('shell.userMenu')}
        trigger={(
          <>
            <Avatar src={avatarUrl(user?.avatar, getRuntimeConfig().apiBaseUrl)} alt="" />
            <Name data-testid="user-nick-name">{user?.nickName}</Name>
            <Icon name="chevronDown" size="0.875rem" />
          </>
        )}
        open={open}
        onOpenChange={setOpen}
        width="11rem"
        testId="user-menu"
      >
        <Items role="menu">
          {canSeeAccount && (
            <li><button type="button" role="menuitem" onClick={choose(() => navigate(ACCOUNT_PATH))}><Icon name="user" />{t('shell.profile')}</button></li>
          )}
          <li><button type="button" role="menuitem" onClick={choose(() => setShowSettings(true))}><Icon name="theme" />{t('shell.themeSettings')}</button></li>
          <li className="divided"><button type="button" role="menuitem" onClick={choose(() => setConfirming(true))}><Icon name="logout" />{t('shell.logout')}</button></li>
        </Items>
      </Dropdown>
      {confirming && (
        <Dialog
          title={t('shell.logoutTitle')}
          onClose={() => setConfirming(false)}
          testId="logout-dialog"
          footer={(
            <>
              <Button type="button" $variant="ghost" onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
              <Button type="button" onClick={() => void logout()}>{t('common.ok')}</Button>
            </>
          )}
        >
          {t('shell.logoutText')}
        </Dialog>
      )}
    </>
  );
}
