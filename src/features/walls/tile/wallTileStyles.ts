import styled from 'styled-components';

/** What a tile says instead of a blank screen (loading, a wrong address, no wall). */
export const TileMessage = styled.section`
  position: absolute;
  inset: 0;
  z-index: 2;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2vmin;
  padding: 0 8vw;
  text-align: center;
  background: radial-gradient(ellipse at center, #0d2240 0%, #02060d 75%);
  & h1 { margin: 0; font-size: 4vmin; font-weight: 500; letter-spacing: 0.12em; color: #ffffff; }
  & p { margin: 0; font-size: 2.2vmin; color: #8aa2bd; letter-spacing: 0.06em; }
`;

/** The wall's name and the tile's place, top left, while the pointer moves (an installer checking the cabling). */
export const TileCaption = styled.div<{ $open: boolean }>`
  position: absolute;
  top: 2vmin;
  left: 2vmin;
  z-index: 3000;
  padding: 0.8vmin 1.8vmin;
  border-left: 0.45vmin solid #3eebff;
  border-radius: 0.4vmin;
  background: rgba(6, 19, 39, 0.92);
  color: #ffffff;
  font-size: 2vmin;
  letter-spacing: 0.06em;
  white-space: nowrap;
  pointer-events: none;
  opacity: ${({ $open }) => ($open ? 1 : 0)};
  transition: opacity 0.25s ease;
`;
