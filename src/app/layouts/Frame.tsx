import { useAtomValue } from 'jotai';
import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { PRODUCT_VERSION } from '../../../contract/constants';
import { SettingsPanel } from '../../features/shell/SettingsPanel';
import { Sidebar, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, type SidebarItem } from '../../features/shell/Sidebar';
import { deviceClassAtom, sidebarAtom } from '../../shared/device';
import { Right } from '../../../contract/rights';
import { productNameOf, useSysInfo } from '../../shared/sysInfo';
import { SUPER_ADMIN_NAME, userAtom } from '../../shared/user';
import { CopyrightFooter } from '../../shared/ui/CopyrightFooter';
import { LicenceBanner } from '../../features/admin/about/LicenceBanner';
import { useScrollToTop } from '../../shared/useScrollToTop';
import { useTranslation } from 'react-i18next';

const Column = styled.div<{ $offset: string; $animate: boolean }>`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  margin-left: ${({ $offset }) => $offset};
  transition: ${({ $animate }) => ($animate ? 'margin-left 0.28s' : 'none')};
  background-color: ${({ theme }) => theme.bg};
  background-image: ${({ theme }) => theme.bgDecor};
  background-size: auto, auto, 3rem 3rem, 3rem 3rem;
  background-attachment: fixed;
`;

const Sticky = styled.div`
  position: sticky;
  top: 0;
  z-index: 900;
`;

const Warning = styled.div`
  margin: 1.25rem 1.25rem 0;
  padding: 0.6rem 1rem;
  border: 1px solid ${({ theme }) => theme.danger};
  border-radius: 4px;
  color: ${({ theme }) => theme.danger};
  background: ${({ theme }) => theme.dangerBg};
  font-size: 0.875rem;
  line-height: 1.5;
`;

const Content = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
  padding: 1.25rem;
  & > * { flex: 1; }
`;

/**
 * What the main and super layouts share: the sidebar, a sticky head (navbar, tags), the page,
 * the copyright footer and the settings panel. The page scrolls to the top on every route change.
 */
export function Frame({ items, head, children }: { items: SidebarItem[]; head: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const sidebar = useAtomValue(sidebarAtom);
  const device = useAtomValue(deviceClassAtom);
  const sysInfo = useSysInfo();
  const user = useAtomValue(userAtom);
  // Told to the people who can act on it: administrators of users, and the super administrator.
  const showDemoWarning = !!sysInfo?.demoExposed && !!user && (user.username === SUPER_ADMIN_NAME || user.rights.includes(Right.UserEdit));
  const contentRef = useRef<HTMLElement>(null);
  useScrollToTop(location, contentRef);
  const offset = device === 'mobile' ? '0' : sidebar.opened ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;
  const productName = productNameOf(sysInfo, t);
  return (
    <>
      <Sidebar items={items} active={location} productName={productName} version={sysInfo?.version ?? PRODUCT_VERSION} />
      <Column $offset={offset} $animate={!sidebar.withoutAnimation}>
        <Sticky>{head}</Sticky>
        {showDemoWarning && <Warning role="alert" data-testid="demo-exposed">{t('shell.demoExposed')}</Warning>}
        <LicenceBanner />
        <Content ref={contentRef}>{children}</Content>
        <CopyrightFooter productName={productName} />
      </Column>
      <SettingsPanel />
    </>
  );
}
