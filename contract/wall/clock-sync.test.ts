import { describe, expect, it } from 'vitest';
import { estimateOffset, offsetOf, rttOf, type ClockSample } from './clock-sync';

/** A sample of a client whose clock is `offset` behind the server, with given one-way delays. */
function sample(t0: number, offset: number, up: number, down: number): ClockSample {
  return { t0, server: t0 + up + offset, t2: t0 + up + down };
}

describe('clock offset', () => {
  it('reads one symmetric round trip exactly', () => {
    const s = sample(1000, 250, 10, 10);
    expect(rttOf(s)).toBe(20);
    expect(offsetOf(s)).toBe(250);
  });

  it('errs by at most half the round trip when the trip is asymmetric', () => {
    const s = sample(1000, 250, 30, 2);
    expect(Math.abs(offsetOf(s) - 250)).toBeLessThanOrEqual(rttOf(s) / 2);
  });

  it('trusts the lowest-RTT third and takes its median', () => {
    const offset = -1_234_567;
    const samples = [
      sample(0, offset, 2, 2), sample(100, offset, 3, 1), sample(200, offset, 1, 3), // fast, good
      // Slow trips, mostly slow on the way up (a busy uplink): each reads the offset too high.
      sample(300, offset, 150, 5), sample(400, offset, 200, 5), sample(500, offset, 80, 10),
      sample(600, offset, 120, 2), sample(700, offset, 90, 2), sample(800, offset, 300, 30),
    ];
    const e = estimateOffset(samples)!;
    expect(e.samples).toBe(3);
    expect(e.rttMs).toBe(4);
    expect(Math.abs(e.offsetMs - offset)).toBeLessThanOrEqual(1);
    // The naive mean over all samples would be far off.
    const mean = samples.reduce((s, x) => s + offsetOf(x), 0) / samples.length;
    expect(Math.abs(mean - offset)).toBeGreaterThan(10);
  });

  it('is not swayed by one lucky outlier among the best samples', () => {
    const samples = [sample(0, 500, 1, 1), sample(10, 500, 1, 1), sample(20, 500, 0, 1.5), sample(30, 560, 1, 1)]
      .concat(Array.from({ length: 8 }, (_, i) => sample(100 + i, 500, 40, 40)));
    const e = estimateOffset(samples)!;
    expect(e.samples).toBe(4);
    expect(Math.abs(e.offsetMs - 500)).toBeLessThanOrEqual(1);
  });

  it('keeps at least one sample and ignores unusable ones', () => {
    expect(estimateOffset([])).toBeNull();
    expect(estimateOffset([{ t0: 10, server: 5, t2: 9 }, { t0: Number.NaN, server: 1, t2: 2 }])).toBeNull();
    expect(estimateOffset([sample(0, 42, 5, 5), { t0: 10, server: 5, t2: 9 }])).toEqual({ offsetMs: 42, rttMs: 10, samples: 1 });
  });
});
