import { periodStart } from '../../../contract/analysis/fan-energy';
import { SITE_UTC_OFFSET_MINUTES } from '../../../contract/constants';

/*
 * Folding a device's hourly rollups into the energy page's day and month sums (t_energy_day,
 * t_energy_month). Pure: the demo seed folds the rows it writes with these, the refresher the rows
 * it reads back, so both give the same sums.
 */

const HOUR = 3_600_000;
const DAY = 86_400_000;
const SITE_OFFSET = SITE_UTC_OFFSET_MINUTES * 60_000;
/** The site day holding `ms` (periodStart(ms, 'day'), without a Date per hour). */
const siteDay = (ms: number) => Math.floor((ms + SITE_OFFSET) / DAY) * DAY - SITE_OFFSET;

/** One hourly rollup row of one point. */
export interface HourRollup {
  bucket: number;
  min_value: number;
  max_value: number;
  sum_value: number;
  sample_count: number;
}

/** The hourly rows of a device's energy-related points, each sorted by bucket. */
export interface DeviceHours {
  /** Electricity counter (tag 6); `energyBefore` is its last row before the rows given (the counter's rise needs it). */
  energy?: readonly HourRollup[];
  energyBefore?: HourRollup | null;
  /** Air volume (tag 7), m³/h. */
  air?: readonly HourRollup[];
  /** Resistance (tag 5), Pa. */
  resistance?: readonly HourRollup[];
}

/** The sums of one device over a day or a month (the columns of t_energy_day / t_energy_month). */
export interface EnergySumsRow {
  /** Hours with a reading of any of the points. */
  hours: number;
  /** Electricity, kWh: the counter's rise; null without a counter reading. */
  energy_kwh: number | null;
  /** Hours the counter's rise covers. */
  energy_hours: number;
  /** Air moved, m³ (Σ Q·h); null without air readings. */
  air_m3: number | null;
  air_hours: number;
  /** Σ Δp·h (Pa·h); null without resistance readings. */
  pa_sum: number | null;
  pa_hours: number;
  /** Σ Q·h and Σ Q·Δp·h over the hours with both readings. */
  qp_m3: number | null;
  qpa: number | null;
  qp_hours: number;
}

export interface EnergyDayRow extends EnergySumsRow { device_id: number; day: number }
export interface EnergyMonthRow extends EnergySumsRow { device_id: number; month: number }

const mean = (r: HourRollup) => (r.sample_count > 0 ? r.sum_value / r.sample_count : r.sum_value);

function emptySums(): EnergySumsRow {
  return { hours: 0, energy_kwh: null, energy_hours: 0, air_m3: null, air_hours: 0, pa_sum: null, pa_hours: 0, qp_m3: null, qpa: null, qp_hours: 0 };
}

const add = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

/**
 * Per hour bucket: the electricity the counter rose by up to that hour's last reading (from the
 * previous hour's last reading; over a gap it covers the gap's hours; after a reset or with no
 * reading before, the rise within the hour), the mean air volume and the mean resistance.
 */
function hourValues(hours: DeviceHours) {
  const byHour = new Map<number, { e?: number; eh?: number; q?: number; p?: number }>();
  const at = (b: number) => {
    let v = byHour.get(b);
    if (!v) byHour.set(b, (v = {}));
    return v;
  };
  let prev = hours.energyBefore ?? null;
  for (const r of hours.energy ?? []) {
    const v = at(r.bucket);
    if (prev && r.max_value >= prev.max_value && r.bucket > prev.bucket) {
      v.e = r.max_value - prev.max_value;
      v.eh = (r.bucket - prev.bucket) / HOUR;
    } else {
      v.e = Math.max(0, r.max_value - r.min_value);
      v.eh = 1;
    }
    prev = r;
  }
  for (const r of hours.air ?? []) at(r.bucket).q = mean(r);
  for (const r of hours.resistance ?? []) at(r.bucket).p = mean(r);
  return byHour;
}

/** A device's day sums (site days, UTC+8), one row per day with a reading; `onlyDays` limits the days returned. */
export function foldEnergyDays(deviceId: number, hours: DeviceHours, onlyDays?: ReadonlySet<number>): EnergyDayRow[] {
  const days = new Map<number, EnergyDayRow>();
  for (const [bucket, v] of hourValues(hours)) {
    const day = siteDay(bucket);
    if (onlyDays && !onlyDays.has(day)) continue;
    let d = days.get(day);
    if (!d) days.set(day, (d = { device_id: deviceId, day, ...emptySums() }));
    d.hours += 1;
    if (v.e !== undefined) { d.energy_kwh = (d.energy_kwh ?? 0) + v.e; d.energy_hours += v.eh ?? 1; }
    if (v.q !== undefined) { d.air_m3 = (d.air_m3 ?? 0) + v.q; d.air_hours += 1; }
    if (v.p !== undefined) { d.pa_sum = (d.pa_sum ?? 0) + v.p; d.pa_hours += 1; }
    if (v.q !== undefined && v.p !== undefined) {
      d.qp_m3 = (d.qp_m3 ?? 0) + v.q;
      d.qpa = (d.qpa ?? 0) + v.q * v.p;
      d.qp_hours += 1;
    }
  }
  return [...days.values()].sort((a, b) => a.day - b.day);
}

/** Sums of several rows (days into a month, or the rows of a period). */
export function sumEnergyRows(rows: readonly EnergySumsRow[]): EnergySumsRow {
  const s = emptySums();
  for (const r of rows) {
    s.hours += r.hours;
    s.energy_kwh = add(s.energy_kwh, r.energy_kwh);
    s.energy_hours += r.energy_hours;
    s.air_m3 = add(s.air_m3, r.air_m3);
    s.air_hours += r.air_hours;
    s.pa_sum = add(s.pa_sum, r.pa_sum);
    s.pa_hours += r.pa_hours;
    s.qp_m3 = add(s.qp_m3, r.qp_m3);
    s.qpa = add(s.qpa, r.qpa);
    s.qp_hours += r.qp_hours;
  }
  return s;
}

/** Day rows of one device folded into its month rows (site months). */
export function foldEnergyMonths(deviceId: number, days: readonly EnergyDayRow[]): EnergyMonthRow[] {
  const byMonth = new Map<number, EnergyDayRow[]>();
  for (const d of days) {
    const month = periodStart(d.day, 'month');
    const list = byMonth.get(month);
    if (list) list.push(d);
    else byMonth.set(month, [d]);
  }
  return [...byMonth].sort((a, b) => a[0] - b[0]).map(([month, rows]) => ({ device_id: deviceId, month, ...sumEnergyRows(rows) }));
}
