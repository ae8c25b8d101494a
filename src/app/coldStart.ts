import { detailDeviceId } from '../features/monitoring/detail/detailPaths';
import { startMonitorPrefetch } from '../features/monitor/monitorPrefetch';
import { loadRuntimeConfig, readInlineRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from '../shared/config';
import { getToken } from '../shared/session';
import { startSessionPrefetch } from '../shared/sessionPrefetch';
import { isConsolePath } from './routes/branchPaths';
import { takeSessionFromAddress } from '../shared/takeSessionFromAddress';

/*
 * The start-up reads, begun as this module is evaluated. main.tsx imports it first, and ES modules
 * run in import order, so this runs before React, i18next's set-up and the rest of the entry (a few
 * hundred ms on a wall's CPU). On the routes a wall opens cold the server embeds config.json in the
 * page, so a signed-in /monitor asks for its template, data and session right here, while the
 * browser is still running the entry; elsewhere config.json is fetched first.
 */

takeSessionFromAddress();

/**
 * 设备详情's early reads are a chunk of their own (the login page's first chunk stays small),
 * asked for now, beside config.json, on that route only.
 */
const detailReads = getToken() && detailDeviceId(window.location.pathname) !== null
  ? import('../features/monitoring/detail/detailPrefetch')
  : null;

/**
 * Starts the /monitor reads once the config is installed; whether this is such a start. Any
 * other signed-in start reads its session (user info and menu) here too, beside its chunks, and
 * 设备详情 its device and trend (detailPrefetch.ts).
 */
function startReads(): boolean {
  if (!startMonitorPrefetch(window.location.pathname, window.location.search)) {
    if (getToken() && isConsolePath(window.location.pathname)) {
      startSessionPrefetch();
      const { pathname, search } = window.location;
      detailReads?.then((m) => m.startDetailPrefetch(pathname, search), () => undefined);
    }
    return false;
  }
  startSessionPrefetch();
  return true;
}

function loadConfig(): { config: Promise<RuntimeConfig>; monitor: Promise<boolean> } {
  let inline: RuntimeConfig | null;
  try {
    inline = readInlineRuntimeConfig();
  } catch (err) {
    return { config: Promise.reject(err), monitor: Promise.resolve(false) };
  }
  if (inline) {
    setRuntimeConfig(inline);
    return { config: Promise.resolve(inline), monitor: Promise.resolve(startReads()) };
  }
  const config = loadRuntimeConfig().then((c) => {
    setRuntimeConfig(c);
    return c;
  });
  return { config, monitor: config.then(startReads, () => false) };
}

const started = loadConfig();
/** config.json, which every API address comes from; installed as soon as it is in. */
export const runtimeConfig: Promise<RuntimeConfig> = started.config;
/** Whether this start is a signed-in /monitor, with its template, data and session reads started. */
export const monitorStart: Promise<boolean> = started.monitor;
