import type { ParamValue, ScreenDataClient } from '../../../screens/runtime/types';
import type { HubConnectionOwner } from '../hub/HubConnectionOwner';
import { hubStatusAtom, type HubStatus } from '../hub/hubAtoms';
import { request } from '../http';
import type { appStore } from '../store';

/** A read already started elsewhere (the monitor's cold-start prefetch), handed over once; null when there is none. */
export interface EarlyReads {
  /** Its answer, when it has come in. */
  answered(endpoint: string, params: Record<string, ParamValue>): { data: unknown } | null;
  /** The read itself, while it is still on its way. */
  take(endpoint: string, params: Record<string, ParamValue>): Promise<unknown> | null;
}

/** A screen's pushes can be trusted unless the connection is known to be lost. */
const healthOf = (status: HubStatus) => (status === 'reconnecting' || status === 'disconnected' ? 'down' : 'connected');

/**
 * The console's side of the screen runtime: REST reads through the console's HTTP client (token,
 * session expiry) and the hub through the console's one connection owner. Without an owner (no
 * hub yet) pushes never come and REST carries the screen alone. Used by every screen host: the
 * monitor, the project visualisation and the kiosk player.
 */
export function createScreenClient(owner: HubConnectionOwner | null, store: typeof appStore, early?: EarlyReads): ScreenDataClient {
  return {
    answered: (endpoint, params) => early?.answered(endpoint, params) ?? null,
    get(endpoint, params, signal) {
      const started = early?.take(endpoint, params);
      if (started) return started;
      const appApi = endpoint.startsWith('/app-api/');
      const path = appApi ? endpoint.slice('/app-api'.length) : endpoint.replace(/^\/api/, '');
      return request('GET', path, { query: params, signal, quietNotFound: true }, appApi ? 'appApi' : 'api');
    },
    subscribe: (topic) => owner?.subscribe(topic) ?? (() => undefined),
    on: (event, handler) => owner?.on(event, (notice) => handler(notice.data)) ?? (() => undefined),
    onResync: (handler) => owner?.onResync(handler) ?? (() => undefined),
    hubHealth: () => (owner ? healthOf(store.get(hubStatusAtom)) : 'connected'),
    onHubHealth(handler) {
      if (!owner) return () => undefined;
      let last = healthOf(store.get(hubStatusAtom));
      return store.sub(hubStatusAtom, () => {
        const next = healthOf(store.get(hubStatusAtom));
        if (next !== last) handler((last = next));
      });
    },
  };
}
