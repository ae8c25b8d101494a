import styled, { css } from 'styled-components';

export const Card = styled.section`
  position: relative;
  width: 27rem;
  padding: 2.5rem 2.25rem 2.25rem;
  border-radius: 0.75rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: ${({ theme }) => theme.surface};
  backdrop-filter: blur(0.75rem);
  box-shadow: 0 1.5rem 4rem rgba(0, 0, 0, ${({ theme }) => (theme.mode === 'dark' ? 0.45 : 0.12)}),
    inset 0 1px 0 rgba(255, 255, 255, 0.06);
  &::before, &::after {
    content: '';
    position: absolute;
    width: 1.5rem;
    height: 1.5rem;
    border: 0.1875rem solid ${({ theme }) => theme.primary};
    pointer-events: none;
  }
  &::before { top: -1px; left: -1px; border-right: none; border-bottom: none; border-top-left-radius: 0.75rem; }
  &::after { bottom: -1px; right: -1px; border-left: none; border-top: none; border-bottom-right-radius: 0.75rem; }
`;

export const CardTitle = styled.h2`
  margin: 0;
  font-size: 1.625rem;
  font-weight: 600;
  color: ${({ theme }) => theme.textStrong};
  letter-spacing: 0.06em;
`;

export const CardSubtitle = styled.p`
  margin: 0.5rem 0 2rem;
  font-size: 0.9375rem;
  color: ${({ theme }) => theme.textMuted};
`;

export const Field = styled.div`
  margin-bottom: 1.25rem;
`;

export const Label = styled.label`
  display: block;
  margin-bottom: 0.5rem;
  font-size: 0.9375rem;
  color: ${({ theme }) => theme.text};
`;

export const InputWrap = styled.div`
  position: relative;
`;

export const Input = styled.input<{ $invalid?: boolean }>`
  width: 100%;
  height: 3rem;
  padding: 0 1rem;
  border-radius: 0.375rem;
  border: 1px solid ${({ theme }) => theme.inputBorder};
  background: ${({ theme }) => theme.inputBg};
  color: ${({ theme }) => theme.textStrong};
  font-size: 1rem;
  transition: border-color 0.2s, box-shadow 0.2s;
  &::placeholder { color: ${({ theme }) => theme.textMuted}; opacity: 0.8; }
  &:focus { outline: none; border-color: ${({ theme }) => theme.primary}; box-shadow: 0 0 0 0.1875rem ${({ theme }) => theme.glow}; }
  ${({ $invalid, theme }) => $invalid && css`border-color: ${theme.danger};`}
`;

export const RevealButton = styled.button`
  position: absolute;
  top: 50%;
  right: 0.5rem;
  transform: translateY(-50%);
  padding: 0.25rem 0.5rem;
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.textMuted};
  font-size: 0.8125rem;
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.accentText}; }
`;

export const FieldError = styled.p`
  margin: 0.375rem 0 0;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.danger};
`;

export const ServerError = styled.div`
  margin: 0 0 1.25rem;
  padding: 0.625rem 0.875rem;
  border-radius: 0.375rem;
  border: 1px solid ${({ theme }) => theme.danger};
  background: ${({ theme }) => theme.dangerBg};
  color: ${({ theme }) => theme.danger};
  font-size: 0.875rem;
`;
