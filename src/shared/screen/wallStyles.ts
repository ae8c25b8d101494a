import styled from 'styled-components';

/*
 * The chrome of the full-window wall pages (/monitor, /nv_project_visualization, /kiosk): the
 * page, its centred waiting text, and the switcher bar that rises from the bottom while the pointer
 * moves.
 */

export const WallPage = styled.main`
  position: fixed;
  inset: 0;
  overflow: hidden;
  background: #02060d;
  color: #d7e6f5;
  cursor: none;
  &[data-pointer='on'] { cursor: default; }
`;

export const WallCentre = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: 3vmin;
  letter-spacing: 0.1em;
  color: #8aa2bd;
  background: radial-gradient(ellipse at center, #0d2240 0%, #02060d 75%);
`;

export const WallBar = styled.nav<{ $open: boolean }>`
  position: absolute;
  left: 50%;
  bottom: 2vmin;
  transform: translate(-50%, ${({ $open }) => ($open ? '0' : '150%')});
  transition: transform 0.25s ease;
  display: flex;
  gap: 0.5rem;
  align-items: center;
  max-width: 90vw;
  padding: 0.5rem;
  border: 1px solid rgba(62, 235, 255, 0.3);
  border-radius: 0.5rem;
  background: rgba(6, 19, 39, 0.92);
  box-shadow: 0 0.5rem 2rem rgba(0, 0, 0, 0.5);
  overflow-x: auto;
  z-index: 2000;
`;

export const WallBarButton = styled.button<{ $active?: boolean }>`
  flex: none;
  padding: 0.5rem 1rem;
  border: 1px solid ${({ $active }) => ($active ? '#3eebff' : 'rgba(138, 162, 189, 0.35)')};
  border-radius: 0.375rem;
  background: ${({ $active }) => ($active ? 'rgba(45, 193, 198, 0.25)' : 'transparent')};
  color: ${({ $active }) => ($active ? '#ffffff' : '#d7e6f5')};
  font: inherit;
  font-size: 0.95rem;
  cursor: pointer;
  &:hover, &:focus-visible { border-color: #3eebff; outline: none; }
`;
