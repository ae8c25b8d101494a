import styled, { keyframes } from 'styled-components';

/**
 * One item's full-window layer; the one being prepared is laid out at the same size but not seen.
 * Opacity as well as visibility: a descendant may set `visibility: visible` itself (maxGraph
 * does), opacity cannot be undone below; and the current item lies above it.
 */
export const Layer = styled.div`
  position: absolute;
  inset: 0;
  overflow: hidden;
  z-index: 1;
  &[data-kiosk-layer='next'] { z-index: 0; visibility: hidden; opacity: 0; pointer-events: none; }
`;

/** What a wall says instead of a blank screen when there is nothing to play (yet). */
export const Message = styled.section`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2vmin;
  text-align: center;
  background: radial-gradient(ellipse at center, #0d2240 0%, #02060d 75%);
  & h1 { margin: 0; font-size: 4vmin; font-weight: 500; letter-spacing: 0.12em; color: #ffffff; }
  & p { margin: 0; font-size: 2.2vmin; color: #8aa2bd; letter-spacing: 0.06em; }
`;

const fadeOut = keyframes`
  0%, 80% { opacity: 1; transform: translateY(0); }
  100% { opacity: 0; transform: translateY(-0.5vmin); }
`;

/** The item's title, bottom left, fading after a few seconds. */
export const Title = styled.div`
  position: absolute;
  left: 2.5vmin;
  bottom: 2.5vmin;
  z-index: 3000;
  max-width: 60vw;
  padding: 0.9vmin 2vmin;
  border-left: 0.45vmin solid #3eebff;
  border-radius: 0.4vmin;
  background: rgba(6, 19, 39, 0.96);
  box-shadow: 0 0.6vmin 2.4vmin rgba(0, 0, 0, 0.45);
  color: #ffffff;
  font-size: 2.4vmin;
  letter-spacing: 0.08em;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  pointer-events: none;
  animation: ${fadeOut} 6s ease forwards;
  & small { margin-left: 1.5vmin; font-size: 1.5vmin; color: #8aa2bd; letter-spacing: 0.04em; }
`;

const fill = keyframes`
  from { transform: scaleX(0); }
  to { transform: scaleX(1); }
`;

/** A thin line along the bottom edge that fills over the item's duration. */
export const Progress = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  height: 0.35vmin;
  min-height: 3px;
  z-index: 3000;
  background: rgba(62, 235, 255, 0.12);
  pointer-events: none;
  & > div {
    height: 100%;
    transform-origin: 0 50%;
    background: linear-gradient(90deg, rgba(62, 235, 255, 0.35), rgba(62, 235, 255, 0.85));
    animation-name: ${fill};
    animation-timing-function: linear;
    animation-fill-mode: both;
  }
`;

/** The small 已暂停 badge, top right, while someone is looking. */
export const PausedBadge = styled.div`
  position: absolute;
  top: 2.5vmin;
  right: 2.5vmin;
  z-index: 3000;
  display: flex;
  align-items: center;
  gap: 1.2vmin;
  padding: 0.8vmin 1.8vmin;
  border: 1px solid rgba(255, 176, 32, 0.6);
  border-radius: 99vmin;
  background: rgba(40, 28, 6, 0.85);
  color: #ffd27a;
  font-size: 1.9vmin;
  letter-spacing: 0.08em;
  pointer-events: none;
  & small { font-size: 1.4vmin; color: #c9b48a; }
`;
