import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, Spin } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { Suspense, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../shared/http';
import { THEMES, useThemeMode } from '../../shared/theme';
import { useMediaQuery } from '../../shared/useMediaQuery';
import { antdThemeOf } from './antdTheme';
import { CardTableStyle } from './kit/CardTable';

const refused = (err: unknown) => err instanceof ApiRequestError && err.status >= 400 && err.status < 500;

/** The admin branch's server state: one cache for all its pages; a refusal is not retried. */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (count, err) => !refused(err) && count < 2, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The root font size over its 1080p value: what every rem-sized part of the console is scaled by. */
function useRootFontScale(): number {
  return useSyncExternalStore(subscribeResize, () => (parseFloat(getComputedStyle(document.documentElement).fontSize) || 16) / 16);
}

/**
 * What every admin page renders in: the query cache, and antd themed like the console (dark or
 * light as the settings say) in the user's language, without antd's motion when the system asks
 * for reduced motion. `App` gives the pages antd's message and modal with this theme.
 */
export function AdminProviders({ children, dark = false }: { children: ReactNode; /** Always dark (the template editor's canvas-centred page). */ dark?: boolean }) {
  const [chosen] = useThemeMode();
  const mode = dark ? 'dark' : chosen;
  const { i18n } = useTranslation();
  const scale = useRootFontScale();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const themeConfig = useMemo(() => antdThemeOf(THEMES[mode], scale, !reducedMotion), [mode, scale, reducedMotion]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={themeConfig} locale={i18n.language === 'en' ? enUS : zhCN} button={{ autoInsertSpace: false }}>
        <CardTableStyle />
        <App component={false}>{children}</App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/** A lazily loaded page of the admin, analysis or purchase branch: in the providers, a spinner while its chunk comes. */
export function AdminPageScope({ children }: { children: ReactNode }) {
  return (
    <AdminProviders>
      <Suspense fallback={<Spin style={{ display: 'block', margin: '4rem auto' }} />}>{children}</Suspense>
    </AdminProviders>
  );
}
