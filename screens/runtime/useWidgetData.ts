import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Widget } from '../../contract/screen-template';
import { applyBinding } from './applyBinding';
import type { SourceSnapshot, SourceStore } from './SourceStore';
import { REFETCH, type LiveEvent, type WidgetModule } from './types';

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

/** Pushes kept to fold into the next answer of the main source: at most this many, this recent. */
const KEPT_PUSHES = 500;
const KEPT_PUSH_MS = 5 * 60_000;

interface KeptPush { at: number; event: LiveEvent }

/**
 * A widget's data: its main source through the binding, with the pushes of its live source
 * (`props.live`, or the main source itself when that is a hub source) folded in by the module's
 * pure `applyLive`. A new answer of the main source replaces what was folded, with the pushes
 * received since its read was sent folded in again: an answer read before a push arrived would
 * otherwise hide it until the next read (an alarm raised while the wall re-read its list).
 */
export function useWidgetData(widget: Widget, store: SourceStore, module: WidgetModule | null, isHub: (id: string) => boolean): WidgetData {
  const mainId = widget.source?.sourceId;
  const liveProp = typeof widget.props.live === 'string' ? widget.props.live : undefined;
  const liveId = liveProp ?? (mainId && isHub(mainId) ? mainId : undefined);
  const main = useSnapshot(store, mainId);
  const live = useSnapshot(store, liveId !== mainId ? liveId : undefined);

  const bound = useMemo(() => applyBinding(main.data, widget.source), [main.data, widget.source]);
  const pushes = useRef<KeptPush[]>([]);
  const requestedAt = main.requestedAt ?? null;
  const replayed = useMemo(() => {
    const applyLive = module?.applyLive;
    let data = bound;
    let refetch = false;
    if (!applyLive || requestedAt === null) return { data, refetch };
    for (const p of pushes.current) {
      if (p.at < requestedAt) continue;
      const next = applyLive(data as never, p.event, widget);
      if (next === REFETCH) refetch = true;
      else if (next !== undefined) data = next;
    }
    return { data, refetch };
  }, [bound, requestedAt, module, widget]);
  const [folded, setFolded] = useState<{ base: unknown; data: unknown; at: number } | null>(null);
  const current = folded && folded.base === bound ? folded.data : replayed.data;
  const currentRef = useRef({ bound, data: current });
  currentRef.current = { bound, data: current };

  useEffect(() => {
    if (replayed.refetch && mainId && !isHub(mainId)) store.refresh(mainId);
  }, [replayed, mainId, isHub, store]);

  useEffect(() => {
    const applyLive = module?.applyLive;
    if (!liveId || !applyLive) return undefined;
    return store.onLive(liveId, (event) => {
      const at = store.time();
      const kept = pushes.current;
      kept.push({ at, event });
      while (kept.length > KEPT_PUSHES || (kept.length && kept[0].at < at - KEPT_PUSH_MS)) kept.shift();
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
