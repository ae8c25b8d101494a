import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { wallCss, wallFont } from '../widgets/shared/screenTheme';

const Panel = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: radial-gradient(ellipse at center, #102a4d 0%, #050d1a 75%);
  font-family: ${wallFont.family};
`;

const Box = styled.section`
  max-width: min(70vw, 1100px);
  padding: 3vmin 4vmin;
  border: 1px solid rgba(255, 122, 69, 0.55);
  border-left: 0.6vmin solid #ff7a45;
  background: rgba(40, 16, 12, 0.55);
  color: ${wallCss.text};
  & h1 { margin: 0 0 1.5vmin; font-size: 4vmin; color: #ffb38f; letter-spacing: 0.1em; }
  & p { margin: 1vmin 0 0; font-size: 2.2vmin; line-height: 1.5; }
  & code {
    display: block; margin-top: 2vmin; padding: 1.5vmin 2vmin; font-size: 2vmin;
    background: rgba(0, 0, 0, 0.35); color: #ffd2bf; word-break: break-all; white-space: pre-wrap;
  }
`;

/** What a wall shows instead of a blank screen when its template cannot be used. */
export function ErrorPanel({ title, error, hint }: { title?: string; error: string; hint?: string }) {
  const { t } = useTranslation('screens');
  return (
    <Panel role="alert" data-screen-error="">
      <Box>
        <h1>{t('runtime.invalidTitle')}{title ? ` · ${title}` : ''}</h1>
        <code>{error}</code>
        <p>{hint ?? t('runtime.invalidHint')}</p>
      </Box>
    </Panel>
  );
}
