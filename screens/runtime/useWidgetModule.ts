import { useEffect, useState } from 'react';
import type { Widget, WidgetType } from '../../contract/screen-template';
import { WIDGETS } from '../widgets/registry';
import type { ScreenEnvironment } from './ScreenEnvironment';
import type { AnyWidgetModule as WidgetModule } from './types';

/** A failed chunk (network blip during a deploy) is asked for again after this long. */
export const MODULE_RETRY_MS = 5_000;

const loaded = new Map<WidgetType, WidgetModule>();
const pending = new Map<WidgetType, Promise<WidgetModule>>();

function load(type: WidgetType): Promise<WidgetModule> {
  let promise = pending.get(type);
  if (!promise) {
    promise = WIDGETS[type].load().then((m) => {
      loaded.set(type, m);
      return m;
    });
    promise.catch(() => pending.delete(type));
    pending.set(type, promise);
  }
  return promise;
}

/**
 * Starts loading every type a screen uses at once, so chunks download in parallel, and lets each
 * widget start fetching what it needs besides its data (the registry's `prepare`).
 */
export function preloadWidgets(widgets: readonly Pick<Widget, 'type' | 'props'>[], environment: ScreenEnvironment): void {
  for (const w of widgets) {
    WIDGETS[w.type].prepare?.(w.props, environment);
    load(w.type).catch(() => undefined);
  }
}

/** The widget type's module, loaded lazily (and retried until it loads); null meanwhile. */
export function useWidgetModule(type: WidgetType): { module: WidgetModule | null; error: string | null } {
  const [state, setState] = useState<{ module: WidgetModule | null; error: string | null }>(() => ({ module: loaded.get(type) ?? null, error: null }));
  useEffect(() => {
    if (state.module) return undefined;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      load(type).then(
        (module) => { if (alive) setState({ module, error: null }); },
        (error: unknown) => {
          if (!alive) return;
          setState({ module: null, error: error instanceof Error ? error.message : String(error) });
          timer = setTimeout(attempt, MODULE_RETRY_MS);
        },
      );
    };
    attempt();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [type, state.module]);
  return state;
}
