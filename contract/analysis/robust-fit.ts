/**
 * Robust trend fitting for the filter-life prediction: block medians, the Theil–Sen estimator
 * with Sen's confidence interval, and a linear or exponential model chosen by a robust criterion.
 * Pure arithmetic on plain arrays, sized for 10,000 filters a run.
 */

/** A point of a series: x in days, y in the measured unit. */
export interface XY {
  readonly x: number;
  readonly y: number;
}

/** The median of `values` (sorted in place); NaN for none. */
function medianInPlace(values: Float64Array | number[]): number {
  const n = values.length;
  if (!n) return Number.NaN;
  values.sort((a, b) => a - b);
  const mid = n >> 1;
  return n % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

/** The median of `values` (not changed); NaN for none. */
export function median(values: readonly number[]): number {
  return medianInPlace(values.slice());
}

/**
 * At most `maxBlocks` points: consecutive points grouped into equal blocks, each replaced by the
 * median of its x and the median of its y. Medians keep single outliers out, and fewer points
 * keep the pairwise Theil–Sen fit cheap on a year of daily values.
 */
export function blockMedians(points: readonly XY[], maxBlocks: number): XY[] {
  if (points.length <= maxBlocks) return points.slice();
  const size = Math.ceil(points.length / maxBlocks);
  const out: XY[] = [];
  for (let start = 0; start < points.length; start += size) {
    const block = points.slice(start, start + size);
    out.push({ x: median(block.map((p) => p.x)), y: median(block.map((p) => p.y)) });
  }
  return out;
}

/** A Theil–Sen line y = intercept + slope·x with Sen's confidence interval of the slope. */
export interface TheilSen {
  readonly slope: number;
  readonly intercept: number;
  /** Bounds of the slope at the requested confidence; equal to `slope` with too few pairs. */
  readonly slopeLow: number;
  readonly slopeHigh: number;
}

/** z of the two-sided 95 % normal interval. */
const Z95 = 1.959964;

/** The slopes of all pairs with distinct x. */
function pairwiseSlopes(points: readonly XY[]): Float64Array {
  const n = points.length;
  const slopes = new Float64Array((n * (n - 1)) / 2);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const pi = points[i];
    for (let j = i + 1; j < n; j++) {
      const dx = points[j].x - pi.x;
      if (dx !== 0) slopes[k++] = (points[j].y - pi.y) / dx;
    }
  }
  return slopes.subarray(0, k);
}

/** The k-th smallest (0-based) of `a`, which it partially reorders (Hoare's selection). */
function select(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i]; a[i] = a[j]; a[j] = t;
        i++; j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

/** The median of the slopes (partially reordering them). */
function medianSlope(slopes: Float64Array): number {
  const k = slopes.length;
  const upper = select(slopes, k >> 1);
  if (k % 2) return upper;
  let lower = -Infinity;
  // After selection everything below index k/2 is ≤ upper: the lower middle is their maximum.
  for (let i = 0; i < k >> 1; i++) if (slopes[i] > lower) lower = slopes[i];
  return (lower + upper) / 2;
}

/** Sen's interval: ranks (N ∓ C)/2 of the sorted slopes, C = z·√(n(n−1)(2n+5)/18). */
function slopeInterval(slopes: Float64Array, n: number, z: number): [number, number] {
  const k = slopes.length;
  const sorted = slopes.sort();
  const c = z * Math.sqrt((n * (n - 1) * (2 * n + 5)) / 18);
  const lo = Math.floor((k - c) / 2);
  const hi = Math.ceil((k + c) / 2);
  return [lo >= 1 ? sorted[lo - 1] : sorted[0], hi <= k ? sorted[hi - 1] : sorted[k - 1]];
}

/**
 * The Theil–Sen estimator: the median of the pairwise slopes, the median of y − slope·x as the
 * intercept, and Sen's (1968) distribution-free interval from the ranks (N ∓ C)/2 of the sorted
 * slopes. Null with fewer than two distinct x.
 */
export function theilSen(points: readonly XY[], z = Z95): TheilSen | null {
  const slopes = pairwiseSlopes(points);
  if (!slopes.length) return null;
  const slope = medianSlope(slopes);
  const intercept = medianInPlace(points.map((p) => p.y - slope * p.x));
  const [slopeLow, slopeHigh] = slopeInterval(slopes, points.length, z);
  return { slope, intercept, slopeLow, slopeHigh };
}

/** The trend models the life prediction chooses between. */
export type TrendModel = 'linear' | 'exponential';

/**
 * A fitted trend. Linear: y = a + b·x. Exponential: y = base + e^(a + b·x), fitted as a
 * Theil–Sen line through (x, ln(y − base)), so growth that speeds up late in life is followed.
 */
export interface Trend {
  readonly model: TrendModel;
  readonly a: number;
  readonly b: number;
  /** Slope bounds (b's 95 % interval). */
  readonly bLow: number;
  readonly bHigh: number;
  /** Exponential only: the offset below the data the exponential grows from (0 for linear). */
  readonly base: number;
  /** The robust criterion the model was chosen by (lower is better), in y units. */
  readonly score: number;
}

/** The value of a trend at x (optionally with another slope, pivoting at `pivotX`). */
export function trendAt(t: Trend, x: number, slope = t.b, pivotX = x): number {
  const inner = t.a + t.b * pivotX + slope * (x - pivotX);
  return t.model === 'linear' ? inner : t.base + Math.exp(inner);
}

/**
 * Where the trend reaches `target` (x), with slope `slope` pivoting at `pivotX`; null when it
 * never does (not rising, or an exponential whose base is above the target).
 */
export function trendReaches(t: Trend, target: number, slope = t.b, pivotX = 0): number | null {
  if (!(slope > 0)) return null;
  const level = t.a + t.b * pivotX;
  const goal = t.model === 'linear' ? target : target > t.base ? Math.log(target - t.base) : Number.NaN;
  if (!Number.isFinite(goal)) return null;
  return pivotX + (goal - level) / slope;
}

/**
 * The robust criterion: the median absolute residual over all points plus that over the later
 * half, so the fit that follows the recent trend — the one extrapolated — wins.
 */
function score(points: readonly XY[], predict: (x: number) => number): number {
  const residuals = points.map((p) => Math.abs(p.y - predict(p.x)));
  return median(residuals) + median(residuals.slice(residuals.length >> 1));
}

/** The exponential model must beat the linear one by this factor to be chosen (simpler wins ties). */
const EXP_ADVANTAGE = 0.9;
/** The highest offset tried, as a share of the lowest y (the logarithm needs y − base > 0). */
const MAX_BASE_SHARE = 0.98;
/** Offsets always tried, as shares of the lowest y. */
const BASE_SHARES = [0, 0.5, 0.8, 0.9, 0.95, MAX_BASE_SHARE];

/**
 * The offset of y = base + A·e^(b·x) from three equally spaced levels y1, y2, y3 (the medians of
 * the first, middle and last third): base = (y1·y3 − y2²) ÷ (y1 + y3 − 2·y2). Null when the
 * thirds do not curve upwards.
 */
function threePointBase(points: readonly XY[]): number | null {
  const third = Math.floor(points.length / 3);
  if (third < 1) return null;
  const level = (from: number) => median(points.slice(from, from + third).map((p) => p.y));
  const y1 = level(0);
  const y2 = level((points.length - third) >> 1);
  const y3 = level(points.length - third);
  const curve = y1 + y3 - 2 * y2;
  if (!(curve > 0) || !(y2 > y1)) return null;
  return (y1 * y3 - y2 * y2) / curve;
}

interface Candidate { model: TrendModel; base: number; fitPoints: readonly XY[]; slopes: Float64Array; a: number; b: number; score: number }

function candidate(points: readonly XY[], model: TrendModel, base: number): Candidate | null {
  const fitPoints = model === 'linear' ? points : points.map((p) => ({ x: p.x, y: Math.log(p.y - base) }));
  const slopes = pairwiseSlopes(fitPoints);
  if (!slopes.length) return null;
  const b = medianSlope(slopes);
  if (model === 'exponential' && !(b > 0)) return null;
  const a = medianInPlace(fitPoints.map((p) => p.y - b * p.x));
  const predict = model === 'linear' ? (x: number) => a + b * x : (x: number) => base + Math.exp(a + b * x);
  return { model, base, fitPoints, slopes, a, b, score: score(points, predict) };
}

/**
 * Fits the linear model and the exponential model — with offsets of 0, 0.5, 0.8, 0.9, 0.95 and
 * 0.98 of the lowest value and the offset the curve's three thirds give — and returns the one
 * with the lowest robust score; an exponential must be at least 10 % better than the line. The
 * slope interval is worked out for the chosen model only. Null with fewer than two distinct x.
 */
export function fitTrend(points: readonly XY[]): Trend | null {
  let best = candidate(points, 'linear', 0);
  if (!best) return null;
  const minY = Math.min(...points.map((p) => p.y));
  if (minY > 0) {
    const bases = BASE_SHARES.map((share) => share * minY);
    const offset = threePointBase(points);
    if (offset !== null && offset > 0) bases.push(Math.min(offset, MAX_BASE_SHARE * minY));
    for (const base of bases) {
      const c = candidate(points, 'exponential', base);
      if (c && c.score < best.score * (best.model === 'linear' ? EXP_ADVANTAGE : 1)) best = c;
    }
  }
  const [bLow, bHigh] = slopeInterval(best.slopes, best.fitPoints.length, Z95);
  return { model: best.model, a: best.a, b: best.b, bLow, bHigh, base: best.base, score: best.score };
}
