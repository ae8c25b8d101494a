import styled from 'styled-components';

/** A page body of a tree (or picker) on the left and the page's work on the right. */
export const SplitBody = styled.div`
  display: grid;
  grid-template-columns: minmax(14rem, 18rem) minmax(0, 1fr);
  gap: 1.5rem;
  padding: 1.25rem 1.5rem 1.5rem;
  align-items: start;
  /* Below a tablet the tree goes above the list (SPEC §4 device classes). */
  @media (max-width: 767px) { grid-template-columns: minmax(0, 1fr); padding: 1rem; }
`;

/** The left column's framed box. */
export const SideBox = styled.aside`
  padding: 1rem;
  border-radius: 0.375rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  max-height: calc(100vh - 14rem);
  overflow: auto;
`;

export const SideTitle = styled.h2`
  margin: 0 0 0.75rem;
  font-size: 0.95rem;
  font-weight: 600;
  color: ${({ theme }) => theme.textStrong};
`;
