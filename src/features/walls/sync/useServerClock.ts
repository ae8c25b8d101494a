import { useEffect, useState, useSyncExternalStore } from 'react';
import { HubMethod } from '../../../../contract/hub';
import { hubConnectedAtAtom } from '../../../shared/hub/hubAtoms';
import { hubOwnerAtom } from '../../../shared/hub/hubOwnerAtom';
import { appStore } from '../../../shared/store';
import { createServerClock, type ServerClock, type ServerClockOptions } from './serverClock';

type Store = typeof appStore;

/** The hub's WallClock through the console's connection owner of the moment; rejects while there is none. */
export function hubWallClock(store: Store = appStore): () => Promise<number> {
  return () => {
    const owner = store.get(hubOwnerAtom);
    return owner ? owner.call<number>(HubMethod.WallClock) : Promise.reject(new Error('no hub'));
  };
}

/**
 * The server's clock measured over the console's hub (one {@link ServerClock} for the component's
 * lifetime, the same object on every render): measuring starts on mount, takes a fresh burst after
 * every hub (re)connect (another server process may answer now) and stops on unmount. Samples
 * asked before the hub is up fail and are retried every 2 s.
 */
export function useServerClock(options?: ServerClockOptions, store: Store = appStore): ServerClock {
  // Created without side effects (render may run twice); started in the effect.
  // The options of the first render are kept (like a ref's initial value).
  const [clock] = useState(() => createServerClock(hubWallClock(store), { ...options, autoStart: false }));
  useEffect(() => {
    clock.start();
    let last = store.get(hubConnectedAtAtom);
    const off = store.sub(hubConnectedAtAtom, () => {
      const at = store.get(hubConnectedAtAtom);
      if (at === null || at === last) return;
      last = at;
      void clock.resync();
    });
    return () => {
      off();
      clock.stop();
    };
  }, [clock, store]);
  return clock;
}

/** Whether `clock` has measured its offset (re-renders when it does). */
export function useClockSynced(clock: ServerClock): boolean {
  return useSyncExternalStore(clock.subscribe, () => clock.synced);
}
