import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import { deviceClassAtom, sidebarAtom } from '../../shared/device';
import { BrandMark } from '../../shared/ui/BrandMark';
import { Icon, isIconName } from '../../shared/ui/Icon';

/** An entry of the sidebar; a parent has children and no page of its own. */
export interface SidebarItem {
  key: string;
  path: string;
  title: string;
  icon: string;
  children: SidebarItem[];
}

export const SIDEBAR_WIDTH = '15rem';
export const SIDEBAR_COLLAPSED_WIDTH = '4rem';
const SIDEBAR_BG = '#152947';
const ACTIVE_TEXT = '#3EEBFF';

const Aside = styled.aside<{ $opened: boolean; $mobile: boolean; $animate: boolean }>`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: 1001;
  display: flex;
  flex-direction: column;
  width: ${({ $opened }) => ($opened ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH)};
  background: ${SIDEBAR_BG};
  box-shadow: 0.125rem 0 1rem rgba(0, 0, 0, 0.25);
  color: #bfcbd9;
  overflow: hidden;
  transition: ${({ $animate }) => ($animate ? 'width 0.28s, transform 0.28s' : 'none')};
  ${({ $mobile, $opened }) => $mobile && css`
    width: ${SIDEBAR_WIDTH};
    transform: translateX(${$opened ? '0' : '-100%'});
  `}
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 0.625rem;
  flex: none;
  height: 4rem;
  padding: 0 1rem;
  border-bottom: 1px solid rgba(62, 235, 255, 0.15);
  color: #fff;
  font-size: 1.0625rem;
  font-weight: 600;
  letter-spacing: 0.06em;
  white-space: nowrap;
`;

const Nav = styled.nav`
  flex: 1;
  overflow-y: auto;
  overflow-x: hidden;
  padding: 0.5rem 0;
  scrollbar-width: thin;
`;

const entry = css<{ $active?: boolean; $depth: number }>`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  width: 100%;
  height: 3.25rem;
  padding: 0 1.25rem 0 ${({ $depth }) => 1.25 + $depth * 1.25}rem;
  border: none;
  background: ${({ $active }) => ($active ? 'rgba(62, 235, 255, 0.1)' : 'transparent')};
  box-shadow: ${({ $active }) => ($active ? `inset 0.1875rem 0 0 ${ACTIVE_TEXT}` : 'none')};
  color: ${({ $active }) => ($active ? ACTIVE_TEXT : '#bfcbd9')};
  font-size: 1rem;
  text-align: left;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition: background 0.2s, color 0.2s;
  &:hover { background: rgba(0, 0, 0, 0.2); color: #fff; }
  & > span { flex: 1; overflow: hidden; text-overflow: ellipsis; }
`;

const EntryLink = styled(Link)<{ $active?: boolean; $depth: number }>`${entry}`;
const EntryButton = styled.button<{ $active?: boolean; $depth: number }>`${entry}`;

const Arrow = styled.span<{ $open: boolean }>`
  flex: none !important;
  display: inline-flex;
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0')});
  transition: transform 0.2s;
`;

const Version = styled.div`
  flex: none;
  padding: 0.75rem 1rem;
  border-top: 1px solid rgba(62, 235, 255, 0.12);
  color: #7f93ad;
  font-size: 0.8125rem;
  white-space: nowrap;
`;

const isUnder = (path: string, item: SidebarItem): boolean =>
  item.path === path || item.children.some((c) => isUnder(path, c));

const iconOf = (item: SidebarItem) => (isIconName(item.icon) ? item.icon : 'app');

function Entry({ item, active, depth, collapsed }: { item: SidebarItem; active: string; depth: number; collapsed: boolean }) {
  const containsActive = isUnder(active, item);
  const [open, setOpen] = useState(containsActive);
  useEffect(() => {
    if (containsActive) setOpen(true);
  }, [containsActive]);
  const icon = depth === 0 ? <Icon name={iconOf(item)} size="1.25rem" /> : null;
  if (!item.children.length) {
    return (
      <li>
        <EntryLink href={item.path} $depth={collapsed ? 0 : depth} $active={item.path === active} aria-current={item.path === active ? 'page' : undefined} title={collapsed ? item.title : undefined}>
          {icon}
          {!collapsed && <span>{item.title}</span>}
        </EntryLink>
      </li>
    );
  }
  if (collapsed) {
    return (
      <li>
        <EntryLink href={item.children[0].path} $depth={0} $active={containsActive} title={item.title} aria-label={item.title}>
          {icon}
        </EntryLink>
      </li>
    );
  }
  return (
    <li>
      <EntryButton type="button" $depth={depth} $active={false} aria-expanded={open} onClick={() => setOpen(!open)} style={containsActive ? { color: '#fff' } : undefined}>
        {icon}
        <span>{item.title}</span>
        <Arrow $open={open}><Icon name="chevronDown" size="1rem" /></Arrow>
      </EntryButton>
      {open && (
        <ul style={{ margin: 0, padding: 0, listStyle: 'none', background: 'rgba(0, 0, 0, 0.16)' }}>
          {item.children.map((child) => <Entry key={child.key} item={child} active={active} depth={depth + 1} collapsed={false} />)}
        </ul>
      )}
    </li>
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: rgba(0, 0, 0, 0.35);
`;

/**
 * The sidebar (SPEC §2, §4): 240 px wide, #152947, the active entry in #3EEBFF; collapsed to
 * icons when closed, and a drawer over the page on phones.
 */
export function Sidebar({ items, active, productName, version }: { items: SidebarItem[]; active: string; productName: string; version: string }) {
  const { t } = useTranslation();
  const [sidebar, setSidebar] = useAtom(sidebarAtom);
  const device = useAtomValue(deviceClassAtom);
  const mobile = device === 'mobile';
  const collapsed = !sidebar.opened && !mobile;
  const shownPath = useRef(active);
  // On a phone the sidebar is a drawer over the page: choosing a page closes it.
  useEffect(() => {
    if (shownPath.current === active) return;
    shownPath.current = active;
    if (mobile && sidebar.opened) setSidebar({ opened: false, withoutAnimation: false });
  }, [active, mobile, sidebar.opened, setSidebar]);
  return (
    <>
      {mobile && sidebar.opened && <Backdrop onClick={() => setSidebar({ opened: false, withoutAnimation: false })} />}
      <Aside $opened={sidebar.opened} $mobile={mobile} $animate={!sidebar.withoutAnimation} data-testid="sidebar" data-opened={sidebar.opened}>
        <Brand>
          <BrandMark size="2rem" />
          {!collapsed && <span>{productName}</span>}
        </Brand>
        <Nav aria-label={t('shell.menu')}>
          <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {items.map((item) => <Entry key={item.key} item={item} active={active} depth={0} collapsed={collapsed} />)}
          </ul>
        </Nav>
        {!collapsed && <Version data-testid="sidebar-version">{t('shell.version', { version })}</Version>}
      </Aside>
    </>
  );
}
