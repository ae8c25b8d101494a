import styled, { keyframes } from 'styled-components';
import { KIOSK_STRIP_VMIN } from './kioskPlacement';

/** The status strip's height (kioskPlacement.ts): the items are laid out above it, never under it, so no caption covers a widget. */
const KIOSK_STRIP = `${KIOSK_STRIP_VMIN}vmin`;

/**
 * One item's layer, the whole window above the status strip; the one being prepared is laid out at
 * the same size but not seen. Opacity as well as visibility: a descendant may set `visibility:
 * visible` itself (maxGraph does), opacity cannot be undone below; and the current item lies above it.
 */
export const Layer = styled.div`
  position: absolute;
  inset: 0 0 ${KIOSK_STRIP} 0;
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

const fadeIn = keyframes`
  from { opacity: 0; transform: translateY(0.4vmin); }
  to { opacity: 1; transform: translateY(0); }
`;

/** The status strip: the item's title left, the paused state right, the progress line along its top edge. */
export const Strip = styled.footer`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  height: ${KIOSK_STRIP};
  z-index: 3000;
  box-sizing: border-box;
  display: flex;
  align-items: center;
  gap: 2vmin;
  padding: 0 2.5vmin;
  background: #030a15;
  pointer-events: none;
`;

/** The item's title and its place in the playlist, fading in at each switch. */
export const Title = styled.div`
  flex: 0 1 auto;
  min-width: 0;
  padding-left: 1.2vmin;
  border-left: 0.45vmin solid #3eebff;
  color: #ffffff;
  font-size: 1.9vmin;
  line-height: 2.4vmin;
  letter-spacing: 0.06em;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  animation: ${fadeIn} 0.4s ease both;
  & small { margin-left: 1.5vmin; font-size: 1.5vmin; color: #8aa2bd; letter-spacing: 0.04em; }
`;

const fill = keyframes`
  from { transform: scaleX(0); }
  to { transform: scaleX(1); }
`;

/** A thin line along the strip's top edge that fills over the item's duration. */
export const Progress = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  top: 0;
  height: 0.3vmin;
  min-height: 2px;
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

/** The small 已暂停 badge, at the strip's right end, while someone is looking. */
export const PausedBadge = styled.div`
  flex: none;
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: 1.2vmin;
  padding: 0.3vmin 1.6vmin;
  line-height: 2.2vmin;
  border: 1px solid rgba(255, 176, 32, 0.6);
  border-radius: 99vmin;
  background: rgba(40, 28, 6, 0.85);
  color: #ffd27a;
  font-size: 1.7vmin;
  letter-spacing: 0.08em;
  white-space: nowrap;
  & small { font-size: 1.4vmin; color: #c9b48a; }
`;
