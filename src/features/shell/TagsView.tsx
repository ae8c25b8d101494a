import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { useLocation } from 'wouter';
import { Icon } from '../../shared/ui/Icon';
import { useOutsideClick } from '../../shared/useOutsideClick';
import {
  addTag, closeAllTags, closeOtherTags, closeTag, openTagsAtom, refreshCountsAtom, ROOT_TAG, type TagChange,
} from './tagsView';

const Bar = styled.nav`
  display: flex;
  align-items: center;
  gap: 0.375rem;
  height: 2.75rem;
  padding: 0 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: ${({ theme }) => (theme.mode === 'dark' ? 'rgba(10, 24, 44, 0.85)' : '#ffffff')};
  overflow-x: auto;
  scrollbar-width: none;
`;

const Tag = styled.div<{ $active: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  flex: none;
  height: 1.875rem;
  padding: 0 0.625rem 0 0.875rem;
  border-radius: 0.25rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  color: ${({ theme }) => theme.textMuted};
  font-size: 0.875rem;
  cursor: pointer;
  user-select: none;
  ${({ $active, theme }) => $active && css`
    border-color: ${theme.primary};
    background: ${theme.primary};
    color: ${theme.onPrimary};
    font-weight: 600;
  `}
`;

const CloseX = styled.button`
  display: inline-flex;
  padding: 0.125rem;
  border: none;
  border-radius: 50%;
  background: none;
  color: inherit;
  font-size: 0.75rem;
  cursor: pointer;
  &:hover { background: rgba(0, 0, 0, 0.2); }
`;

const Menu = styled.ul`
  position: fixed;
  z-index: 2500;
  margin: 0;
  padding: 0.25rem 0;
  min-width: 8.5rem;
  border-radius: 0.375rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: ${({ theme }) => (theme.mode === 'dark' ? '#10223d' : '#ffffff')};
  box-shadow: 0 0.75rem 2rem rgba(0, 0, 0, 0.3);
  list-style: none;
  & button {
    display: block;
    width: 100%;
    padding: 0.5rem 1rem;
    border: none;
    background: none;
    color: ${({ theme }) => theme.text};
    font-size: 0.875rem;
    text-align: left;
    cursor: pointer;
  }
  & button:hover:not(:disabled) { background: ${({ theme }) => theme.glow}; color: ${({ theme }) => theme.accentText}; }
  & button:disabled { opacity: 0.45; cursor: default; }
`;

interface MenuState {
  path: string;
  x: number;
  y: number;
}

/**
 * The open pages of the main layout as tabs (SPEC §2): click to switch, × or the context menu to
 * refresh, close, close others or close all. The root tab is fixed.
 */
export function TagsView({ active, titleFor }: { active: string; titleFor: (path: string) => string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [tags, setTags] = useAtom(openTagsAtom);
  const setRefreshCounts = useSetAtom(refreshCountsAtom);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  useOutsideClick([menuRef], () => setMenu(null), menu !== null);

  useEffect(() => {
    setTags((list) => addTag(list, active));
  }, [active, setTags]);

  const apply = (change: TagChange) => {
    setTags(change.tags);
    if (change.navigateTo) navigate(change.navigateTo);
    setMenu(null);
  };
  const refresh = (path: string) => {
    setRefreshCounts((counts) => ({ ...counts, [path]: (counts[path] ?? 0) + 1 }));
    if (path !== active) navigate(path);
    setMenu(null);
  };
  const openMenu = (event: MouseEvent, path: string) => {
    event.preventDefault();
    setMenu({ path, x: event.clientX, y: event.clientY });
  };

  return (
    <Bar aria-label={t('tags.label')} data-testid="tags-view">
      {tags.map((path) => (
        <Tag
          key={path}
          role="link"
          tabIndex={0}
          aria-current={path === active ? 'page' : undefined}
          data-testid="tag"
          $active={path === active}
          onClick={() => navigate(path)}
          onKeyDown={(e) => { if (e.key === 'Enter') navigate(path); }}
          onContextMenu={(e) => openMenu(e, path)}
        >
          <span>{titleFor(path)}</span>
          {path !== ROOT_TAG && (
            <CloseX
              type="button"
              aria-label={t('tags.close')}
              onClick={(e) => { e.stopPropagation(); apply(closeTag(tags, path, active)); }}
            >
              <Icon name="close" size="1em" />
            </CloseX>
          )}
        </Tag>
      ))}
      {menu && (
        <Menu ref={menuRef} role="menu" style={{ left: menu.x, top: menu.y }} data-testid="tag-menu">
          <li><button type="button" role="menuitem" onClick={() => refresh(menu.path)}><Icon name="refresh" size="1em" /> {t('tags.refresh')}</button></li>
          <li><button type="button" role="menuitem" disabled={menu.path === ROOT_TAG} onClick={() => apply(closeTag(tags, menu.path, active))}>{t('tags.close')}</button></li>
          <li><button type="button" role="menuitem" onClick={() => apply(closeOtherTags(menu.path, active))}>{t('tags.closeOthers')}</button></li>
          <li><button type="button" role="menuitem" onClick={() => apply(closeAllTags(active))}>{t('tags.closeAll')}</button></li>
        </Menu>
      )}
    </Bar>
  );
}
