import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Redirect, useLocation, useSearch } from 'wouter';
import { safeRedirect } from '../../shared/redirect';
import { getToken, setToken } from '../../shared/session';
import { productNameOf, useSysInfo } from '../../shared/sysInfo';
import { BrandMark } from '../../shared/ui/BrandMark';
import { CopyrightFooter } from '../../shared/ui/CopyrightFooter';
import { PreferenceBar } from '../../shared/ui/PreferenceBar';
import { GuestAccess } from './GuestAccess';
import { LoginForm } from './LoginForm';
import { LoginHero } from './LoginHero';

const Page = styled.div`
  min-height: 100vh;
  display: grid;
  grid-template-rows: auto 1fr auto;
  padding: 0 4rem;
  background-color: ${({ theme }) => theme.bg};
  background-image: ${({ theme }) => theme.bgDecor};
  background-size: auto, auto, 3rem 3rem, 3rem 3rem;
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  height: 6rem;
  border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder};
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 1rem;
`;

const ProductName = styled.h1`
  margin: 0;
  font-size: 1.75rem;
  font-weight: 600;
  letter-spacing: 0.12em;
  color: ${({ theme }) => theme.textStrong};
`;

const Version = styled.span`
  margin-left: 0.75rem;
  padding: 0.125rem 0.5rem;
  border-radius: 0.25rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  font-size: 0.8125rem;
  letter-spacing: 0.04em;
  vertical-align: middle;
  color: ${({ theme }) => theme.accentText};
`;

const Main = styled.main`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 4rem;
  max-width: 94rem;
  width: 100%;
  margin: 0 auto;
  padding: 3rem 2rem;
  @media (max-width: 900px) {
    justify-content: center;
    & > :first-child { display: none; }
  }
`;

/**
 * /passport/login and /login: sign in, then go to the `redirect` query or the root. With guest mode
 * on (sys info), 游客访问 signs in as the guest and goes to the `redirect` query or the big screen.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const requested = new URLSearchParams(useSearch()).get('redirect');
  const redirect = safeRedirect(requested);
  const sysInfo = useSysInfo();
  const productName = productNameOf(sysInfo, t);

  // Another tab signed in while this one was hidden: a wall display goes straight to the monitor (SPEC §2).
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && getToken()) navigate('/monitor', { replace: true });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [navigate]);

  // A signed-in user has nothing to do here (SPEC §2, navigation behaviour).
  if (getToken()) return <Redirect to={redirect} replace />;

  return (
    <Page>
      <Header>
        <Brand>
          <BrandMark size="3rem" />
          <ProductName data-testid="product-name">
            {productName}
            {sysInfo && <Version data-testid="product-version">{t('app.versionLabel', { version: sysInfo.version })}</Version>}
          </ProductName>
        </Brand>
        <PreferenceBar />
      </Header>
      <Main>
        <LoginHero />
        <LoginForm
          onSuccess={(token) => {
            setToken(token);
            navigate(redirect, { replace: true });
          }}
          footer={sysInfo?.guestEnabled && (
            <GuestAccess
              onSuccess={(token) => {
                setToken(token);
                navigate(requested ? redirect : '/monitor', { replace: true });
              }}
            />
          )}
        />
      </Main>
      <CopyrightFooter productName={productName} />
    </Page>
  );
}
