import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { loginUrlFor, LOGIN_PATH } from '../../shared/redirect';
import { clearToken } from '../../shared/session';
import { useSysInfo } from '../../shared/sysInfo';
import { BrandMark } from '../../shared/ui/BrandMark';
import { Button } from '../../shared/ui/Button';
import { CopyrightFooter } from '../../shared/ui/CopyrightFooter';
import { PreferenceBar } from '../../shared/ui/PreferenceBar';
import {
  Actions, Brand, Eyebrow, InfoCard, InfoGrid, Intro, LogoutButton, Main, Notice, Page, TopBar, UserChip, Welcome,
} from './homeStyles';
import { useUserInfo } from './useUserInfo';

/**
 * Placeholder for the console shell: who is signed in, their organisation and the platform
 * version, and a way out. Shown for every signed-in path until the shell replaces it.
 */
export function HomePage() {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const [state, retry] = useUserInfo();
  const sysInfo = useSysInfo();
  const productName = sysInfo?.name ?? t('app.productName');

  if (state.status === 'signed-out') {
    return <Redirect to={loginUrlFor(location + window.location.search)} replace />;
  }

  const logout = () => {
    clearToken();
    navigate(LOGIN_PATH, { replace: true });
  };
  const user = state.status === 'ready' ? state.user : undefined;

  return (
    <Page>
      <TopBar>
        <Brand>
          <BrandMark size="2.25rem" />
          <span data-testid="product-name">{productName}</span>
        </Brand>
        <Actions>
          <PreferenceBar />
          {user && <UserChip data-testid="user-nick-name">{user.nickName}</UserChip>}
          <LogoutButton type="button" onClick={logout}>{t('home.logout')}</LogoutButton>
        </Actions>
      </TopBar>
      <Main aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && <Notice>{t('common.loading')}</Notice>}
        {state.status === 'failed' && (
          <Notice role="alert">
            {t('home.loadFailed', { error: state.error || t('errors.network') })}{' '}
            <Button $variant="ghost" type="button" onClick={retry}>{t('common.retry')}</Button>
          </Notice>
        )}
        {user && (
          <>
            <Eyebrow>{t('home.heading')}</Eyebrow>
            <Welcome>{t('home.welcome', { name: user.nickName })}</Welcome>
            <Intro>{t('home.intro')}</Intro>
            <InfoGrid>
              <InfoCard>
                <dt>{t('home.account')}</dt>
                <dd data-testid="user-name">{user.username}</dd>
              </InfoCard>
              <InfoCard>
                <dt>{t('home.org')}</dt>
                <dd data-testid="org-name">{user.orgName}</dd>
              </InfoCard>
              <InfoCard>
                <dt>{t('home.version')}</dt>
                <dd data-testid="product-version">{sysInfo?.version ?? '—'}</dd>
              </InfoCard>
            </InfoGrid>
          </>
        )}
      </Main>
      <CopyrightFooter productName={productName} />
    </Page>
  );
}
