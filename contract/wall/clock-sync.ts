/**
 * NTP-style clock offset between a tile and the server (issue 23, "Synchronised"). The client
 * notes its local time `t0`, invokes the hub's WallClock (server `Date.now()`), notes `t2` when the
 * answer arrives; assuming the server read its clock half-way, offset = server − (t0 + t2)/2, with
 * an error of at most RTT/2. Samples with the lowest RTT are the most trustworthy. Zod-free.
 */

/** One round trip: local ms before the call, server ms, local ms after the answer. */
export interface ClockSample {
  t0: number;
  server: number;
  t2: number;
}

export interface ClockEstimate {
  /** serverTime − localTime, ms: server now ≈ Date.now() + offsetMs. */
  offsetMs: number;
  /** Median round trip of the samples the estimate rests on, ms. */
  rttMs: number;
  /** How many samples it rests on. */
  samples: number;
}

/** serverTime − localTime by one sample, ms. */
export function offsetOf(sample: ClockSample): number {
  return sample.server - (sample.t0 + sample.t2) / 2;
}

/** One sample's round trip, ms. */
export function rttOf(sample: ClockSample): number {
  return sample.t2 - sample.t0;
}

function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function valid(s: ClockSample): boolean {
  return Number.isFinite(s.t0) && Number.isFinite(s.server) && Number.isFinite(s.t2) && s.t2 >= s.t0;
}

/**
 * The offset by the lowest-RTT third of the samples (at least one), their median offset; null when
 * no sample is usable (non-finite times, or t2 before t0).
 */
export function estimateOffset(samples: readonly ClockSample[]): ClockEstimate | null {
  const usable = samples.filter(valid).sort((a, b) => rttOf(a) - rttOf(b));
  if (usable.length === 0) return null;
  const kept = usable.slice(0, Math.max(1, Math.ceil(usable.length / 3)));
  return {
    offsetMs: median(kept.map(offsetOf).sort((a, b) => a - b)),
    rttMs: median(kept.map(rttOf)),
    samples: kept.length,
  };
}
