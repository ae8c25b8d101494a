import { ThemeProvider } from 'styled-components';
import { Route, Switch } from 'wouter';
import { HomePage } from '../features/home/HomePage';
import { LoginPage } from '../features/login/LoginPage';
import { LOGIN_PATH } from '../shared/redirect';
import { THEMES, useThemeMode } from '../shared/theme';
import { GlobalStyle } from './GlobalStyle';
import { RequireAuth } from './RequireAuth';

/** Routes of the console. `/login` is an alias of `/passport/login` (DESIGN, contract decisions). */
export function App() {
  const [mode] = useThemeMode();
  return (
    <ThemeProvider theme={THEMES[mode]}>
      <GlobalStyle />
      <Switch>
        <Route path={LOGIN_PATH} component={LoginPage} />
        <Route path="/login" component={LoginPage} />
        <Route>
          <RequireAuth>
            <HomePage />
          </RequireAuth>
        </Route>
      </Switch>
    </ThemeProvider>
  );
}
