import styled from 'styled-components';

/** The framed surface a console page sits on, and its title bar. */
export const PagePanel = styled.section`
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: ${({ theme }) => theme.surface};
`;

export const PageHeading = styled.h1`
  margin: 0;
  padding: 1.125rem 1.5rem;
  border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder};
  font-size: 1.25rem;
  color: ${({ theme }) => theme.textStrong};
`;
