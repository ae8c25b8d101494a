import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import styled, { keyframes } from 'styled-components';
import { dismissToast, toastsAtom, type Toast, type ToastKind } from '../feedback';

const TOAST_MS = 3000;

const COLORS: Record<ToastKind, string> = {
  info: '#3EEBFF',
  success: '#4cd18a',
  warning: '#f5b942',
  error: '#ff6b6b',
};

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(-0.75rem); }
  to { opacity: 1; transform: none; }
`;

const Stack = styled.div`
  position: fixed;
  top: 1.25rem;
  left: 50%;
  z-index: 4000;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.625rem;
  transform: translateX(-50%);
  pointer-events: none;
`;

const Item = styled.div<{ $kind: ToastKind }>`
  display: flex;
  align-items: center;
  gap: 0.625rem;
  min-width: 18rem;
  max-width: min(40rem, calc(100vw - 2rem));
  padding: 0.75rem 1.25rem;
  border-radius: 0.375rem;
  border: 1px solid ${({ $kind }) => COLORS[$kind]}66;
  border-left: 0.25rem solid ${({ $kind }) => COLORS[$kind]};
  background: ${({ theme }) => (theme.mode === 'dark' ? '#10223d' : '#ffffff')};
  box-shadow: 0 0.75rem 2rem rgba(0, 0, 0, 0.3);
  color: ${({ theme }) => theme.textStrong};
  font-size: 1rem;
  animation: ${slideIn} 0.2s ease-out;
  &::before {
    content: '';
    width: 0.5rem;
    height: 0.5rem;
    flex: none;
    border-radius: 50%;
    background: ${({ $kind }) => COLORS[$kind]};
  }
`;

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  return (
    <Item $kind={toast.kind} role={toast.kind === 'error' || toast.kind === 'warning' ? 'alert' : 'status'} data-testid="toast" data-kind={toast.kind}>
      {toast.text}
    </Item>
  );
}

/** The stack of short messages at the top of the page. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <Stack>
      {toasts.map((toast) => <ToastItem key={toast.id} toast={toast} />)}
    </Stack>
  );
}
