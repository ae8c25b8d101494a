import styled from 'styled-components';
import { Button } from '../../shared/ui/Button';

export const Page = styled.div`
  min-height: 100vh;
  display: grid;
  grid-template-rows: auto 1fr auto;
  background-color: ${({ theme }) => theme.bg};
  background-image: ${({ theme }) => theme.bgDecor};
  background-size: auto, auto, 3rem 3rem, 3rem 3rem;
`;

export const TopBar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  height: 4.5rem;
  padding: 0 2.5rem;
  background: linear-gradient(90deg, ${({ theme }) => theme.sidebarBg}, rgba(21, 41, 71, 0.85));
  border-bottom: 1px solid rgba(62, 235, 255, 0.25);
  box-shadow: 0 0.25rem 1.5rem rgba(0, 0, 0, 0.25);
  color: #e6f1fb;
`;

export const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 0.875rem;
  font-size: 1.375rem;
  font-weight: 600;
  letter-spacing: 0.1em;
`;

export const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 1.25rem;
`;

export const UserChip = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.625rem;
  font-size: 1rem;
  color: ${({ theme }) => theme.activeText};
  &::before {
    content: '';
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.activeText};
    box-shadow: 0 0 0.5rem ${({ theme }) => theme.activeText};
  }
`;

export const Main = styled.main`
  width: 100%;
  max-width: 96rem;
  margin: 0 auto;
  padding: 4rem 2.5rem;
`;

export const Eyebrow = styled.p`
  margin: 0 0 0.75rem;
  font-size: 0.9375rem;
  letter-spacing: 0.2em;
  color: ${({ theme }) => theme.accentText};
`;

export const Welcome = styled.h2`
  margin: 0;
  font-size: 2.5rem;
  font-weight: 600;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.textStrong};
`;

export const Intro = styled.p`
  margin: 1rem 0 3rem;
  font-size: 1.125rem;
  color: ${({ theme }) => theme.textMuted};
`;

export const InfoGrid = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1.5rem;
  margin: 0;
`;

export const InfoCard = styled.div`
  padding: 1.5rem 1.75rem;
  border-radius: 0.625rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  border-left: 0.25rem solid ${({ theme }) => theme.primary};
  background: ${({ theme }) => theme.surface};
  & dt { font-size: 0.9375rem; color: ${({ theme }) => theme.textMuted}; }
  & dd { margin: 0.5rem 0 0; font-size: 1.5rem; font-weight: 600; color: ${({ theme }) => theme.textStrong}; }
`;

export const Notice = styled.div`
  padding: 1.25rem 1.5rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: ${({ theme }) => theme.surface};
  font-size: 1rem;
`;

/** Sits on the always-dark top bar, so its colours do not follow the light theme. */
export const LogoutButton = styled(Button).attrs({ $variant: 'ghost' as const })`
  height: 2.25rem;
  padding: 0 1rem;
  font-size: 0.9375rem;
  color: #e6f1fb;
  border-color: rgba(62, 235, 255, 0.35);
  &:hover:not(:disabled) { color: ${({ theme }) => theme.activeText}; border-color: ${({ theme }) => theme.activeText}; }
`;
