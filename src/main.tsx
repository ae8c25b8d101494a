import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, Console } from './app/App';
import { ConfigErrorScreen } from './app/ConfigErrorScreen';
import { MonitorPage } from './app/lazyPages';
import { loadRuntimeConfig, setRuntimeConfig } from './shared/config';
import { startMonitorPrefetch } from './features/monitor/monitorPrefetch';
import { preloadCoreWidgets } from '../screens/widgets/registry';
import { initI18n } from './shared/i18n';
import { startSessionPrefetch } from './shared/sessionPrefetch';
import { takeSessionFromAddress } from './shared/takeSessionFromAddress';

initI18n();
takeSessionFromAddress();
const root = createRoot(document.getElementById('root')!);

// Every API address comes from config.json, so nothing renders before it is loaded.
loadRuntimeConfig().then(
  (config) => {
    setRuntimeConfig(config);
    const render = () => root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    // A wall starting on /monitor renders once its chunks are in, so no level of the page suspends
    // (a chunk that fails is left to the chunk boundary, which retries it). The template and
    // session reads are asked for first: the chunks queue behind them on the browser's six
    // connections, not the other way round. The common widgets' chunk loads meanwhile, after the page's.
    if (startMonitorPrefetch(window.location.pathname, window.location.search)) {
      startSessionPrefetch();
      const pages = Promise.allSettled([Console.preload(), MonitorPage.preload()]);
      preloadCoreWidgets().catch(() => undefined);
      void pages.then(render);
    } else {
      render();
    }
  },
  (error: unknown) => {
    console.error('config.json could not be loaded', error);
    root.render(<ConfigErrorScreen error={error} />);
  },
);
