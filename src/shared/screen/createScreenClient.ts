import type { ParamValue, ScreenDataClient } from '../../../screens/runtime/types';
import type { HubConnectionOwner } from '../hub/HubConnectionOwner';
import { hubStatusAtom, type HubStatus } from '../hub/hubAtoms';
import { hubOwnerAtom } from '../hub/hubOwnerAtom';
import { request } from '../http';
import type { appStore } from '../store';

/** A read already started elsewhere (the monitor's cold-start prefetch), handed over once; null when there is none. */
export interface EarlyReads {
  /** Its answer, when it has come in. */
  answered(endpoint: string, params: Record<string, ParamValue>): { data: unknown } | null;
  /** The read itself, while it is still on its way. */
  take(endpoint: string, params: Record<string, ParamValue>): Promise<unknown> | null;
}

type Store = typeof appStore;

/** A screen's pushes can be trusted unless the connection is known to be lost. */
const healthOf = (status: HubStatus) => (status === 'reconnecting' || status === 'disconnected' ? 'down' : 'connected');

/**
 * Hub subscriptions that follow the console's connection owner (`hubOwnerAtom`): each is attached
 * to the owner of the moment and moved when the shell replaces it (signed in, another user). The
 * store is watched only while something is attached, so a screen's disposal leaves nothing behind.
 */
function ownerBindings(store: Store) {
  interface Binding { attach(owner: HubConnectionOwner): () => void; detach: (() => void) | null }
  const bindings = new Set<Binding>();
  let owner: HubConnectionOwner | null = null;
  let unwatch: (() => void) | null = null;
  const follow = () => {
    const next = store.get(hubOwnerAtom);
    if (next === owner) return;
    owner = next;
    for (const b of bindings) {
      b.detach?.();
      b.detach = owner ? b.attach(owner) : null;
    }
  };
  return (attach: Binding['attach']): (() => void) => {
    if (!bindings.size) owner = store.get(hubOwnerAtom);
    const binding: Binding = { attach, detach: owner ? attach(owner) : null };
    bindings.add(binding);
    unwatch ??= store.sub(hubOwnerAtom, follow);
    return () => {
      if (!bindings.delete(binding)) return;
      binding.detach?.();
      if (!bindings.size) {
        unwatch?.();
        unwatch = null;
      }
    };
  };
}

/**
 * The console's side of the screen runtime: REST reads through the console's HTTP client (token,
 * session expiry) and the hub through the console's one connection owner, whichever it is when a
 * push comes: a screen keeps one client for its lifetime, so the shell creating its owner after the
 * screen has started (a cold /monitor) neither restarts the screen's sources nor re-reads them.
 * Without an owner pushes never come and REST carries the screen alone. Used by every screen host:
 * the monitor, the project visualisation and the kiosk player.
 */
export function createScreenClient(store: Store, early?: EarlyReads): ScreenDataClient {
  const bind = ownerBindings(store);
  const health = () => (store.get(hubOwnerAtom) ? healthOf(store.get(hubStatusAtom)) : 'connected');
  return {
    answered: (endpoint, params) => early?.answered(endpoint, params) ?? null,
    get(endpoint, params, signal) {
      const started = early?.take(endpoint, params);
      if (started) return started;
      const appApi = endpoint.startsWith('/app-api/');
      const path = appApi ? endpoint.slice('/app-api'.length) : endpoint.replace(/^\/api/, '');
      return request('GET', path, { query: params, signal, quietNotFound: true }, appApi ? 'appApi' : 'api');
    },
    subscribe: (topic) => bind((owner) => owner.subscribe(topic)),
    on: (event, handler) => bind((owner) => owner.on(event, (notice) => handler(notice.data, notice.sentAt))),
    onResync: (handler) => bind((owner) => owner.onResync(handler)),
    hubHealth: health,
    onHubHealth(handler) {
      let last = health();
      const check = () => {
        const next = health();
        if (next !== last) handler((last = next));
      };
      const offStatus = store.sub(hubStatusAtom, check);
      const offOwner = store.sub(hubOwnerAtom, check);
      return () => {
        offStatus();
        offOwner();
      };
    },
  };
}
