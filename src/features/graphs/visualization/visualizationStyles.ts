import styled from 'styled-components';

export { WallPage as Page, WallCentre as Centre, WallBar as Bar, WallBarButton as BarButton } from '../../../shared/screen/wallStyles';

export const ProjectSelect = styled.select`
  flex: none;
  padding: 0.5rem 0.75rem;
  border: 1px solid rgba(138, 162, 189, 0.35);
  border-radius: 0.375rem;
  background: #0a1c36;
  color: #ffffff;
  font: inherit;
  font-size: 0.95rem;
  &:focus-visible { border-color: #3eebff; outline: none; }
`;
