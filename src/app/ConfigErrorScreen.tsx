import { useTranslation } from 'react-i18next';
import styled, { ThemeProvider } from 'styled-components';
import { ConfigError } from '../shared/config';
import { THEMES, useThemeMode } from '../shared/theme';
import { Button } from '../shared/ui/Button';
import { BrandMark } from '../shared/ui/BrandMark';
import { GlobalStyle } from './GlobalStyle';

const Screen = styled.main`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 2rem;
`;

const Box = styled.section`
  max-width: 44rem;
  padding: 2.5rem 3rem;
  border-radius: 0.75rem;
  border: 1px solid ${({ theme }) => theme.danger};
  background: ${({ theme }) => theme.surface};
  & h1 { margin: 1.25rem 0 0.75rem; font-size: 1.75rem; color: ${({ theme }) => theme.textStrong}; }
  & p { margin: 0 0 1.25rem; font-size: 1.0625rem; line-height: 1.7; color: ${({ theme }) => theme.text}; }
`;

const Detail = styled.pre`
  margin: 0 0 1.75rem;
  padding: 0.875rem 1rem;
  border-radius: 0.375rem;
  background: ${({ theme }) => theme.dangerBg};
  color: ${({ theme }) => theme.danger};
  font-size: 0.9375rem;
  white-space: pre-wrap;
  word-break: break-word;
`;

/** Shown instead of the console when /config.json is missing or malformed. */
export function ConfigErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const [mode] = useThemeMode();
  const url = error instanceof ConfigError ? error.url : '/config.json';
  const message = error instanceof Error ? error.message : String(error);
  return (
    <ThemeProvider theme={THEMES[mode]}>
      <GlobalStyle />
      <Screen>
        <Box role="alert">
          <BrandMark size="3rem" />
          <h1>{t('config.errorTitle')}</h1>
          <p>{t('config.errorText')}</p>
          <Detail data-testid="config-error-detail">{t('config.errorDetail', { url, message })}</Detail>
          <Button type="button" onClick={() => window.location.reload()}>{t('common.reload')}</Button>
        </Box>
      </Screen>
    </ThemeProvider>
  );
}
