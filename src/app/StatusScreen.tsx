import type { ReactNode } from 'react';
import styled from 'styled-components';
import { BrandMark } from '../shared/ui/BrandMark';

const Screen = styled.main`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 1.25rem;
  padding: 2rem;
  background-color: ${({ theme }) => theme.bg};
  background-image: ${({ theme }) => theme.bgDecor};
  background-size: auto, auto, 3rem 3rem, 3rem 3rem;
  color: ${({ theme }) => theme.text};
  font-size: 1.125rem;
  text-align: center;
`;

/** A whole-window message while the console starts or when it cannot. */
export function StatusScreen({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <Screen aria-busy={busy}>
      <BrandMark size="4rem" />
      {children}
    </Screen>
  );
}
