import { describe, expect, it } from 'vitest';
import type { TileReportAt } from '../walls';
import { evaluateTile, linearFit } from './tile-health';

const NOW = 1_700_000_000_000;
const MIN = 60_000;

function report(at: number, over: Partial<TileReportAt> = {}): TileReportAt {
  return {
    wallId: 1, tile: [0, 1], templateId: 5, templateVersion: 1, dataVersion: 10, itemIndex: 0,
    fps: 60, heapMb: 80, dataAgeMs: 5000, reconnects: 0, errors: 0, ready: true, at, ...over,
  };
}

/** Reports every `everyMs` over the last `spanMs`, ending at NOW. */
function series(spanMs: number, everyMs: number, f: (at: number, i: number) => Partial<TileReportAt> = () => ({})): TileReportAt[] {
  const out: TileReportAt[] = [];
  for (let at = NOW - spanMs, i = 0; at <= NOW; at += everyMs, i++) out.push(report(at, f(at, i)));
  return out;
}

const opts = { tile: [0, 1] as [number, number] };

describe('evaluateTile', () => {
  it('is unknown without reports', () => {
    expect(evaluateTile([], NOW, opts)).toEqual({ tile: [0, 1], state: 'unknown', reasons: [], lastReport: null });
  });

  it('is ok when reports are recent and healthy', () => {
    const h = evaluateTile(series(10 * MIN, 5000), NOW, opts);
    expect(h.state).toBe('ok');
    expect(h.reasons).toEqual([]);
    expect(h.lastReport?.at).toBe(NOW);
  });

  it('is down when silent longer than TILE_SILENT_MS, and only then', () => {
    const reports = series(5 * MIN, 5000).map((r) => ({ ...r, at: r.at - 20_000 }));
    expect(evaluateTile(reports, NOW, opts).state).toBe('ok');
    expect(evaluateTile(reports, NOW + 1, opts)).toMatchObject({ state: 'down', reasons: ['silent'] });
    expect(evaluateTile(reports, NOW + 1, opts).lastReport?.at).toBe(NOW - 20_000);
  });

  it('reads reports in any order', () => {
    const reports = series(5 * MIN, 5000).reverse();
    expect(evaluateTile(reports, NOW, opts).lastReport?.at).toBe(NOW);
  });

  it('warns lowFps only when the last three reports are all under 20 fps', () => {
    const two = series(MIN, 5000, (_at, i) => ({ fps: i >= 11 ? 12 : 60 }));
    expect(two.slice(-3).map((r) => r.fps)).toEqual([60, 12, 12]);
    expect(evaluateTile(two, NOW, opts).state).toBe('ok');
    const three = series(MIN, 5000, (_at, i) => ({ fps: i >= 10 ? 19.9 : 60 }));
    expect(evaluateTile(three, NOW, opts)).toMatchObject({ state: 'warn', reasons: ['lowFps'] });
    expect(evaluateTile(three, NOW, { ...opts, minFps: 15 }).state).toBe('ok');
  });

  it('warns heapGrowing on steady growth over 20 MB/h, not on a flat saw-tooth or a short warm-up', () => {
    // 30 MB/h, small noise, 30 min of reports.
    const growing = series(30 * MIN, 5000, (at, i) => ({ heapMb: 80 + ((at - (NOW - 30 * MIN)) / 3_600_000) * 30 + (i % 3) * 0.1 }));
    expect(evaluateTile(growing, NOW, opts)).toMatchObject({ state: 'warn', reasons: ['heapGrowing'] });
    // 10 MB/h: too slow.
    const slow = series(30 * MIN, 5000, (at) => ({ heapMb: 80 + ((at - (NOW - 30 * MIN)) / 3_600_000) * 10 }));
    expect(evaluateTile(slow, NOW, opts).state).toBe('ok');
    // GC saw-tooth: 60 → 90 MB and back every 2 minutes, no trend.
    const saw = series(30 * MIN, 5000, (at) => ({ heapMb: 60 + (((at - NOW) % (2 * MIN)) + 2 * MIN) % (2 * MIN) / (2 * MIN) * 30 }));
    expect(evaluateTile(saw, NOW, opts).state).toBe('ok');
    // Warm-up: +10 MB in the first 3 minutes after start (would be 200 MB/h), but too short to call.
    const warm = series(3 * MIN, 5000, (at) => ({ heapMb: 40 + (at - (NOW - 3 * MIN)) / MIN * 3.3 }));
    expect(evaluateTile(warm, NOW, opts).state).toBe('ok');
    // Growth older than the window is not held against the tile.
    const old = growing.map((r) => ({ ...r, at: r.at - 40 * MIN })).concat(series(5 * MIN, 5000, () => ({ heapMb: 95 })));
    expect(evaluateTile(old, NOW, opts).state).toBe('ok');
  });

  it('counts heap only since the page last restarted', () => {
    // Before the restart at NOW − 8 min: 60 → 300 MB; after: flat 60 MB (fewer than 12 reports would not count anyway, so 8 min of 5 s reports).
    const before = series(30 * MIN, 5000, (at) => ({ heapMb: 60 + (at - (NOW - 30 * MIN)) / MIN * 10, reconnects: 3 }))
      .filter((r) => r.at < NOW - 8 * MIN);
    const after = series(8 * MIN, 5000, () => ({ heapMb: 60, reconnects: 0 }));
    const h = evaluateTile([...before, ...after], NOW, opts);
    expect(h.reasons).not.toContain('heapGrowing');
    expect(h.reasons).toContain('restarted');
  });

  it('warns staleData when the last data is older than the bound', () => {
    const stale = series(MIN, 5000, () => ({ dataAgeMs: 130_000 }));
    expect(evaluateTile(stale, NOW, opts)).toMatchObject({ state: 'warn', reasons: ['staleData'] });
    expect(evaluateTile(stale, NOW, { ...opts, maxDataAgeMs: 300_000 }).state).toBe('ok');
    expect(evaluateTile(series(MIN, 5000, () => ({ dataAgeMs: null })), NOW, opts).state).toBe('ok');
  });

  it('warns errors while the error count rose in the last five minutes, then recovers', () => {
    const rising = series(20 * MIN, 5000, (at) => ({ errors: at >= NOW - 2 * MIN ? 4 : 1 }));
    expect(evaluateTile(rising, NOW, opts)).toMatchObject({ state: 'warn', reasons: ['errors'] });
    expect(evaluateTile(rising, NOW + 5 * MIN, { ...opts, silentMs: 10 * MIN }).reasons).not.toContain('errors');
    // Errors counted before the server first heard of the tile are not news.
    const steady = series(3 * MIN, 5000, () => ({ errors: 7 }));
    expect(evaluateTile(steady, NOW, opts).state).toBe('ok');
  });

  it('warns restarted when the counters drop or the launcher reported a restart recently', () => {
    const restarted = series(20 * MIN, 5000, (at) => ({ reconnects: at >= NOW - 3 * MIN ? 0 : 2 }));
    expect(evaluateTile(restarted, NOW, opts)).toMatchObject({ state: 'warn', reasons: ['restarted'] });
    const longAgo = series(30 * MIN, 5000, (at) => ({ reconnects: at >= NOW - 15 * MIN ? 0 : 2 }));
    expect(evaluateTile(longAgo, NOW, opts).state).toBe('ok');
    const told = series(MIN, 5000);
    expect(evaluateTile(told, NOW, { ...opts, lastRestartAt: NOW - 2 * MIN }).reasons).toEqual(['restarted']);
    expect(evaluateTile(told, NOW, { ...opts, lastRestartAt: NOW - 11 * MIN }).state).toBe('ok');
    expect(evaluateTile(told, NOW, { ...opts, lastRestartAt: null }).state).toBe('ok');
  });

  it('lists every problem at once', () => {
    const bad = series(2 * MIN, 5000, (at) => ({ fps: 5, dataAgeMs: 600_000, errors: at > NOW - MIN ? 3 : 0 }));
    expect(evaluateTile(bad, NOW, opts).reasons).toEqual(['lowFps', 'staleData', 'errors']);
  });
});

describe('linearFit', () => {
  it('fits a line exactly and refuses a flat series', () => {
    expect(linearFit([{ x: 0, y: 1 }, { x: 1, y: 3 }, { x: 2, y: 5 }])).toEqual({ slope: 2, r2: 1 });
    expect(linearFit([{ x: 0, y: 1 }, { x: 1, y: 1 }])).toBeNull();
    expect(linearFit([{ x: 1, y: 1 }])).toBeNull();
  });
});
