import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 3000;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding-top: 15vh;
  background: rgba(3, 10, 20, 0.55);
`;

const Box = styled.div`
  width: min(28rem, calc(100vw - 2rem));
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: ${({ theme }) => (theme.mode === 'dark' ? '#10223d' : '#ffffff')};
  box-shadow: 0 1.5rem 4rem rgba(0, 0, 0, 0.4);
  color: ${({ theme }) => theme.text};
  &:focus { outline: none; }
`;

const Title = styled.h2`
  margin: 0;
  padding: 1.125rem 1.5rem 0.5rem;
  font-size: 1.125rem;
  font-weight: 600;
  color: ${({ theme }) => theme.textStrong};
`;

const Body = styled.div`
  padding: 0.75rem 1.5rem 1.25rem;
  font-size: 1rem;
  line-height: 1.6;
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.75rem;
  padding: 0 1.5rem 1.25rem;
`;

export interface DialogProps {
  title: string;
  children: ReactNode;
  /** The buttons, right-aligned. */
  footer?: ReactNode;
  /** Escape closes the dialog when given; a non-closable dialog (SPEC §4 下线提示) omits it. */
  onClose?: () => void;
  testId?: string;
}

/**
 * A modal dialog: focus moves into it (its first button, or the box itself when it has none, so
 * nothing behind it keeps the focus), Escape closes it when it may be closed.
 */
export function Dialog({ title, children, footer, onClose, testId }: DialogProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = boxRef.current;
    const focusable = box?.querySelector<HTMLElement>('[data-autofocus], button') ?? box;
    focusable?.focus();
  }, []);
  useEffect(() => {
    if (!onClose) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <Overlay>
      <Box ref={boxRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} data-testid={testId}>
        <Title id={titleId}>{title}</Title>
        <Body>{children}</Body>
        {footer && <Footer>{footer}</Footer>}
      </Box>
    </Overlay>
  );
}
