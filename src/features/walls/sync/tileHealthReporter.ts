import { TILE_TEXT_MAX, WALL_REPORT_INTERVAL_MS, type TileReport } from '../../../../contract/walls';

/** What the tile page knows of itself at report time. */
export interface TileReportState {
  templateId: number | null;
  /** The shown template's `updatedAt`. */
  templateVersion: number | null;
  itemIndex: number | null;
  ready: boolean;
  /** Data version shown; when left out, the client's (see {@link TileReporterSources.dataVersion}). */
  dataVersion?: number | null;
  /** Lateness of the last switch against the schedule, ms. */
  skewMs?: number | null;
}

/** Where the measured figures come from (the hook wires the browser's; tests pass fakes). */
export interface TileReporterSources {
  /** Invokes HubMethod.WallReport; a rejection (hub away) drops that report. */
  send(report: TileReport): Promise<unknown>;
  /** The page's own state, read at each report. */
  state(): TileReportState;
  /** The synced client's data version. */
  dataVersion?(): number | null;
  /** Age of the oldest data shown, ms. */
  dataAgeMs?(): number | null;
  /** Hub reconnects since mount. */
  reconnects(): number;
  /** JS heap in MB; null where unknown. */
  heapMb(): number | null;
  /** Local monotonic ms. */
  now(): number;
  requestFrame(callback: (time: number) => void): number;
  cancelFrame(handle: number): void;
  /** Where `error` and `unhandledrejection` are heard (the window). */
  errors?: EventTarget;
}

export interface TileReporterOptions {
  wallId: number;
  tile: [number, number];
  intervalMs?: number;
  /**
   * Frames are counted over the last this-many ms of each interval (the whole interval when ≥ it):
   * an animation-frame callback every frame keeps the browser producing frames on a still page,
   * so a short window keeps the cost down. Default 1 s of every 5 s.
   */
  fpsWindowMs?: number;
}

export const FPS_WINDOW_MS = 1_000;

/** The JS heap in MB from Chromium's `performance.memory`; null elsewhere. */
export function browserHeapMb(): number | null {
  const memory = (performance as Performance & { memory?: { usedJSHeapSize?: number } }).memory;
  const used = memory?.usedJSHeapSize;
  return typeof used === 'number' && Number.isFinite(used) ? Math.round((used / 1_048_576) * 10) / 10 : null;
}

const messageOf = (event: Event): string => {
  if (typeof ErrorEvent !== 'undefined' && event instanceof ErrorEvent) {
    return event.message || (event.error instanceof Error ? event.error.message : String(event.error));
  }
  const reason = (event as PromiseRejectionEvent).reason as unknown;
  return reason instanceof Error ? reason.message : String(reason);
};

const finiteOrNull = (x: number | null | undefined): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/**
 * A tile's health reporter: every `intervalMs` it sends a {@link TileReport} — frames per second
 * (animation frames counted over the window ending at the report), JS heap, data age, hub
 * reconnects, and the count of errors the page raised (`error`, `unhandledrejection`) with the
 * last one's message. The work per report is a handful of reads: the cost is the frame counting.
 */
export function createTileHealthReporter(options: TileReporterOptions, sources: TileReporterSources): { dispose(): void } {
  const { wallId, tile, intervalMs = WALL_REPORT_INTERVAL_MS } = options;
  const fpsWindowMs = Math.min(options.fpsWindowMs ?? FPS_WINDOW_MS, intervalMs);
  let errors = 0;
  let lastError: string | undefined;
  let frames = 0;
  let windowStart = 0;
  let frame: number | null = null;
  let counting = false;

  const onFrame = () => {
    frames++;
    frame = counting ? sources.requestFrame(onFrame) : null;
  };
  const startCounting = () => {
    frames = 0;
    windowStart = sources.now();
    counting = true;
    if (frame === null) frame = sources.requestFrame(onFrame);
  };
  const stopCounting = () => {
    counting = false;
    if (frame !== null) sources.cancelFrame(frame);
    frame = null;
  };

  const onError = (event: Event) => {
    errors++;
    lastError = messageOf(event).slice(0, TILE_TEXT_MAX);
  };
  sources.errors?.addEventListener('error', onError);
  sources.errors?.addEventListener('unhandledrejection', onError);

  const report = () => {
    const elapsed = sources.now() - windowStart;
    const fps = elapsed > 0 ? Math.min(1000, Math.round((frames * 10_000) / elapsed) / 10) : 0;
    const state = sources.state();
    const skew = finiteOrNull(state.skewMs);
    const age = finiteOrNull(sources.dataAgeMs?.());
    const body: TileReport = {
      wallId,
      tile: [tile[0], tile[1]],
      templateId: state.templateId,
      templateVersion: state.templateVersion,
      dataVersion: state.dataVersion !== undefined ? state.dataVersion : finiteOrNull(sources.dataVersion?.()),
      itemIndex: state.itemIndex,
      fps,
      heapMb: finiteOrNull(sources.heapMb()),
      dataAgeMs: age === null ? null : Math.max(0, age),
      reconnects: sources.reconnects(),
      errors,
      ...(lastError !== undefined && { lastError }),
      ready: state.ready,
      ...(skew !== null && { skewMs: skew }),
    };
    sources.send(body).catch(() => undefined);
  };

  // The window closes at each report; it opens fpsWindowMs before (at once when it spans the interval).
  const continuous = fpsWindowMs >= intervalMs;
  let openTimer: ReturnType<typeof setTimeout> | undefined;
  const interval = setInterval(() => {
    report();
    if (continuous) {
      frames = 0;
      windowStart = sources.now();
    } else {
      stopCounting();
      clearTimeout(openTimer);
      openTimer = setTimeout(startCounting, intervalMs - fpsWindowMs);
    }
  }, intervalMs);
  if (continuous) startCounting();
  else openTimer = setTimeout(startCounting, intervalMs - fpsWindowMs);

  return {
    dispose() {
      clearInterval(interval);
      clearTimeout(openTimer);
      stopCounting();
      sources.errors?.removeEventListener('error', onError);
      sources.errors?.removeEventListener('unhandledrejection', onError);
    },
  };
}
