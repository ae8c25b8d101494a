/**
 * The quick run (`npm run bench:quick`: `--quick`, or BENCH_QUICK=1): every bench once at small
 * sizes (a thousand devices instead of 100,000, a few rounds instead of dozens, soaks of seconds
 * instead of minutes), so CI sees that each bench still runs and prints its figures. Its figures
 * are not comparable to the budgets; only the full `npm run bench` measures.
 */
export const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

/** `full` in a full run, `quick` in a quick one: the one place a bench's sizes differ. */
export function size<T>(full: T, quick: T): T {
  return QUICK ? quick : full;
}

/**
 * Days of demo history a bench's server seeds: a year as `npm start` in a full run, one day in a
 * quick one (a year takes 20 s or more a server on a busy 2-core machine). Undefined: the default.
 */
export const DEMO_HISTORY_DAYS: number | undefined = size(undefined, 1);
