import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ConfigErrorScreen } from './app/ConfigErrorScreen';
import { loadRuntimeConfig, setRuntimeConfig } from './shared/config';
import { initI18n } from './shared/i18n';
import { takeSessionFromAddress } from './shared/takeSessionFromAddress';

initI18n();
takeSessionFromAddress();
const root = createRoot(document.getElementById('root')!);

// Every API address comes from config.json, so nothing renders before it is loaded.
loadRuntimeConfig().then(
  (config) => {
    setRuntimeConfig(config);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error('config.json could not be loaded', error);
    root.render(<ConfigErrorScreen error={error} />);
  },
);
