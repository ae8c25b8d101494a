import { TILE_MIN_FPS, TILE_SILENT_MS, type TileHealth, type TileProblem, type TileReportAt } from '../walls';

/**
 * A tile's health from its recent reports (issue 23, "Wall health"), pure so the server's watchdog,
 * its tests and the health page agree.
 *
 * - down 'silent': no report for longer than `silentMs`;
 * - warn 'lowFps': the last `lowFpsReports` reports all under `minFps`;
 * - warn 'heapGrowing': over the last `heapWindowMs` of the current page run, at least
 *   `heapMinReports` heap readings spanning `heapMinSpanMs`, least-squares slope above
 *   `heapSlopeMbPerHour` with R² above `heapMinR2` (steady growth, not a warm-up blip or GC saw-tooth);
 * - warn 'staleData': the last report's `dataAgeMs` above `maxDataAgeMs`;
 * - warn 'errors': the page's error count rose within `errorWindowMs`;
 * - warn 'restarted': the page restarted within `restartWindowMs` (its counters dropped, or the
 *   launcher said so: `lastRestartAt`);
 * - unknown: no report at all; ok otherwise.
 */

export interface EvaluateTileOptions {
  /** The tile evaluated (reported back even when there is no report). */
  tile: [number, number];
  silentMs?: number;
  minFps?: number;
  lowFpsReports?: number;
  maxDataAgeMs?: number;
  heapWindowMs?: number;
  heapMinReports?: number;
  heapMinSpanMs?: number;
  heapSlopeMbPerHour?: number;
  heapMinR2?: number;
  errorWindowMs?: number;
  restartWindowMs?: number;
  /** Server ms of the last restart / hang / crash the launcher reported for this tile (TileEvent). */
  lastRestartAt?: number | null;
}

export const TILE_HEALTH_DEFAULTS = {
  silentMs: TILE_SILENT_MS,
  minFps: TILE_MIN_FPS,
  lowFpsReports: 3,
  maxDataAgeMs: 120_000,
  heapWindowMs: 30 * 60_000,
  heapMinReports: 12,
  heapMinSpanMs: 10 * 60_000,
  heapSlopeMbPerHour: 20,
  heapMinR2: 0.8,
  errorWindowMs: 5 * 60_000,
  restartWindowMs: 10 * 60_000,
} as const;

const HOUR_MS = 3_600_000;

/** Least-squares fit of y on x: slope and coefficient of determination; null when x or y does not vary. */
export function linearFit(points: readonly { x: number; y: number }[]): { slope: number; r2: number } | null {
  const n = points.length;
  if (n < 2) return null;
  let mx = 0;
  let my = 0;
  for (const p of points) { mx += p.x; my += p.y; }
  mx /= n;
  my /= n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const p of points) {
    const dx = p.x - mx;
    const dy = p.y - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return { slope: sxy / sxx, r2: (sxy * sxy) / (sxx * syy) };
}

/** Index of the first report of the current page run: after the last drop of a counter that only grows while a page lives. */
function runStart(reports: readonly TileReportAt[]): number {
  for (let i = reports.length - 1; i > 0; i--) {
    const a = reports[i - 1]!;
    const b = reports[i]!;
    if (b.reconnects < a.reconnects || b.errors < a.errors) return i;
  }
  return 0;
}

export function evaluateTile(reports: readonly TileReportAt[], now: number, opts: EvaluateTileOptions): TileHealth {
  const o = { ...TILE_HEALTH_DEFAULTS, ...stripUndefined(opts) };
  const tile: [number, number] = [opts.tile[0], opts.tile[1]];
  if (reports.length === 0) return { tile, state: 'unknown', reasons: [], lastReport: null };
  const sorted = [...reports].sort((a, b) => a.at - b.at);
  const last = sorted[sorted.length - 1]!;
  if (now - last.at > o.silentMs) return { tile, state: 'down', reasons: ['silent'], lastReport: last };

  const reasons: TileProblem[] = [];
  const start = runStart(sorted);
  const run = sorted.slice(start);

  const recent = sorted.slice(-o.lowFpsReports);
  if (recent.length >= o.lowFpsReports && recent.every((r) => r.fps < o.minFps)) reasons.push('lowFps');

  const heap = run.filter((r) => r.heapMb !== null && r.at >= now - o.heapWindowMs);
  if (heap.length >= o.heapMinReports && heap[heap.length - 1]!.at - heap[0]!.at >= o.heapMinSpanMs) {
    const fit = linearFit(heap.map((r) => ({ x: (r.at - heap[0]!.at) / HOUR_MS, y: r.heapMb! })));
    if (fit && fit.slope > o.heapSlopeMbPerHour && fit.r2 > o.heapMinR2) reasons.push('heapGrowing');
  }

  if (last.dataAgeMs !== null && last.dataAgeMs > o.maxDataAgeMs) reasons.push('staleData');

  // Errors counted since the page loaded: compare with the run's last report before the window; a
  // run that began (restart seen) inside the window started at zero; otherwise its first report
  // (what came before it is unknown, e.g. after a server restart).
  const windowStart = now - o.errorWindowMs;
  let baseline = start > 0 ? 0 : run[0]!.errors;
  for (const r of run) {
    if (r.at > windowStart) break;
    baseline = r.errors;
  }
  if (last.errors > baseline) reasons.push('errors');

  const restartSeen = start > 0 && sorted[start]!.at >= now - o.restartWindowMs;
  const restartTold = opts.lastRestartAt != null && now - opts.lastRestartAt <= o.restartWindowMs;
  if (restartSeen || restartTold) reasons.push('restarted');

  return { tile, state: reasons.length ? 'warn' : 'ok', reasons, lastReport: last };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
