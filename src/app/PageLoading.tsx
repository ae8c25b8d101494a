import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Box = styled.div<{ $full: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.75rem;
  min-height: ${({ $full }) => ($full ? '100vh' : '20rem')};
  color: ${({ theme }) => theme.textMuted};
  font-size: 1rem;
  &::before {
    content: '';
    width: 1.5rem;
    height: 1.5rem;
    border-radius: 50%;
    border: 0.1875rem solid ${({ theme }) => theme.surfaceBorder};
    border-top-color: ${({ theme }) => theme.primary};
    animation: ${spin} 0.8s linear infinite;
  }
`;

/** Shown while a lazy page chunk loads. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return <Box $full={fullScreen} role="status" aria-live="polite" data-page-loading>{t('common.loading')}</Box>;
}
