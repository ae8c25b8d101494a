import styled from 'styled-components';

/**
 * The page fills the window below the console's head (the editor is a workspace, not a scrolling
 * document). The doubled selector beats the layout's flex: 1 on pages, which would size it by its content.
 */
export const PageWrap = styled.div`
  && { flex: none; }
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  height: calc(100vh - 10.5rem);
  min-height: 36rem;
`;

export const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  border-radius: 0.375rem;
  background: ${({ theme }) => theme.surface};
  color: ${({ theme }) => theme.text};
  font-size: 0.875rem;
  label { display: inline-flex; align-items: center; gap: 0.5rem; color: ${({ theme }) => theme.textMuted}; }
  input[type='checkbox'] { width: 1rem; height: 1rem; margin: 0; accent-color: ${({ theme }) => theme.primary}; }
  select {
    height: 2.25rem; min-width: 12rem; padding: 0 0.5rem; border-radius: 0.25rem; font-size: 0.875rem;
    border: 1px solid ${({ theme }) => theme.inputBorder}; background: ${({ theme }) => theme.inputBg}; color: ${({ theme }) => theme.textStrong};
  }
`;

export const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.375rem;
  flex: 1;
  min-width: 0;
`;

export const Tab = styled.button<{ $current: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  height: 2.25rem;
  padding: 0 0.75rem;
  border-radius: 0.25rem;
  border: 1px solid ${({ theme, $current }) => ($current ? theme.primary : theme.inputBorder)};
  background: ${({ $current }) => ($current ? 'rgba(45, 193, 198, 0.18)' : 'transparent')};
  color: ${({ theme, $current }) => ($current ? theme.accentText : theme.text)};
  font-size: 0.875rem;
  cursor: pointer;
`;

export const Badge = styled.span<{ $tone: 'primary' | 'muted' }>`
  padding: 0.0625rem 0.375rem;
  border-radius: 0.25rem;
  font-size: 0.6875rem;
  border: 1px solid ${({ theme, $tone }) => ($tone === 'primary' ? theme.primary : theme.inputBorder)};
  color: ${({ theme, $tone }) => ($tone === 'primary' ? theme.accentText : theme.textMuted)};
`;

export const Action = styled.button<{ $primary?: boolean; $danger?: boolean }>`
  height: 2.25rem;
  padding: 0 0.875rem;
  border-radius: 0.25rem;
  font-size: 0.875rem;
  cursor: pointer;
  border: 1px solid ${({ theme, $primary, $danger }) => ($primary ? theme.primary : $danger ? theme.danger : theme.inputBorder)};
  background: ${({ $primary }) => ($primary ? 'linear-gradient(90deg, #2dc1c6, #3eebff)' : 'transparent')};
  color: ${({ theme, $primary, $danger }) => ($primary ? theme.onPrimary : $danger ? theme.danger : theme.text)};
  font-weight: ${({ $primary }) => ($primary ? 600 : 400)};
  &:hover:not(:disabled) { filter: brightness(1.1); border-color: ${({ theme }) => theme.accentText}; }
  &:disabled { opacity: 0.45; cursor: not-allowed; }
`;

export const Notice = styled.div<{ $tone: 'error' | 'info' }>`
  padding: 0.5rem 0.75rem;
  border-radius: 0.375rem;
  border: 1px solid ${({ theme, $tone }) => ($tone === 'error' ? theme.danger : theme.surfaceBorder)};
  background: ${({ theme, $tone }) => ($tone === 'error' ? theme.dangerBg : theme.surface)};
  color: ${({ theme, $tone }) => ($tone === 'error' ? theme.danger : theme.text)};
  font-size: 0.875rem;
  ul { margin: 0.25rem 0 0; padding-left: 1.25rem; max-height: 6rem; overflow: auto; }
`;

/** The editor's box: takes the rest of the page's height. */
export const EditorBox = styled.div`
  flex: 1;
  min-height: 0;
  display: grid;
  grid-template-rows: minmax(0, 1fr);
`;
