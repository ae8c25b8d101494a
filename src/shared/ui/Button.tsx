import styled, { css } from 'styled-components';

/** Filled (primary) or outlined (ghost) button sized in rem so it scales with the wall. */
export const Button = styled.button<{ $variant?: 'primary' | 'ghost' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  height: 2.75rem;
  padding: 0 1.25rem;
  border-radius: 0.375rem;
  font-size: 1rem;
  font-weight: 600;
  letter-spacing: 0.04em;
  cursor: pointer;
  transition: background 0.2s, box-shadow 0.2s, opacity 0.2s, border-color 0.2s;
  ${({ $variant = 'primary', theme }) =>
    $variant === 'primary'
      ? css`
          border: none;
          color: ${theme.onPrimary};
          background: linear-gradient(90deg, ${theme.primary}, ${theme.activeText});
          box-shadow: 0 0 1.25rem ${theme.glow};
          &:hover:not(:disabled) { box-shadow: 0 0 1.75rem ${theme.glow}; filter: brightness(1.06); }
        `
      : css`
          border: 1px solid ${theme.surfaceBorder};
          color: ${theme.text};
          background: transparent;
          &:hover:not(:disabled) { border-color: ${theme.primary}; color: ${theme.accentText}; }
        `}
  &:disabled { cursor: not-allowed; opacity: 0.6; }
`;
