import styled from 'styled-components';

export const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

export const Eyebrow = styled.p`
  margin: 0;
  font-size: 0.9375rem;
  letter-spacing: 0.2em;
  color: ${({ theme }) => theme.accentText};
`;

export const Welcome = styled.h2`
  margin: -0.5rem 0 0;
  font-size: 2rem;
  font-weight: 600;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.textStrong};
`;

export const Intro = styled.p`
  margin: -0.5rem 0 0;
  font-size: 1rem;
  color: ${({ theme }) => theme.textMuted};
`;

export const InfoGrid = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1.25rem;
  margin: 0;
  @media (max-width: 575px) { grid-template-columns: 1fr; gap: 0.75rem; }
`;

export const InfoCard = styled.div`
  padding: 1.125rem 1.5rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  border-left: 0.25rem solid ${({ theme }) => theme.primary};
  background: ${({ theme }) => theme.surface};
  & dt { font-size: 0.875rem; color: ${({ theme }) => theme.textMuted}; }
  & dd { margin: 0.375rem 0 0; font-size: 1.375rem; font-weight: 600; color: ${({ theme }) => theme.textStrong}; }
`;

const TONES = { primary: '#3EEBFF', good: '#4cd18a', muted: '#8aa2bd', bad: '#ff6b6b' } as const;

export const CardGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(6, minmax(0, 1fr));
  gap: 1.25rem;
  @media (max-width: 1200px) { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  @media (max-width: 575px) { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0.75rem; }
`;

export const Card = styled.div<{ $tone: keyof typeof TONES }>`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 1.25rem 1.5rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  border-top: 0.1875rem solid ${({ $tone }) => TONES[$tone]};
  background: ${({ theme }) => theme.surface};
  & > span { font-size: 0.9375rem; color: ${({ theme }) => theme.textMuted}; }
`;

export const Figure = styled.strong`
  font-size: 2.25rem;
  font-weight: 700;
  line-height: 1.1;
  color: ${({ theme }) => theme.textStrong};
  font-variant-numeric: tabular-nums;
`;

export const PanelGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1.25rem;
  @media (max-width: 900px) { grid-template-columns: 1fr; }
`;

export const Panel = styled.section`
  padding: 1.25rem 1.5rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: ${({ theme }) => theme.surface};
`;

export const PanelTitle = styled.h3`
  margin: 0 0 1rem;
  font-size: 1.0625rem;
  font-weight: 600;
  color: ${({ theme }) => theme.textStrong};
`;

export const Bar = styled.div`
  display: grid;
  grid-template-columns: 8rem 1fr 3rem;
  align-items: center;
  gap: 0.75rem;
  margin-bottom: 0.625rem;
  font-size: 0.9375rem;
  & strong { text-align: right; color: ${({ theme }) => theme.textStrong}; font-variant-numeric: tabular-nums; }
`;

export const BarLabel = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.text};
`;

export const BarFill = styled.span`
  display: block;
  height: 0.625rem;
  min-width: 0.25rem;
  border-radius: 0.3125rem;
  background: linear-gradient(90deg, ${({ theme }) => theme.primary}, ${({ theme }) => theme.activeText});
  box-shadow: 0 0 0.5rem ${({ theme }) => theme.glow};
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.textMuted};
`;
