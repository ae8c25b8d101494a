import type { Transaction } from 'kysely';
import { ConditionType } from '../../contract/conditions';
import { DeviceState, DeviceTypeId, MeasureTag } from '../../contract/enums';
import type { Dialect } from '../db/columns';
import type { DB } from '../db/schema';
import { FILTER_LOAD_PER_HOUR, airVolumeM3h, loadOfResistance, resistancePa } from '../simulator/filter-load';
import { AMBIENT_PM10_RATIO, SO2_NOISE_PPM, ambientPm25, fanPowerKw, meterPowerKw, pm03Of, pm1Of, so2Ppm } from '../simulator/signals';
import { seedHistoryYear, type YearDevice } from './demo-history-year';
import { demoSiteProfile } from './demo-sites';
import { prng } from './prng';

const MINUTE = 60_000;
const HOUR = 3_600_000;
/** Hourly rollups reach this far back (whole buckets), minute rollups of PM this far. */
const HISTORY_HOURS = 24;
const MINUTE_HISTORY_HOURS = 2;
/** Synthetic sample spacing: fine where minute buckets are written, coarse before. */
const RECENT_STEP = 30_000;
const OLD_STEP = 5 * MINUTE;
/** Rows per multi-row insert: 7 parameters each, well inside SQLite's and PostgreSQL's limits. */
const BATCH = 500;

type Kind = 'pm25' | 'pm10' | 'pm1' | 'pm03' | 'so2' | 'resistance' | 'airVolume' | 'energy';
/** The points with history: the particulates and SO₂ (what the AQI and filtration analyses read), resistance, air volume, energy. */
const KIND_OF_TAG: Record<number, Kind> = {
  [MeasureTag.PM25]: 'pm25', [MeasureTag.PM10]: 'pm10', [MeasureTag.PM1]: 'pm1', [MeasureTag.PM03]: 'pm03',
  [MeasureTag.SulfurDioxide]: 'so2', [MeasureTag.Resistance]: 'resistance', [MeasureTag.AirVolume]: 'airVolume',
  [MeasureTag.TotalEnergy]: 'energy',
};

interface Rollup { device_id: number; measure_id: number; bucket: number; min_value: number; max_value: number; sum_value: number; sample_count: number }

/** Folds samples into per-bucket rollup rows, as the history writer does. */
class Folder {
  private readonly rows = new Map<number, Rollup>();
  constructor(private readonly deviceId: number, private readonly measureId: number, private readonly bucketMs: number) {}
  add(ts: number, v: number): void {
    const bucket = Math.floor(ts / this.bucketMs) * this.bucketMs;
    const r = this.rows.get(bucket);
    if (!r) {
      this.rows.set(bucket, { device_id: this.deviceId, measure_id: this.measureId, bucket, min_value: v, max_value: v, sum_value: v, sample_count: 1 });
      return;
    }
    r.min_value = Math.min(r.min_value, v);
    r.max_value = Math.max(r.max_value, v);
    r.sum_value += v;
    r.sample_count++;
  }
  values(): Rollup[] {
    return [...this.rows.values()];
  }
}

/** Sample times from `start` up to `until` (inclusive, on a grid ending at `until`), oldest first. */
function sampleTimes(start: number, until: number, now: number): number[] {
  const out: number[] = [];
  for (let t = until; t >= start; t -= t > now - MINUTE_HISTORY_HOURS * HOUR ? RECENT_STEP : OLD_STEP) out.push(t);
  return out.reverse();
}

/** Load of a filter changed just now; the one it replaced was near its limit. */
const FRESH_LOAD = 0.02;
const REPLACED_LOAD = 0.9;

/**
 * The last 24 hours of the demo devices' particulate (PM2.5, PM10, PM1, PM0.3), SO₂, air volume,
 * energy and resistance points as hourly rollups (and the last 2 hours of PM2.5 and PM10 as minute
 * rollups), plus their current values, so trends, today's energy, the AQI and filter life show
 * data before the simulator's first tick. Shapes follow the simulator's signals
 * (server/simulator/signals.ts) and each site's profile (demo-sites.ts): PM with the city's air
 * and the morning and evening rush, SO₂ a few ppb with it, resistance rising with the filter's load (each site's bank as worn as its profile says, filters changed along the
 * way), air volume falling with it, energy counters integrating the fan's or the site meter's
 * power and ending at the current value. Points that already have a current value (the seeded
 * alarms) end at it; a unit whose seeded fault stopped its fan moves no air since. Offline devices
 * stop at their last contact. Before that, `days` (a year on first start) of hourly rollups in
 * bulk (demo-history-year.ts), and the energy page's day and month sums of all of it.
 * Deterministic for a given `now`.
 */
export async function seedHistory(trx: Transaction<DB>, now: number, options: { days?: number; dialect?: Dialect } = {}): Promise<void> {
  const random = prng(2027);
  const noise = (sd: number) => sd * Math.sqrt(-2 * Math.log(Math.max(1e-12, random()))) * Math.cos(2 * Math.PI * random());
  const devices = await trx.selectFrom('t_device as d').leftJoin('t_project as p', 'p.id', 'd.project_id')
    .select(['d.id', 'd.project_id', 'd.device_model_id', 'd.device_type_id', 'd.state', 'd.last_seen_at', 'p.code'])
    .orderBy('d.id').execute();
  const measures = await trx.selectFrom('t_measure').select(['id', 'device_model_id', 'tag_id', 'decimals', 'max_value'])
    .where('tag_id', 'in', Object.keys(KIND_OF_TAG).map(Number)).orderBy('sort_order').orderBy('id').execute();
  const stored = new Map((await trx.selectFrom('t_real_measure').select(['device_id', 'measure_id', 'value']).execute())
    .map((r) => [`${r.device_id}:${r.measure_id}`, r.value]));
  // Seeded faults with bit 0 (风机过载) stopped the unit's fan when they were raised.
  const fanStopped = new Map((await trx.selectFrom('t_real_measure_warning').select(['device_id', 'raised_at', 'sample_value'])
    .where('condition_type', '=', ConditionType.Bitwise).execute())
    .filter((a) => (a.sample_value ?? 0) & 1).map((a) => [a.device_id, a.raised_at]));

  const start = Math.floor(now / HOUR) * HOUR - HISTORY_HOURS * HOUR;
  const minuteStart = Math.floor((now - MINUTE_HISTORY_HOURS * HOUR) / MINUTE) * MINUTE;
  const hourRows: Rollup[] = [];
  const minuteRows: Rollup[] = [];
  const current: { device_id: number; measure_id: number; value: number; ts: number }[] = [];
  const year: YearDevice[] = [];

  for (const d of devices) {
    const points = measures.filter((m) => m.device_model_id === d.device_model_id);
    if (!points.length) continue;
    const site = demoSiteProfile(d.code);
    const base = site.pm25Base;
    const until = d.state === DeviceState.Offline ? Math.min(now, d.last_seen_at ?? now - HOUR) : now;
    const sensor = d.device_type_id === DeviceTypeId.Sensor;
    const storedOf = (measureId: number) => stored.get(`${d.id}:${measureId}`) ?? null;

    // Filter load now: from a seeded alarm's resistance, else around the site's bank (below the
    // 450 Pa alarm: no alarm without a record), one filter in eight changed lately. A unit's own
    // prefilter is changed more often.
    const resistance = points.find((m) => m.tag_id === MeasureTag.Resistance);
    const storedResistance = resistance ? storedOf(resistance.id) : null;
    const spread = random();
    const loadNow = storedResistance !== null ? Math.min(1.2, Math.max(FRESH_LOAD, loadOfResistance(storedResistance)))
      : d.device_type_id !== DeviceTypeId.Filter ? 0.1 + 0.6 * spread
        : random() < 0.125 ? 0.03 + 0.07 * spread
          : Math.min(0.88, Math.max(FRESH_LOAD, site.filterLoad + 0.4 * (spread - 0.5)));
    // Filters load at the simulator's pace with the fan on; before the last change, the old one.
    const changedAt = until - ((loadNow - FRESH_LOAD) / FILTER_LOAD_PER_HOUR) * HOUR;
    const load = (t: number) => (t >= changedAt ? loadNow - (FILTER_LOAD_PER_HOUR * (until - t)) / HOUR
      : REPLACED_LOAD - (FILTER_LOAD_PER_HOUR * (changedAt - t)) / HOUR);
    const stoppedAt = fanStopped.get(d.id) ?? Infinity;
    // A sensor with a seeded PM2.5 alarm has been in a haze for the last hour and a half.
    const pm25Point = points.find((m) => m.tag_id === MeasureTag.PM25);
    const storedPm25 = sensor && pm25Point ? storedOf(pm25Point.id) : null;
    const boost = storedPm25 !== null ? storedPm25 / ambientPm25(until, base, 1) : 1;
    const ambient = (t: number) => ambientPm25(t, base, 1) * (1 + (boost - 1) * Math.max(0, 1 - (until - t) / (90 * MINUTE)));
    const kw = (t: number) => d.device_type_id === DeviceTypeId.ElectricityMeter ? meterPowerKw(t, site) : fanPowerKw(t < stoppedAt, load(t));

    const times = sampleTimes(start, until, now);
    // Where the year before ends: at the first whole hour of these samples.
    const end = until >= start ? start : Math.floor(until / HOUR) * HOUR;
    const yearDevice: YearDevice = {
      deviceId: d.id, deviceTypeId: d.device_type_id, site, sensor, end, loadAtEnd: load(end), points: [], recent: new Map(),
    };
    year.push(yearDevice);
    for (const m of points) {
      const kind = KIND_OF_TAG[m.tag_id!];
      const f = 10 ** Math.min(6, Math.max(0, m.decimals));
      const round = (v: number) => Math.round(v * f) / f;
      const cap = (v: number) => Math.min(m.max_value ?? Infinity, Math.max(0, v));
      const hours = new Folder(d.id, m.id, HOUR);
      const minutes = kind === 'pm25' || kind === 'pm10' ? new Folder(d.id, m.id, MINUTE) : null;
      let energy = 20_000 + 180_000 * random();
      const values = new Array<number>(times.length);
      // Newest first, so counters integrate backwards from their current value.
      for (let i = times.length - 1; i >= 0; i--) {
        const t = times[i];
        let v: number;
        switch (kind) {
          case 'pm25': v = sensor ? ambient(t) + noise(2) : 3 + 0.06 * ambient(t) + 4 * load(t) + noise(0.8); break;
          case 'pm10': v = sensor ? ambient(t) * AMBIENT_PM10_RATIO + noise(4) : 6 + 0.1 * ambient(t) + noise(1); break;
          case 'pm1': v = pm1Of(ambient(t), sensor) + noise(1); break;
          case 'pm03': v = pm03Of(ambient(t), load(t)) + noise(60); break;
          case 'so2': v = so2Ppm(t, ambient(t), sensor) + noise(SO2_NOISE_PPM); break;
          case 'resistance': v = resistancePa(load(t)) + noise(3); break;
          case 'airVolume': v = t >= stoppedAt ? 0 : airVolumeM3h(m.max_value, load(t)) * (1 + noise(0.015)); break;
          case 'energy':
            if (i < times.length - 1) energy -= (kw((t + times[i + 1]) / 2) * (times[i + 1] - t)) / HOUR;
            v = energy;
            break;
        }
        values[i] = round(kind === 'energy' ? v : cap(v));
      }
      const last = storedOf(m.id);
      if (last !== null) values[values.length - 1] = last;
      else current.push({ device_id: d.id, measure_id: m.id, value: values[values.length - 1], ts: until });
      yearDevice.points.push({
        measureId: m.id, kind, max: m.max_value, min: 0, decimals: m.decimals,
        counterAtEnd: kind !== 'energy' ? undefined
          : values.length ? values[0] - (kw((end + times[0]) / 2) * (times[0] - end)) / HOUR : last ?? undefined,
      });
      times.forEach((t, i) => {
        hours.add(t, values[i]);
        if (minutes && t >= minuteStart) minutes.add(t, values[i]);
      });
      hourRows.push(...hours.values());
      yearDevice.recent.set(m.id, hours.values().sort((a, b) => a.bucket - b.bucket));
      if (minutes) minuteRows.push(...minutes.values());
    }
  }

  for (let i = 0; i < hourRows.length; i += BATCH) await trx.insertInto('t_history_measure_1h').values(hourRows.slice(i, i + BATCH)).execute();
  for (let i = 0; i < minuteRows.length; i += BATCH) await trx.insertInto('t_history_measure_1m').values(minuteRows.slice(i, i + BATCH)).execute();
  for (let i = 0; i < current.length; i += BATCH) await trx.insertInto('t_real_measure').values(current.slice(i, i + BATCH)).execute();
  await seedHistoryYear(trx, options.dialect ?? 'sqlite', { now, days: options.days ?? 1, devices: year });
}
