import styled, { css, keyframes } from 'styled-components';
import { hmi } from '../symbols/hmiPalette';
import { wallCss, wallFont } from '../../widgets/shared/screenTheme';

const flow = keyframes`
  to { stroke-dashoffset: -20; }
`;
const spin = keyframes`
  to { transform: rotate(360deg); }
`;
const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.55; }
`;

/**
 * The live view's box. The CSS hooks LiveGraph puts on cells: `.nv-blink` dims with the shared
 * blink (`data-blink-off` on this box, toggled by one timer), `.nv-flow` runs the dashed flow lines
 * and spins rotors. Nothing here changes layout: animations touch opacity, dash offset, transform.
 */
export const LiveBox = styled.div`
  position: relative;
  width: 100%;
  height: 100%;
  overflow: hidden;
  background: radial-gradient(ellipse at 50% 40%, #0b2142 0%, ${hmi.background} 70%);
  color: ${wallCss.text};
  font-family: ${wallFont.family};

  &[data-blink-off] .nv-blink {
    opacity: 0.4;
  }
  .nv-flow path[stroke-dasharray] {
    animation: ${flow} 0.9s linear infinite;
  }
  .nv-flow .nv-rotor {
    transform-box: fill-box;
    transform-origin: center;
    animation: ${spin} 1.6s linear infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    .nv-flow path[stroke-dasharray], .nv-flow .nv-rotor { animation: none; }
  }
`;

/** The maxGraph container: maxGraph owns its children, React renders none. */
export const GraphCanvas = styled.div`
  position: absolute;
  inset: 0;
`;

export const Message = styled.div<{ $tone?: 'muted' | 'error' }>`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: 28px;
  letter-spacing: 0.1em;
  color: ${(p) => (p.$tone === 'error' ? wallCss.state.alarm : wallCss.textMuted)};
`;

export const StaleMarker = styled.span<{ $on: boolean }>`
  position: absolute;
  right: 16px;
  bottom: 12px;
  padding: 4px 12px;
  border-radius: 12px;
  font-size: 14px;
  font-weight: 600;
  color: #1d1200;
  background: #ffb020;
  pointer-events: none;
  ${(p) => (p.$on ? css`animation: ${pulse} 2s ease-in-out infinite;` : css`display: none;`)}
`;
