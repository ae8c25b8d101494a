import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, Console } from './app/App';
import { ConfigErrorScreen } from './app/ConfigErrorScreen';
import { MonitorPage } from './app/lazyPages';
import { loadRuntimeConfig, setRuntimeConfig } from './shared/config';
import { startMonitorPrefetch } from './features/monitor/monitorPrefetch';
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
    // (a chunk that fails is left to the chunk boundary, which retries it).
    if (startMonitorPrefetch(window.location.pathname, window.location.search)) {
      startSessionPrefetch();
      void Promise.allSettled([Console.preload(), MonitorPage.preload()]).then(render);
    } else {
      render();
    }
  },
  (error: unknown) => {
    console.error('config.json could not be loaded', error);
    root.render(<ConfigErrorScreen error={error} />);
  },
);
