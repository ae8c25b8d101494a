import styled from 'styled-components';

export const Grid = styled.div`
  display: grid;
  grid-template-columns: 22rem minmax(0, 40rem);
  align-items: start;
  gap: 1.25rem;
  @media (max-width: 900px) { grid-template-columns: 1fr; }
`;

export const Panel = styled.section`
  padding: 1.5rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: ${({ theme }) => theme.surface};
`;

export const PanelTitle = styled.h2`
  margin: 0 0 1.25rem;
  font-size: 1.125rem;
  font-weight: 600;
  color: ${({ theme }) => theme.textStrong};
`;

export const AvatarBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
`;

export const AvatarImage = styled.img`
  width: 8rem;
  height: 8rem;
  border-radius: 50%;
  border: 0.1875rem solid ${({ theme }) => theme.primary};
  box-shadow: 0 0 1.5rem ${({ theme }) => theme.glow};
  object-fit: cover;
`;

export const Hint = styled.p`
  margin: 0;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.textMuted};
`;

export const Field = styled.div`
  display: grid;
  grid-template-columns: 7rem 1fr;
  align-items: center;
  gap: 1rem;
  margin-bottom: 1.25rem;
  & > span, & > label { color: ${({ theme }) => theme.textMuted}; font-size: 0.9375rem; }
`;

export const ReadOnly = styled.div`
  color: ${({ theme }) => theme.textStrong};
  font-size: 1rem;
`;

export const FieldError = styled.p`
  margin: 0.375rem 0 0;
  color: ${({ theme }) => theme.danger};
  font-size: 0.8125rem;
`;
