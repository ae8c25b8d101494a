import { Provider } from 'jotai';
import { Suspense, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { Route, Switch } from 'wouter';
import { LoginPage } from '../features/login/LoginPage';
import { lazyPage } from '../shared/lazyPage';
import { LOGIN_PATH } from '../shared/redirect';
import { appStore } from '../shared/store';
import { THEMES, useThemeMode } from '../shared/theme';
import { AlertHost } from '../shared/ui/AlertHost';
import { ChunkBoundary } from '../shared/ui/ChunkBoundary';
import { Toaster } from '../shared/ui/Toaster';
import { GlobalStyle } from './GlobalStyle';
import { NotFoundPage } from './NotFoundPage';
import { PageLoading } from './PageLoading';
import { RequireAuth } from './RequireAuth';

/** Everything behind login is one lazy chunk, so the login page loads only what it needs. */
export const Console = lazyPage(() => import('./Console'), 'Console');

function Themed({ children }: { children: ReactNode }) {
  const [mode] = useThemeMode();
  return (
    <ThemeProvider theme={THEMES[mode]}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}

/** The console: login (`/login` is an alias of `/passport/login`, DESIGN), /404, and the rest behind login. */
export function App() {
  return (
    <Provider store={appStore}>
      <Themed>
        <Switch>
          <Route path={LOGIN_PATH} component={LoginPage} />
          <Route path="/login" component={LoginPage} />
          <Route path="/404" component={NotFoundPage} />
          <Route>
            <RequireAuth>
              <ChunkBoundary>
                <Suspense fallback={<PageLoading fullScreen />}>
                  <Console />
                </Suspense>
              </ChunkBoundary>
            </RequireAuth>
          </Route>
        </Switch>
        <Toaster />
        <AlertHost />
      </Themed>
    </Provider>
  );
}
