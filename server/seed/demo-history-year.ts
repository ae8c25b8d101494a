import { CompiledQuery, sql, type Transaction } from 'kysely';
import { DeviceTypeId } from '../../contract/enums';
import type { Dialect } from '../db/columns';
import type { DB } from '../db/schema';
import { foldEnergyDays, foldEnergyMonths, type HourRollup } from '../analysis/energy/energy-fold';
import { airVolumeM3h, resistancePa } from '../simulator/filter-load';
import { AMBIENT_PM10_RATIO, SO2_NOISE_PPM, ambientPm25, fanPowerKw, meterPowerKw, pm03Of, pm1Of, so2Ppm } from '../simulator/signals';
import type { SiteProfile } from '../simulator/site-profile';
import { prng } from './prng';

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Samples per hour the rows stand for (one every 5 minutes, as the recent history's older part). */
const SAMPLES = 12;

/** Days of hourly history a new demo database gets (`DEMO_HISTORY_DAYS`). */
export const DEMO_HISTORY_DAYS = 365;

export type HistoryKind = 'pm25' | 'pm10' | 'pm1' | 'pm03' | 'so2' | 'resistance' | 'airVolume' | 'energy';

/**
 * Dust loading of the demo's filters over the year (what the resistance follows): a filter's load is
 * the dust it caught ÷ its capacity, caught at upstream PM2.5 × air volume × capture efficiency × time.
 * NV-F600 (the high-efficiency filters) and the prefilter of an NV-AP900 unit, which is changed
 * more often. The life models of the demo seed should say the same.
 */
export const DEMO_FILTER_DUST = {
  filter: { capacityG: 500, efficiency: 0.9 },
  unit: { capacityG: 600, efficiency: 0.6 },
} as const;
/** Load of a filter just put in. */
const FRESH_LOAD = 0.02;

/** One demo device as the recent (24 h) history left it, where the year's history must end. */
export interface YearDevice {
  deviceId: number;
  deviceTypeId: number;
  site: SiteProfile;
  /** Sensors read the ambient air. */
  sensor: boolean;
  /** End of the year's rows (exclusive, on the hour): where the recent history's rows begin. */
  end: number;
  /** Filter load at `end`. */
  loadAtEnd: number;
  points: { measureId: number; kind: HistoryKind; max: number | null; decimals: number; min: number; counterAtEnd?: number }[];
  /** The recent history's hourly rows of this device, by measure id (folded into the energy days with the year's). */
  recent: Map<number, HourRollup[]>;
}

/**
 * A year (`days`) of hourly rollups before the recent history, for every demo device, seeded in
 * bulk, and the energy page's day and month sums of the whole history. Physically consistent:
 * - ambient PM2.5 follows the site's daily rush hours (signals.ts), the season (higher in winter)
 *   and multi-day haze episodes, ending at the level the recent history starts from; PM10, PM1
 *   and SO₂ go with it (so2Ppm: a few ppb, more with haze and in winter, a late-morning peak);
 * - a filter's load (filter-load.ts) grows with the dust it catches (upstream PM × air volume ×
 *   efficiency × time ÷ capacity); a replacement puts in a fresh one, at a load that depends on
 *   how well the site is kept (its incident rate: a badly kept plant changes them late);
 * - resistance follows the load, air volume falls with it, the fan's power rises with it and the
 *   energy counter integrates that power, ending at the recent history's first value.
 * Deterministic for a given `now`. Returns the number of hourly rows written.
 */
export async function seedHistoryYear(
  trx: Transaction<DB>, dialect: Dialect, options: { now: number; days: number; devices: YearDevice[] },
): Promise<number> {
  const { now, days, devices } = options;
  const random = prng(2028);
  const gauss = () => Math.sqrt(-2 * Math.log(Math.max(1e-12, random()))) * Math.cos(2 * Math.PI * random());
  const begin = Math.floor(now / HOUR) * HOUR - days * DAY;
  const haze = new Map<SiteProfile, Float64Array>();
  const hazeOf = (site: SiteProfile) => {
    let f = haze.get(site);
    if (!f) {
      // Daily factors from a persistent random walk (episodes last days), easing to 1 on the year's
      // last day (index days − 2: its rows end a day before now, where the recent day's clear air
      // begins), so the two meet without a step.
      f = new Float64Array(days + 2);
      let z = 0;
      for (let i = 0; i < f.length; i++) {
        z = 0.75 * z + 0.45 * gauss();
        const ease = Math.min(1, Math.max(0, (days - 2 - i) / 3));
        f[i] = Math.exp(ease * Math.max(-0.6, Math.min(1.1, z)));
      }
      haze.set(site, f);
    }
    return f;
  };
  // Winter (mid January) is the dirty season: × (1 + 0.35 cos), relative to now.
  const seasonRaw = (t: number) => 1 + 0.35 * Math.cos((2 * Math.PI * (t - Date.UTC(2000, 0, 15))) / (365.25 * DAY));
  const seasonNow = seasonRaw(now);
  const ambientAt = (site: SiteProfile, t: number) => {
    const f = hazeOf(site);
    const i = Math.min(f.length - 1, Math.max(0, Math.floor((t - begin) / DAY)));
    return ambientPm25(t, site.pm25Base, (seasonRaw(t) / seasonNow) * f[i]);
  };

  let written = 0;
  const energyDays: ReturnType<typeof foldEnergyDays> = [];
  const energyMonths: ReturnType<typeof foldEnergyMonths> = [];
  for (const d of devices) {
    const hoursBack = Math.max(0, Math.floor((d.end - begin) / HOUR));
    const meter = d.deviceTypeId === DeviceTypeId.ElectricityMeter;
    const loaded = !d.sensor && !meter;
    const dust = d.deviceTypeId === DeviceTypeId.Filter ? DEMO_FILTER_DUST.filter : DEMO_FILTER_DUST.unit;
    const airPoint = d.points.find((p) => p.kind === 'airVolume');
    const maxAir = airPoint?.max ?? (d.deviceTypeId === DeviceTypeId.Filter ? 12000 : 30000);
    // Backwards from the end: the load an hour earlier is the load less the dust of that hour.
    const load = new Float64Array(hoursBack);
    const ambient = new Float64Array(hoursBack);
    let l = d.loadAtEnd;
    for (let i = hoursBack - 1; i >= 0; i--) {
      const t = begin + (d.end - begin - hoursBack * HOUR) + i * HOUR + HOUR / 2;
      ambient[i] = ambientAt(d.site, t);
      if (!loaded) continue;
      load[i] = l;
      const q = airVolumeM3h(maxAir, l);
      l -= (ambient[i] * q * dust.efficiency) / 1e6 / dust.capacityG;
      if (l < FRESH_LOAD) {
        // The filter before this one: changed at a load that says how well the site is kept.
        l = Math.min(1.15, 0.68 + 0.12 * d.site.incidents + 0.12 * random());
      }
    }
    const first = d.end - hoursBack * HOUR;
    const hours = new Map<number, HourRollup[]>();
    for (const p of d.points) {
      const f = 10 ** Math.min(6, Math.max(0, p.decimals));
      const round = (v: number) => Math.round(v * f) / f;
      const cap = (v: number) => Math.min(p.max ?? Infinity, Math.max(p.min, v));
      const rows: HourRollup[] = new Array(hoursBack);
      let counter = p.counterAtEnd ?? 20_000 + 180_000 * random();
      for (let i = hoursBack - 1; i >= 0; i--) {
        const bucket = first + i * HOUR;
        const t = bucket + HOUR / 2;
        if (p.kind === 'energy') {
          const kw = meter ? meterPowerKw(t, d.site) : fanPowerKw(true, load[i]);
          counter -= kw;
          // Samples every 5 minutes over the hour: c, c + kw/12, …, c + 11·kw/12.
          const lo = round(counter);
          rows[i] = { bucket, min_value: lo, max_value: round(counter + (kw * (SAMPLES - 1)) / SAMPLES), sum_value: round(SAMPLES * counter + (kw * (SAMPLES - 1)) / 2), sample_count: SAMPLES };
          continue;
        }
        let v: number;
        let sd: number;
        switch (p.kind) {
          case 'pm25':
            v = d.sensor ? ambient[i] : 3 + 0.06 * ambient[i] + 4 * load[i];
            sd = d.sensor ? 2 : 0.8;
            break;
          case 'pm10':
            v = d.sensor ? ambient[i] * AMBIENT_PM10_RATIO : 6 + 0.1 * ambient[i];
            sd = d.sensor ? 4 : 1;
            break;
          case 'pm1': v = pm1Of(ambient[i], d.sensor); sd = 1; break;
          case 'pm03': v = pm03Of(ambient[i], load[i]); sd = 60; break;
          // SO₂ with the haze and the season the PM2.5 carries (coal smoke), a few ppb.
          case 'so2': v = so2Ppm(t, ambient[i], d.sensor); sd = SO2_NOISE_PPM; break;
          case 'resistance': v = resistancePa(load[i]); sd = 3; break;
          default: v = airVolumeM3h(maxAir, load[i]); sd = 0.015 * v; break;
        }
        const m = cap(v + (sd / Math.sqrt(SAMPLES)) * gauss());
        const spread = sd * (1.3 + 0.5 * random());
        rows[i] = { bucket, min_value: round(cap(m - spread)), max_value: round(cap(m + spread)), sum_value: round(m * SAMPLES), sample_count: SAMPLES };
      }
      hours.set(p.measureId, rows);
      written += await insertRollups(trx, dialect, d.deviceId, p.measureId, rows);
    }
    // The energy page's sums of the whole history (the year's rows and the recent ones).
    const all = (kind: HistoryKind) => {
      const p = d.points.find((x) => x.kind === kind);
      return p ? [...(hours.get(p.measureId) ?? []), ...(d.recent.get(p.measureId) ?? [])] : undefined;
    };
    const folded = foldEnergyDays(d.deviceId, { energy: all('energy'), air: all('airVolume'), resistance: all('resistance') });
    if (folded.length && (d.points.some((p) => p.kind === 'energy' || p.kind === 'airVolume' || p.kind === 'resistance'))) {
      energyDays.push(...folded);
      energyMonths.push(...foldEnergyMonths(d.deviceId, folded));
    }
  }
  await bulkInsert(trx, dialect, 't_energy_day', ENERGY_COLUMNS('day'), energyDays as never);
  await bulkInsert(trx, dialect, 't_energy_month', ENERGY_COLUMNS('month'), energyMonths as never);
  return written;
}

const ENERGY_COLUMNS = (key: 'day' | 'month'): [string, PgType][] => [
  ['device_id', 'int'], [key, 'int8'], ['hours', 'float8'], ['energy_kwh', 'float8'], ['energy_hours', 'float8'], ['air_m3', 'float8'],
  ['air_hours', 'float8'], ['pa_sum', 'float8'], ['pa_hours', 'float8'], ['qp_m3', 'float8'], ['qpa', 'float8'], ['qp_hours', 'float8'],
];
const ROLLUP_COLUMNS: [string, PgType][] = [
  ['device_id', 'int'], ['measure_id', 'int'], ['bucket', 'int8'], ['min_value', 'float8'], ['max_value', 'float8'], ['sum_value', 'float8'], ['sample_count', 'int'],
];

async function insertRollups(trx: Transaction<DB>, dialect: Dialect, deviceId: number, measureId: number, rows: HourRollup[]): Promise<number> {
  if (dialect === 'postgres') {
    return bulkInsert(trx, dialect, 't_history_measure_1h', ROLLUP_COLUMNS, rows.map((r) => ({ ...r, device_id: deviceId, measure_id: measureId })));
  }
  // SQLite: parameters, 2,000 rows a statement (a small statement to parse, 14,000 parameters).
  for (let i = 0; i < rows.length; i += SQLITE_ROWS) {
    const part = rows.slice(i, i + SQLITE_ROWS);
    const params: number[] = new Array(part.length * 7);
    part.forEach((r, j) => {
      params[7 * j] = deviceId; params[7 * j + 1] = measureId; params[7 * j + 2] = r.bucket; params[7 * j + 3] = r.min_value;
      params[7 * j + 4] = r.max_value; params[7 * j + 5] = r.sum_value; params[7 * j + 6] = r.sample_count;
    });
    await trx.executeQuery(CompiledQuery.raw(`insert into t_history_measure_1h (device_id, measure_id, bucket, min_value, max_value, sum_value, sample_count) values ${valuesList(part.length, 7)}`, params));
  }
  return rows.length;
}

/** Rows per SQLite multi-row insert, within its 32,766 parameters for up to 16 columns. */
const SQLITE_ROWS = 2000;
const valueLists = new Map<string, string>();
/** `(?,…),(?,…)…`: `rows` groups of `columns` placeholders (cached: the same shapes repeat). */
function valuesList(rows: number, columns: number): string {
  const key = `${rows}:${columns}`;
  let list = valueLists.get(key);
  if (!list) {
    list = Array<string>(rows).fill(`(${Array<string>(columns).fill('?').join(',')})`).join(',');
    valueLists.set(key, list);
  }
  return list;
}

type PgType = 'int' | 'int8' | 'float8';

/**
 * Inserts many numeric rows fast: on PostgreSQL one `unnest` of column arrays per 20,000 rows (7
 * or 12 parameters), on SQLite multi-row VALUES of parameters, 2,000 rows a statement (parsing
 * a statement of literals cost more than the insert itself).
 */
export async function bulkInsert(
  trx: Transaction<DB>, dialect: Dialect, table: string, columns: [string, PgType][], rows: Record<string, number | null>[],
): Promise<number> {
  const names = columns.map(([c]) => c).join(', ');
  if (dialect === 'postgres') {
    for (let i = 0; i < rows.length; i += 20_000) {
      const part = rows.slice(i, i + 20_000);
      const arrays = columns.map(([c, type]) => sql`${part.map((r) => r[c] ?? null)}::${sql.raw(type)}[]`);
      await sql`insert into ${sql.table(table)} (${sql.raw(names)}) select * from unnest(${sql.join(arrays)})`.execute(trx);
    }
    return rows.length;
  }
  for (let i = 0; i < rows.length; i += SQLITE_ROWS) {
    const part = rows.slice(i, i + SQLITE_ROWS);
    const params = part.flatMap((r) => columns.map(([c]) => r[c] ?? null));
    await trx.executeQuery(CompiledQuery.raw(`insert into ${table} (${names}) values ${valuesList(part.length, columns.length)}`, params));
  }
  return rows.length;
}
