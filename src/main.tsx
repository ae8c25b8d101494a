// First: its reads start before the rest of the entry is evaluated (see coldStart.ts).
import { monitorStart, runtimeConfig } from './app/coldStart';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, Console } from './app/App';
import { ConfigErrorScreen } from './app/ConfigErrorScreen';
import { showBootLoading } from './app/bootLoading';
import { COLD_PRELOAD_CAP_MS, COLD_PRELOAD_WAIT_MS, preloadColdRoute } from './app/coldRoutePreload';
import { isConsolePath } from './app/routes/branchPaths';
import { MonitorPage } from './app/lazyPages';
import { preloadCoreWidgets } from '../screens/widgets/registry';
import { initI18n } from './shared/i18n';
import { getToken } from './shared/session';

const textsReady = initI18n();
const container = document.getElementById('root')!;
const root = createRoot(container);

// Every API address comes from config.json, so nothing renders before it is loaded.
runtimeConfig.then(
  async () => {
    await textsReady;
    const render = () => root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    // A wall starting on /monitor renders once its chunks are in, so no level of the page suspends
    // (a chunk that fails is left to the chunk boundary, which retries it). Its template, session
    // and data reads started in coldStart.ts, ahead of the chunks on the browser's six connections.
    if (await monitorStart) {
      const pages = Promise.allSettled([Console.preload(), MonitorPage.preload()]);
      preloadCoreWidgets().catch(() => undefined);
      void pages.then(render);
    } else if (getToken() && isConsolePath(window.location.pathname)) {
      // Any other signed-in start: its route's chunks first, for the same reason, with a plain
      // loading screen meanwhile should they take a while (never longer than the cap).
      let hide = () => {};
      const indicator = setTimeout(() => { hide = showBootLoading(container); }, COLD_PRELOAD_WAIT_MS);
      const cap = new Promise((resolve) => setTimeout(resolve, COLD_PRELOAD_CAP_MS));
      void Promise.race([preloadColdRoute(window.location.pathname), cap]).then(() => {
        clearTimeout(indicator);
        hide();
        render();
      });
    } else {
      render();
    }
  },
  async (error: unknown) => {
    console.error('config.json could not be loaded', error);
    await textsReady;
    root.render(<ConfigErrorScreen error={error} />);
  },
);
