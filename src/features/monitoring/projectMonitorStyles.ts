import styled from 'styled-components';

/*
 * 项目监控's frame: a full-window page in the console's theme (it opens in a tab of its own), a
 * header, the state tiles, the graph beside the latest alarms, and the key-measure table. Sizes
 * are rem, so a 4K screen shows the same layout larger.
 */

export const Page = styled.main`
  position: fixed;
  inset: 0;
  display: grid;
  grid-template-rows: auto auto minmax(0, 1.25fr) minmax(0, 1fr);
  gap: 1rem;
  padding: 1rem 1.25rem 1.25rem;
  background-color: ${({ theme }) => theme.bg};
  background-image: ${({ theme }) => theme.bgDecor};
  background-size: auto, auto, 2.5rem 2.5rem, 2.5rem 2.5rem;
  color: ${({ theme }) => theme.text};
  overflow: hidden;
`;

export const Header = styled.header`
  display: flex;
  align-items: center;
  gap: 1rem;
  min-width: 0;
`;

export const Title = styled.h1`
  margin: 0;
  font-size: 1.5rem;
  font-weight: 600;
  letter-spacing: 0.08em;
  color: ${({ theme }) => theme.textStrong};
  white-space: nowrap;
`;

export const Select = styled.select`
  min-width: 14rem;
  max-width: 28rem;
  padding: 0.4375rem 0.75rem;
  border: 1px solid ${({ theme }) => theme.inputBorder};
  border-radius: 0.375rem;
  background: ${({ theme }) => theme.inputBg};
  color: ${({ theme }) => theme.text};
  font: inherit;
  font-size: 0.9375rem;
  &:focus-visible { border-color: ${({ theme }) => theme.primary}; outline: none; }
`;

export const Spacer = styled.div`
  flex: 1;
`;

export const Status = styled.span<{ $stale: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.25rem 0.75rem;
  border-radius: 1rem;
  font-size: 0.875rem;
  white-space: nowrap;
  color: ${({ $stale, theme }) => ($stale ? '#1d1200' : theme.textMuted)};
  background: ${({ $stale }) => ($stale ? '#ffb020' : 'transparent')};
  &::before {
    content: '';
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: ${({ $stale }) => ($stale ? '#1d1200' : '#27b36a')};
  }
`;

export const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 0.375rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover { border-color: ${({ theme }) => theme.primary}; color: ${({ theme }) => theme.accentText}; }
`;

export const Middle = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: 1rem;
  min-height: 0;
`;

export const Panel = styled.section`
  display: flex;
  flex-direction: column;
  min-height: 0;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: ${({ theme }) => theme.surface};
  overflow: hidden;
`;

export const PanelTitle = styled.h2`
  display: flex;
  align-items: baseline;
  gap: 0.75rem;
  margin: 0;
  padding: 0.625rem 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder};
  font-size: 1rem;
  font-weight: 600;
  color: ${({ theme }) => theme.textStrong};
  small { font-size: 0.8125rem; font-weight: 400; color: ${({ theme }) => theme.textMuted}; }
`;

export const PanelBody = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  overflow: auto;
`;

export const Centre = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  height: 100%;
  min-height: 4rem;
  color: ${({ theme }) => theme.textMuted};
`;

export const AlarmList = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const AlarmItem = styled.li<{ $level: number }>`
  padding: 0.5rem 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder};
  border-inline-start: 0.1875rem solid ${({ $level }) => ($level >= 2 ? '#f5484d' : $level === 1 ? '#ff9c2a' : '#3b9cff')};
  font-size: 0.875rem;
  line-height: 1.45;
  div:first-child { display: flex; justify-content: space-between; gap: 0.5rem; color: ${({ theme }) => theme.textMuted}; font-size: 0.8125rem; }
  strong { color: ${({ theme }) => theme.textStrong}; font-weight: 600; }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  font-variant-numeric: tabular-nums;
  th, td { padding: 0.4375rem 0.75rem; text-align: start; white-space: nowrap; border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder}; }
  th { position: sticky; top: 0; z-index: 1; background: ${({ theme }) => (theme.mode === 'dark' ? '#0f213d' : '#f3f6fa')}; color: ${({ theme }) => theme.textMuted}; font-weight: 500; }
  td.num, th.num { text-align: end; }
  td[data-alarm='true'] { color: #f5484d; font-weight: 600; }
  a { color: ${({ theme }) => theme.accentText}; text-decoration: none; }
  a:hover { text-decoration: underline; }
`;

export const StateDot = styled.span<{ $colour: string }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  &::before { content: ''; width: 0.5rem; height: 0.5rem; border-radius: 50%; background: ${({ $colour }) => $colour}; }
`;
