import { SITE_UTC_OFFSET_MINUTES } from '../../../../contract/constants';
import { ENERGY_PERIODS, type EnergyPeriod } from '../../../../contract/energy-analysis';

/** Figures of the energy page, formatted the same way everywhere (null: not measured, shown as —). */

const OFFSET = SITE_UTC_OFFSET_MINUTES * 60_000;

/** The site date (YYYY-MM-DD, UTC+8) of `ms`: the server's periods are site days. */
export const siteDateOf = (ms: number) => new Date(ms + OFFSET).toISOString().slice(0, 10);

/** A number with at most `digits` decimals and thousands separators; null as —. */
export function fmt(v: number | null | undefined, digits = 1, locale = 'zh-CN'): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return v.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A ratio as a percentage; null as —. */
export const pct = (ratio: number | null | undefined, digits = 1) =>
  ratio === null || ratio === undefined || !Number.isFinite(ratio) ? '—' : `${(ratio * 100).toFixed(digits)}%`;

/** (current − previous) ÷ previous, null when either is unknown or the previous is 0 (as the server's `change.ratio`). */
export function ratioOf(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / previous;
}

/**
 * A table column's comparator of numbers with the unknown (null) last in either order (antd
 * reverses the result for a descending sort and passes the order as the third argument).
 */
export const byNumber = <T>(pick: (row: T) => number | null) => (a: T, b: T, order?: 'ascend' | 'descend' | null) => {
  const x = pick(a);
  const y = pick(b);
  const last = order === 'descend' ? -1 : 1;
  if (x === null && y === null) return 0;
  if (x === null) return last;
  if (y === null) return -last;
  return x - y;
};

/** The period of the address (`?period=`), month when absent or unknown. */
export const periodOf = (raw: string | null): EnergyPeriod =>
  (ENERGY_PERIODS as readonly string[]).includes(raw ?? '') ? raw as EnergyPeriod : 'month';

/** The date of the address (`?date=`) when it is a YYYY-MM-DD a calendar has. */
export function dateOf(raw: string | null): string | undefined {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  const d = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === raw ? raw : undefined;
}

/** A trend point's label: YYYY-MM by month (year), else MM-DD. */
export const trendLabel = (start: number, period: EnergyPeriod) => (period === 'year' ? siteDateOf(start).slice(0, 7) : siteDateOf(start).slice(5));
