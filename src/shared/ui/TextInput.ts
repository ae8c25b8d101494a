import styled from 'styled-components';

/** A single-line text field of the console's forms; `$invalid` paints the border in danger red. */
export const TextInput = styled.input<{ $invalid: boolean }>`
  width: 100%;
  height: 2.5rem;
  padding: 0 0.75rem;
  border-radius: 0.375rem;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.danger : theme.inputBorder)};
  background: ${({ theme }) => theme.inputBg};
  color: ${({ theme }) => theme.textStrong};
  font-size: 1rem;
  &:focus { outline: none; border-color: ${({ theme }) => theme.primary}; }
`;
