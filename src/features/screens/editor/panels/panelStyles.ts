import styled from 'styled-components';

/** antd's own CSS variables (the panels sit inside antd components), with fallbacks that read on both themes. */
const BORDER = 'var(--ant-color-border-secondary, rgba(127, 127, 127, 0.2))';
const ACTIVE = 'var(--ant-color-primary-bg, rgba(45, 193, 198, 0.14))';
const CODE_BG = 'var(--ant-color-fill-quaternary, rgba(127, 127, 127, 0.08))';

/** One entry of a panel's list (a source, a variable, a revision). */
export const PanelRow = styled.div<{ $active?: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: 0.25rem;
  padding: 0.375rem 0.5rem;
  border-bottom: 1px solid ${BORDER};
  background: ${(p) => (p.$active ? ACTIVE : 'transparent')};
  &:last-of-type { border-bottom: none; }
`;

export const RowMain = styled.div`
  flex: 1;
  min-width: 0;
`;

export const RowActions = styled.div`
  display: flex;
  flex: none;
  gap: 0.125rem;
`;

/** A JSON text (sample, preview): monospace, scrolled within itself, never wider than the panel. */
export const JsonText = styled.pre`
  margin: 0;
  max-height: 20rem;
  overflow: auto;
  padding: 0.5rem;
  border-radius: 4px;
  background: ${CODE_BG};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.75rem;
  line-height: 1.45;
  white-space: pre;
`;

/** A small heading inside a panel section. */
export const SubTitle = styled.div`
  margin: 0.75rem 0 0.25rem;
  font-size: 0.8rem;
  font-weight: 600;
  opacity: 0.85;
`;
