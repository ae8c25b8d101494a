import styled, { css } from 'styled-components';

export { WallPage as Page, WallCentre as Connecting, WallBar as Bar, WallBarButton as BarButton } from '../../shared/screen/wallStyles';

export const Announce = styled.div<{ $visible: boolean }>`
  position: absolute;
  top: 12vh;
  left: 50%;
  transform: translateX(-50%);
  padding: 1.2vmin 3vmin;
  border: 1px solid rgba(62, 235, 255, 0.5);
  border-radius: 0.6vmin;
  background: rgba(6, 19, 39, 0.9);
  font-size: 3vmin;
  letter-spacing: 0.12em;
  color: #ffffff;
  pointer-events: none;
  z-index: 2000;
  transition: opacity 0.3s ease;
  ${({ $visible }) => !$visible && css`opacity: 0;`}
`;
