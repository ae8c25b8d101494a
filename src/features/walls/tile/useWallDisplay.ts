import { useCallback, useEffect, useRef, useState } from 'react';
import { dataVersionAt, timerDelay } from '../../../../contract/wall/rotation-schedule';
import type { WallDisplay } from '../../../../contract/walls';
import { errorText } from '../../../shared/errorText';
import { ApiRequestError } from '../../../shared/http';
import { applyFrom, olderWall, sameDisplay } from './displayPlan';
import { fetchWallDisplay } from './wallTileApi';

/** Every tile re-reads its display on this grid of the server clock (template edits reach walls nobody touches). */
export const DISPLAY_RECHECK_MS = 60_000;
/** A tile that cannot read its display tries again this often. */
export const DISPLAY_RETRY_MS = 5_000;

export type DisplayProblem = 'notFound' | 'forbidden' | 'unreachable' | null;

export interface WallDisplayState {
  display: WallDisplay | null;
  /** Server ms from which `display` shows (undefined: at once). */
  from: number | undefined;
  problem: DisplayProblem;
  error: string | null;
  /** The server clock's offset suggested by the last read (serverNow − local time). */
  restOffsetMs: number | null;
}

/**
 * The display of wall `wallId` (its definition and its rotation's templates): read at mount, again
 * on every {@link DISPLAY_RECHECK_MS} boundary of the server clock (with `_v`, so the server hands
 * every tile the same cached answer) and whenever `reload()` is called (the wall was saved, the hub
 * reconnected). The display shown stays while a read fails. A new version says from when it shows
 * ({@link applyFrom}), so every tile switches to it at the same server time.
 */
export function useWallDisplay(wallId: number, serverNow: () => number): WallDisplayState & { reload(): void } {
  const [state, setState] = useState<WallDisplayState>({ display: null, from: undefined, problem: null, error: null, restOffsetMs: null });
  const current = useRef<WallDisplay | null>(null);
  const now = useRef(serverNow);
  now.current = serverNow;
  const reloadRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: AbortController | null = null;
    current.current = null;

    const read = (version: number | null) => {
      inFlight?.abort();
      const mine = new AbortController();
      inFlight = mine;
      clearTimeout(timer);
      fetchWallDisplay(wallId, version, mine.signal).then(
        ({ display, offsetMs }) => {
          if (mine.signal.aborted || disposed) return;
          const previous = current.current;
          if (previous && olderWall(display, previous)) {
            // An answer of the wall as it was before the save this tile already shows (a kept
            // answer of the data version, or another server process's): never back to it.
            scheduleRecheck();
            return;
          }
          if (previous && sameDisplay(previous, display)) {
            setState((s) => (s.problem ? { ...s, problem: null, error: null, restOffsetMs: offsetMs } : s));
          } else {
            current.current = display;
            setState({ display, from: applyFrom(previous, display, now.current()), problem: null, error: null, restOffsetMs: offsetMs });
          }
          scheduleRecheck();
        },
        (error: unknown) => {
          if (mine.signal.aborted || disposed) return;
          const status = error instanceof ApiRequestError ? error.status : 0;
          const problem: DisplayProblem = status === 404 ? 'notFound' : status === 403 ? 'forbidden' : 'unreachable';
          if (problem === 'notFound') current.current = null;
          setState((s) => ({ ...s, display: problem === 'notFound' ? null : s.display, problem, error: errorText(error) }));
          timer = setTimeout(() => read(null), problem === 'unreachable' ? DISPLAY_RETRY_MS : DISPLAY_RECHECK_MS);
        },
      );
    };
    const scheduleRecheck = () => {
      clearTimeout(timer);
      const t = now.current();
      const next = (dataVersionAt(t, DISPLAY_RECHECK_MS) + 1) * DISPLAY_RECHECK_MS;
      // The version of the period that starts at `next`, not of the clock's reading when the timer
      // fires (a timer a hair early by the server clock asked for the period before, whose answer
      // may be kept from before a save).
      timer = setTimeout(() => read(dataVersionAt(next, DISPLAY_RECHECK_MS)), timerDelay(next, t));
    };
    reloadRef.current = () => read(null);
    read(null);
    return () => {
      disposed = true;
      inFlight?.abort();
      clearTimeout(timer);
      reloadRef.current = () => undefined;
    };
  }, [wallId]);

  const reload = useCallback(() => reloadRef.current(), []);
  return { ...state, reload };
}
