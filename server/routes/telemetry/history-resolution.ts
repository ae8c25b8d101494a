import type { HistoryInterval } from '../../../contract/telemetry';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Longest range served from raw samples; longest served from the 1-minute rollup. */
export const RAW_MAX_RANGE_MS = 6 * HOUR;
export const MINUTE_MAX_RANGE_MS = 7 * DAY;

/** Bucket widths a rollup is merged into, finest first. */
const MINUTE_STEPS = [1, 2, 5, 10, 15, 30].map((m) => m * MINUTE);
const HOUR_STEPS = [1, 2, 3, 6, 12, 24, 48, 168].map((h) => h * HOUR);

/** What the server read about a point's history in a range before choosing where to read it from. */
export interface HistoryFacts {
  /** Raw samples in the range, counted up to the budget + 1; null when not counted (range too long). */
  rawCount: number | null;
  /** The first raw sample's time, the first 1-minute and 1-hour bucket in the range; null for none. */
  rawFirst: number | null;
  minuteFirst: number | null;
  hourFirst: number | null;
}

/** Where a trend is read from and how wide its points are (0: raw samples). */
export interface HistoryResolution {
  interval: HistoryInterval;
  bucketMs: number;
}

/** Buckets an aligned `step` cuts [from, to) into, at most (a partial one at each end). */
const bucketCount = (from: number, to: number, step: number) => Math.floor((to - 1) / step) - Math.floor(from / step) + 1;

/** The finest of `steps` that keeps [from, to) within `budget` points; null when none does. */
function fittingStep(from: number, to: number, budget: number, steps: readonly number[]): number | null {
  return steps.find((step) => bucketCount(from, to, step) <= budget) ?? null;
}

/** The hour-rollup step for [from, to): one of HOUR_STEPS, else whole weeks. */
function hourStep(from: number, to: number, budget: number): number {
  const step = fittingStep(from, to, budget, HOUR_STEPS);
  if (step !== null) return step;
  let weeks = Math.ceil((to - from) / (budget - 1) / (7 * DAY));
  while (bucketCount(from, to, weeks * 7 * DAY) > budget) weeks++;
  return weeks * 7 * DAY;
}

/** `first` reaches back as far as the coarser source's first bucket (`than`, `thanMs` wide) does. */
const reaches = (first: number | null, than: number | null, thanMs: number) => first !== null && (than === null || first < than + thanMs);

/**
 * Chooses the finest source that shows [from, to) within `budget` points: raw samples for ranges
 * up to {@link RAW_MAX_RANGE_MS} when they fit; the 1-minute rollup up to
 * {@link MINUTE_MAX_RANGE_MS}, merged into wider buckets to fit; the 1-hour rollup otherwise,
 * merged likewise. A source whose data starts later than a coarser one's (pruned by retention,
 * or written only lately, as the demo seeds minutes for the last two hours only) is passed over,
 * so a chart never shows a fine tail where a coarse but whole picture exists.
 */
export function chooseResolution(from: number, to: number, budget: number, facts: HistoryFacts): HistoryResolution {
  const range = to - from;
  const minuteStep = range <= MINUTE_MAX_RANGE_MS ? fittingStep(from, to, budget, MINUTE_STEPS) : null;
  const nothing = facts.rawFirst === null && facts.minuteFirst === null && facts.hourFirst === null;
  const minuteOk = minuteStep !== null && (nothing || reaches(facts.minuteFirst, facts.hourFirst, HOUR));
  const rawOk = range <= RAW_MAX_RANGE_MS && facts.rawCount !== null && facts.rawCount <= budget
    && (nothing || (minuteOk ? reaches(facts.rawFirst, facts.minuteFirst, MINUTE) : reaches(facts.rawFirst, facts.hourFirst, HOUR)));
  if (rawOk) return { interval: 'raw', bucketMs: 0 };
  if (minuteOk) return { interval: '1m', bucketMs: minuteStep };
  return { interval: '1h', bucketMs: hourStep(from, to, budget) };
}

/** A rollup row as read: the bucket's start, extremes, sum and sample count. */
export interface RollupPoint {
  ts: number;
  min: number;
  max: number;
  sum: number;
  count: number;
}

/** Merges rollup rows (oldest first) into `stepMs` buckets aligned to the epoch. */
export function mergeBuckets(rows: readonly RollupPoint[], stepMs: number): RollupPoint[] {
  const out: RollupPoint[] = [];
  for (const r of rows) {
    const ts = Math.floor(r.ts / stepMs) * stepMs;
    const last = out.at(-1);
    if (last && last.ts === ts) {
      last.min = Math.min(last.min, r.min);
      last.max = Math.max(last.max, r.max);
      last.sum += r.sum;
      last.count += r.count;
    } else {
      out.push({ ts, min: r.min, max: r.max, sum: r.sum, count: r.count });
    }
  }
  return out;
}
