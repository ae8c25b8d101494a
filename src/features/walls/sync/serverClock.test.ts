import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServerClock } from './serverClock';

/** A fake hub WallClock: the server runs `offset` ms ahead; each call takes the next round trip of `rtts` (ms), split evenly. */
function fakeServer(offset: number, rtts: number[]) {
  let i = 0;
  const calls: number[] = [];
  const invoke = vi.fn(() => new Promise<number>((resolve) => {
    const rtt = rtts[i++ % rtts.length];
    calls.push(Date.now());
    setTimeout(() => {
      const server = Date.now() + offset;
      setTimeout(() => resolve(server), rtt / 2);
    }, rtt / 2);
  }));
  return { invoke, calls };
}

describe('createServerClock', () => {
  beforeEach(() => { vi.useFakeTimers({ now: 1_700_000_000_000 }); });
  afterEach(() => { vi.useRealTimers(); });

  it('measures the offset from 8 sequential samples, trusting the lowest round trips', async () => {
    // Asymmetric slow samples would bias the offset; the fast third decides.
    const server = fakeServer(1_234, [40, 200, 6, 300, 8, 120, 10, 500]);
    const clock = createServerClock(server.invoke, { localNow: () => Date.now() });
    expect(clock.synced).toBe(false);
    expect(clock.now()).toBe(Date.now());
    await vi.advanceTimersByTimeAsync(2_000);
    await clock.ready;
    expect(server.invoke).toHaveBeenCalledTimes(8);
    // Sequential: each call starts after the previous answered.
    for (let k = 1; k < server.calls.length; k++) expect(server.calls[k]).toBeGreaterThan(server.calls[k - 1]);
    expect(clock.synced).toBe(true);
    expect(Math.abs(clock.offsetMs - 1_234)).toBeLessThanOrEqual(1);
    expect(clock.rttMs).toBeLessThanOrEqual(10);
    expect(Math.abs(clock.now() - (Date.now() + 1_234))).toBeLessThanOrEqual(1);
    expect(Math.abs(clock.delayUntil(Date.now() + 1_234 + 500) - 500)).toBeLessThanOrEqual(1);
    clock.dispose();
  });

  it('re-syncs with 4 samples every 60 s and follows a drifting server', async () => {
    let offset = 500;
    const invoke = vi.fn(() => Promise.resolve(Date.now() + offset));
    const clock = createServerClock(invoke, { localNow: () => Date.now(), maxSampleAgeMs: 90_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(invoke).toHaveBeenCalledTimes(8);
    expect(clock.offsetMs).toBe(500);
    const changed = vi.fn();
    clock.subscribe(changed);
    offset = 520;
    await vi.advanceTimersByTimeAsync(59_999);
    expect(invoke).toHaveBeenCalledTimes(8);
    await vi.advanceTimersByTimeAsync(1);
    expect(invoke).toHaveBeenCalledTimes(12);
    expect(changed).toHaveBeenCalledTimes(1);
    // 8 old samples at 500 and 4 new at 520 within 90 s: the median of the best third still mixes.
    await vi.advanceTimersByTimeAsync(60_000);
    // The first 8 are now older than 90 s: only samples at 520 are left.
    expect(clock.offsetMs).toBe(520);
    clock.dispose();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(invoke).toHaveBeenCalledTimes(16);
  });

  it('takes the next burst after 10 s instead of 60 s while the round trips are slow', async () => {
    let rtt = 200;
    const invoke = vi.fn(() => new Promise<number>((resolve) => {
      const server = Date.now() + rtt / 2 + 40;
      setTimeout(() => resolve(server), rtt);
    }));
    const clock = createServerClock(invoke, { localNow: () => Date.now() });
    await vi.advanceTimersByTimeAsync(8 * 200);
    expect(invoke).toHaveBeenCalledTimes(8);
    expect(clock.rttMs).toBe(200);
    rtt = 4;
    await vi.advanceTimersByTimeAsync(10_000 + 4 * 4);
    expect(invoke).toHaveBeenCalledTimes(12);
    expect(clock.rttMs).toBe(4);
    expect(clock.offsetMs).toBe(40);
    // Good round trips now: the next one a minute on.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(invoke).toHaveBeenCalledTimes(12);
    await vi.advanceTimersByTimeAsync(30_000 + 4 * 4);
    expect(invoke).toHaveBeenCalledTimes(16);
    clock.dispose();
  });

  it('retries every 2 s while the hub is not connected, then becomes ready', async () => {
    let connected = false;
    const invoke = vi.fn(() => (connected ? Promise.resolve(Date.now() - 3_000) : Promise.reject(new Error('hub not connected'))));
    const clock = createServerClock(invoke, { localNow: () => Date.now() });
    const ready = vi.fn();
    void clock.ready.then(ready);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(invoke).toHaveBeenCalledTimes(3); // at 0, 2 s, 4 s: one failed try each
    expect(clock.synced).toBe(false);
    expect(ready).not.toHaveBeenCalled();
    connected = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ready).toHaveBeenCalled();
    expect(clock.offsetMs).toBe(-3_000);
    clock.dispose();
  });

  it('ignores answers that are not finite numbers', async () => {
    const invoke = vi.fn(() => Promise.resolve(Number.NaN as number));
    const clock = createServerClock(invoke, { localNow: () => Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    expect(clock.synced).toBe(false);
    expect(clock.offsetMs).toBe(0);
    clock.dispose();
  });

  it('starts only when asked, stops (no timer left) and starts again; resync takes a fresh burst', async () => {
    const invoke = vi.fn(() => Promise.resolve(Date.now() + 10));
    const clock = createServerClock(invoke, { localNow: () => Date.now(), autoStart: false });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(invoke).not.toHaveBeenCalled();
    clock.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(invoke).toHaveBeenCalledTimes(8);
    clock.stop();
    expect(vi.getTimerCount()).toBe(0);
    clock.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(invoke).toHaveBeenCalledTimes(12); // a re-start after sync takes the periodic 4
    await clock.resync();
    expect(invoke).toHaveBeenCalledTimes(20);
    clock.dispose();
    await clock.resync();
    expect(invoke).toHaveBeenCalledTimes(20);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops the answers of a burst that was in flight when stopped', async () => {
    let answer!: (n: number) => void;
    const invoke = vi.fn(() => new Promise<number>((resolve) => { answer = resolve; }));
    const clock = createServerClock(invoke, { localNow: () => Date.now() });
    clock.stop();
    answer(Date.now() + 77);
    await vi.advanceTimersByTimeAsync(0);
    expect(clock.synced).toBe(false);
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
