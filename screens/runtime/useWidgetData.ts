import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Widget } from '../../contract/screen-template';
import { applyBinding } from './applyBinding';
import type { SourceSnapshot, SourceStore } from './SourceStore';
import { REFETCH, type WidgetModule } from './types';

const NONE: SourceSnapshot = { data: undefined, updatedAt: null, error: null, stale: false };

function useSnapshot(store: SourceStore, id: string | undefined): SourceSnapshot {
  return useSyncExternalStore(
    (onChange) => (id ? store.subscribe(id, onChange) : () => undefined),
    () => (id ? store.snapshot(id) : NONE),
  );
}

export interface WidgetData {
  data: unknown;
  /** The main source has answered (or failed) at least once. */
  settled: boolean;
  error: string | null;
  stale: boolean;
  /** Epoch ms of the newest data the widget shows. */
  updatedAt: number | null;
}

/**
 * A widget's data: its main source through the binding, with the pushes of its live source
 * (`props.live`, or the main source itself when that is a hub source) folded in by the module's
 * pure `applyLive`. A new answer of the main source replaces what was folded.
 */
export function useWidgetData(widget: Widget, store: SourceStore, module: WidgetModule | null, isHub: (id: string) => boolean): WidgetData {
  const mainId = widget.source?.sourceId;
  const liveProp = typeof widget.props.live === 'string' ? widget.props.live : undefined;
  const liveId = liveProp ?? (mainId && isHub(mainId) ? mainId : undefined);
  const main = useSnapshot(store, mainId);
  const live = useSnapshot(store, liveId !== mainId ? liveId : undefined);

  const bound = useMemo(() => applyBinding(main.data, widget.source), [main.data, widget.source]);
  const [folded, setFolded] = useState<{ base: unknown; data: unknown; at: number } | null>(null);
  const current = folded && folded.base === bound ? folded.data : bound;
  const currentRef = useRef({ bound, data: current });
  currentRef.current = { bound, data: current };

  useEffect(() => {
    const applyLive = module?.applyLive;
    if (!liveId || !applyLive) return undefined;
    return store.onLive(liveId, (event) => {
      const { bound: base, data } = currentRef.current;
      const next = applyLive(data as never, event, widget);
      if (next === REFETCH) {
        if (mainId && !isHub(mainId)) store.refresh(mainId);
      } else if (next !== undefined) {
        currentRef.current = { bound: base, data: next };
        setFolded({ base, data: next, at: Date.now() });
      }
    });
  }, [store, module, liveId, mainId, widget, isHub]);

  const mainIsHub = mainId !== undefined && isHub(mainId);
  return {
    data: current,
    settled: !mainId || main.updatedAt !== null || main.error !== null || (mainIsHub && current !== undefined),
    error: main.error,
    stale: main.stale || live.stale,
    updatedAt: Math.max(main.updatedAt ?? 0, folded && folded.base === bound ? folded.at : 0) || null,
  };
}
