import styled from 'styled-components';
import { wallCss, wallFont } from './screenTheme';

const Box = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 8px;
  padding: 16px;
  text-align: center;
  font-family: ${wallFont.family};
`;

const Title = styled.div<{ $tone: 'info' | 'error' }>`
  color: ${(p) => (p.$tone === 'error' ? wallCss.state.alarm : wallCss.text)};
  font-size: ${wallFont.title}px;
  font-weight: 600;
`;

const Detail = styled.div`
  color: ${wallCss.textMuted};
  font-size: ${wallFont.label}px;
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/** A message in place of a widget's content (no map data, no WebGL, a failed map service). */
export function WidgetNotice({ title, detail, tone = 'info' }: { title: string; detail?: string; tone?: 'info' | 'error' }) {
  return (
    <Box role={tone === 'error' ? 'alert' : 'status'}>
      <Title $tone={tone}>{title}</Title>
      {detail ? <Detail title={detail}>{detail}</Detail> : null}
    </Box>
  );
}
