import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { Link, useLocation } from 'wouter';
import { productNameOf, useSysInfo } from '../sysInfo';
import { useScrollToTop } from '../useScrollToTop';
import { BrandMark } from './BrandMark';
import { CopyrightFooter } from './CopyrightFooter';

const Page = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background-color: ${({ theme }) => theme.bg};
  background-image: ${({ theme }) => theme.bgDecor};
  background-size: auto, auto, 3rem 3rem, 3rem 3rem;
  background-attachment: fixed;
`;

const Head = styled.header`
  position: sticky;
  top: 0;
  z-index: 900;
  display: flex;
  align-items: center;
  gap: 2rem;
  height: 4.5rem;
  padding: 0 2rem;
  background: linear-gradient(90deg, #152947, rgba(21, 41, 71, 0.92));
  border-bottom: 1px solid rgba(62, 235, 255, 0.25);
  box-shadow: 0 0.25rem 1.5rem rgba(0, 0, 0, 0.25);
  color: #e6f1fb;
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  font-size: 1.25rem;
  font-weight: 600;
  letter-spacing: 0.08em;
  white-space: nowrap;
`;

const Nav = styled.nav`
  flex: 1;
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: 0.75rem;
`;

/** A top button of the analysis and purchase layouts; the active one is highlighted (SPEC §2). */
export const SectionButton = styled(Link)<{ $active: boolean }>`
  display: inline-flex;
  align-items: center;
  height: 2.5rem;
  padding: 0 1.25rem;
  border-radius: 0.25rem;
  border: 1px solid rgba(62, 235, 255, 0.35);
  color: #d7e6f5;
  font-size: 1rem;
  text-decoration: none;
  white-space: nowrap;
  transition: background 0.2s, color 0.2s;
  &:hover { color: #3EEBFF; border-color: #3EEBFF; }
  ${({ $active }) => $active && css`
    border-color: #2dc1c6;
    background: linear-gradient(90deg, #2dc1c6, #3EEBFF);
    color: #04222a;
    font-weight: 600;
    &:hover { color: #04222a; }
  `}
`;

export const SectionSelect = styled.select`
  height: 2.5rem;
  padding: 0 0.75rem;
  border-radius: 0.25rem;
  border: 1px solid #2dc1c6;
  background: #0f213d;
  color: #3EEBFF;
  font-size: 1rem;
`;

const SubNav = styled.nav`
  display: flex;
  gap: 0.5rem;
  padding: 1rem 2rem 0;
`;

export const SubLink = styled(Link)<{ $active: boolean }>`
  padding: 0.5rem 1rem;
  border-radius: 0.25rem;
  color: ${({ $active, theme }) => ($active ? theme.accentText : theme.textMuted)};
  background: ${({ $active, theme }) => ($active ? theme.glow : 'transparent')};
  font-size: 0.9375rem;
  text-decoration: none;
  &:hover { color: ${({ theme }) => theme.accentText}; }
`;

const Content = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
  padding: 1.25rem 2rem;
  & > * { flex: 1; }
`;

/**
 * The frame of the analysis and purchase layouts: product and section title, the section
 * buttons on the right, an optional row of sub-pages, the page and the footer.
 */
export function SectionLayout({ title, nav, subNav, children }: { title: string; nav: ReactNode; subNav?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const sysInfo = useSysInfo();
  const contentRef = useRef<HTMLElement>(null);
  useScrollToTop(location, contentRef);
  const productName = productNameOf(sysInfo, t);
  useEffect(() => {
    document.title = `${title} - ${productName}`;
  }, [title, productName]);
  return (
    <Page>
      <Head>
        <Brand>
          <BrandMark size="2.25rem" />
          <span>{productName}</span>
          <span aria-hidden="true" style={{ opacity: 0.4 }}>|</span>
          <span>{title}</span>
        </Brand>
        <Nav aria-label={title}>{nav}</Nav>
      </Head>
      {subNav && <SubNav>{subNav}</SubNav>}
      <Content ref={contentRef}>{children}</Content>
      <CopyrightFooter productName={productName} />
    </Page>
  );
}
