import { sql, type Kysely } from 'kysely';
import { aqiOf } from '../../../contract/analysis/aqi';
import { DEFAULT_AQI_STANDARD, type AqiStandardId } from '../../../contract/analysis/aqi-tables';
import { ConditionType } from '../../../contract/conditions';
import { DeviceState, DeviceTypeId, MEASURE_TAGS, MeasureTag, WarnLevel, type MeasureTagId } from '../../../contract/enums';
import {
  FILTER_FINAL_PA, FILTER_INITIAL_PA, TREND_MINUTE_MAX_HOURS, filterRemainingPct, siteDayStart,
  type FeaturedUnit, type FilterLifeItem, type MeasureTrend, type ProjectState, type ScreenOverview, type ScreenProject,
} from '../../../contract/screen-data';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleProjectFilter } from '../../auth/scope-filters';

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Whose data: the user's data scope, narrowed to one project when `projectId` is set (and to one device for a trend). */
export interface ScreenScope {
  user: AuthUser;
  projectId?: number;
  deviceId?: number;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const mean = (total: number, n: number) => (n ? round1(total / n) : null);

/** Sums and counts of current values, sensors apart from the rest. */
interface ValueSums { sensor: { total: number; n: number }; other: { total: number; n: number } }
const emptySums = (): ValueSums => ({ sensor: { total: 0, n: 0 }, other: { total: 0, n: 0 } });
/** The sensors' average when they have values (ambient air), else every point's. */
const ambientMean = (s: ValueSums | undefined) =>
  !s ? null : s.sensor.n ? mean(s.sensor.total, s.sensor.n) : mean(s.sensor.total + s.other.total, s.sensor.n + s.other.n);

/**
 * The SQL of the big-screen aggregates. Every call is a handful of grouped queries over the
 * scope's devices, whatever their number; rollup tables are reached through their primary key
 * (device, measure, bucket), so history length does not slow them down.
 */
export class ScreenDataRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Ids of the scope's projects, as a subquery. */
  private projectIds(scope: ScreenScope) {
    let q = this.db.selectFrom('t_project').select('id').where(visibleProjectFilter(scope.user, 'id', 'org_id'));
    if (scope.projectId !== undefined) q = q.where('id', '=', scope.projectId);
    return q;
  }

  /** `standard`: the AQI standard in force (settings `aqiStandard`). */
  async overview(scope: ScreenScope, now: number, standard: AqiStandardId = DEFAULT_AQI_STANDARD): Promise<ScreenOverview> {
    const ids = this.projectIds(scope);
    const [projects, devices, alarms, values, energy] = await Promise.all([
      this.db.selectFrom('t_project as p').leftJoin('t_region as r', 'r.id', 'p.region_id')
        .select(['p.id', 'p.name', 'p.city', 'r.name as region', 'p.lng', 'p.lat'])
        .where('p.id', 'in', ids).orderBy('p.id').execute(),
      this.db.selectFrom('t_device').select(['project_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('project_id', 'in', ids).groupBy(['project_id', 'state']).execute(),
      this.db.selectFrom('t_real_measure_warning').select(['project_id', 'warn_level', (eb) => eb.fn.countAll<number>().as('n')])
        .where('project_id', 'in', ids).groupBy(['project_id', 'warn_level']).execute(),
      this.db.selectFrom('t_device as d')
        .innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
        .innerJoin('t_real_measure as r', (j) => j.onRef('r.device_id', '=', 'd.id').onRef('r.measure_id', '=', 'm.id'))
        .select(['d.project_id', 'd.device_type_id', 'm.tag_id',
          (eb) => eb.fn.sum<number>('r.value').as('total'), (eb) => eb.fn.count<number>('r.value').as('n')])
        .where('m.tag_id', 'in', [MeasureTag.PM25, MeasureTag.PM10, MeasureTag.AirVolume])
        .where('d.state', '!=', DeviceState.Offline).where('d.project_id', 'in', ids)
        .groupBy(['d.project_id', 'd.device_type_id', 'm.tag_id']).execute(),
      this.energySince(scope, siteDayStart(now)),
    ]);

    const list = new Map<number, ScreenProject>(projects.map((p) => [p.id, {
      id: p.id, name: p.name, city: p.city, region: p.region, lng: p.lng, lat: p.lat, state: 'normal' as ProjectState,
      devices: 0, online: 0, alarms: 0, energyToday: 0, pm25: null, aqi: null,
    }]));
    const out: ScreenOverview = {
      projects: projects.length,
      devices: { total: 0, online: 0, offline: 0, alarm: 0 },
      alarms: { total: 0, hint: 0, minor: 0, important: 0 },
      energyToday: 0, pm25: null, pm10: null, aqi: null, airVolume: 0, projectList: [],
    };
    const reporting = new Map<number, number>();
    for (const d of devices) {
      const n = Number(d.n);
      const p = list.get(d.project_id!);
      out.devices.total += n;
      if (p) p.devices += n;
      if (d.state === DeviceState.Online || d.state === DeviceState.Alarm) {
        reporting.set(d.project_id!, (reporting.get(d.project_id!) ?? 0) + n);
      }
      if (d.state === DeviceState.Online) {
        out.devices.online += n;
        if (p) p.online += n;
      } else if (d.state === DeviceState.Alarm) out.devices.alarm += n;
      else out.devices.offline += n;
    }
    for (const a of alarms) {
      const n = Number(a.n);
      out.alarms.total += n;
      if (a.warn_level === WarnLevel.Hint) out.alarms.hint += n;
      else if (a.warn_level === WarnLevel.Minor) out.alarms.minor += n;
      else if (a.warn_level === WarnLevel.Important) out.alarms.important += n;
      const p = list.get(a.project_id!);
      if (p) p.alarms += n;
    }
    // PM sums per project and tag, and over the whole scope.
    const sums = new Map<string, ValueSums>();
    const add = (key: string, sensor: boolean, total: number, n: number) => {
      const s = sums.get(key) ?? emptySums();
      const side = sensor ? s.sensor : s.other;
      side.total += total;
      side.n += n;
      sums.set(key, s);
    };
    for (const v of values) {
      const total = Number(v.total ?? 0);
      if (v.tag_id === MeasureTag.AirVolume) {
        out.airVolume += total;
        continue;
      }
      const sensor = v.device_type_id === DeviceTypeId.Sensor;
      add(`${v.tag_id}`, sensor, total, Number(v.n));
      add(`${v.tag_id}:${v.project_id}`, sensor, total, Number(v.n));
    }
    out.airVolume = round1(out.airVolume);
    out.pm25 = ambientMean(sums.get(`${MeasureTag.PM25}`));
    out.pm10 = ambientMean(sums.get(`${MeasureTag.PM10}`));
    out.aqi = aqiOf({ pm25: out.pm25, pm10: out.pm10 }, standard);
    for (const e of energy) {
      out.energyToday += e.kwh;
      const p = list.get(e.projectId);
      if (p) p.energyToday += e.kwh;
    }
    out.energyToday = round1(out.energyToday);
    for (const p of list.values()) {
      p.energyToday = round1(p.energyToday);
      p.pm25 = ambientMean(sums.get(`${MeasureTag.PM25}:${p.id}`));
      p.aqi = aqiOf({ pm25: p.pm25, pm10: ambientMean(sums.get(`${MeasureTag.PM10}:${p.id}`)) }, standard);
      p.state = p.alarms > 0 ? 'alarm' : p.devices > 0 && !reporting.get(p.id) ? 'offline' : 'normal';
    }
    out.projectList = [...list.values()];
    return out;
  }

  /** Per TotalEnergy point of the projects: its rise in the hourly rollups since `since`. */
  private async energySince(scope: ScreenScope, since: number) {
    // Measure ids as a list, so the rollup's whole key (device, measure, bucket range) is used.
    const rows = await this.db.selectFrom('t_device as d')
      .innerJoin('t_history_measure_1h as h', 'h.device_id', 'd.id')
      .select(['d.project_id', 'h.device_id', 'h.measure_id',
        (eb) => eb.fn.max('h.max_value').as('hi'), (eb) => eb.fn.min('h.min_value').as('lo')])
      .where('h.measure_id', 'in', (eb) => eb.selectFrom('t_measure').select('id').where('tag_id', '=', MeasureTag.TotalEnergy))
      .where('h.bucket', '>=', since).where('d.project_id', 'in', this.projectIds(scope))
      .groupBy(['d.project_id', 'h.device_id', 'h.measure_id']).execute();
    return rows.map((r) => ({ projectId: r.project_id!, kwh: Math.max(0, Number(r.hi) - Number(r.lo)) }));
  }

  async measureTrend(scope: ScreenScope, tags: number[], hours: number, now: number): Promise<MeasureTrend> {
    const minute = hours <= TREND_MINUTE_MAX_HOURS;
    const bucketMs = minute ? MINUTE : HOUR;
    const from = Math.floor(now / bucketMs) * bucketMs - (hours * HOUR - bucketMs);
    const ids = this.projectIds(scope);
    const measures = await this.db.selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .select(['m.id', 'm.tag_id', 'd.device_type_id']).distinct()
      .where('m.tag_id', 'in', tags).where('d.project_id', 'in', ids)
      .$if(scope.deviceId !== undefined, (q) => q.where('d.id', '=', scope.deviceId!)).orderBy('m.id').execute();
    const measureIds = new Map<number, number[]>(tags.map((tag) => {
      const all = measures.filter((m) => m.tag_id === tag);
      const sensors = all.filter((m) => m.device_type_id === DeviceTypeId.Sensor);
      return [tag, [...new Set((sensors.length ? sensors : all).map((m) => m.id))]];
    }));
    const contributing = [...measureIds.values()].flat();
    // Both rollup tables have the same columns: the cast only picks one name for the type checker.
    const table = (minute ? 't_history_measure_1m' : 't_history_measure_1h') as 't_history_measure_1h';
    const rows = contributing.length === 0 ? [] : await this.db.selectFrom('t_device as d')
      .innerJoin(`${table} as h`, 'h.device_id', 'd.id')
      .innerJoin('t_measure as m', 'm.id', 'h.measure_id')
      .select(['m.tag_id', 'h.bucket', sql<number>`avg(h.sum_value / h.sample_count)`.as('value')])
      .where('h.measure_id', 'in', contributing).where('h.bucket', '>=', from).where('h.bucket', '<=', now)
      .where('d.project_id', 'in', ids)
      .$if(scope.deviceId !== undefined, (q) => q.where('d.id', '=', scope.deviceId!))
      .groupBy(['m.tag_id', 'h.bucket']).orderBy('m.tag_id').orderBy('h.bucket').execute();
    return {
      bucketMs, from, to: now,
      series: tags.map((tag) => ({
        tag, ...MEASURE_TAGS[tag as MeasureTagId], measureIds: measureIds.get(tag)!,
        points: rows.filter((r) => r.tag_id === tag).map((r) => ({ ts: Number(r.bucket), value: round1(Number(r.value)) })),
      })),
    };
  }

  /** The scope's filters, most worn first. */
  async filterLife(scope: ScreenScope, limit: number): Promise<FilterLifeItem[]> {
    // The final resistance: a "greater than" alarm threshold (device override first), else the max value.
    const threshold = sql<number | null>`case when m.condition_type in (${sql.lit(ConditionType.Gt)}, ${sql.lit(ConditionType.Gte)})
      then coalesce(dm.condition_val1, m.condition_val1) end`;
    const finalPa = sql<number>`coalesce(${threshold}, m.max_value, ${sql.lit(FILTER_FINAL_PA)})`;
    const usable = sql<number>`case when ${finalPa} > ${sql.lit(FILTER_INITIAL_PA)} then ${finalPa} else ${sql.lit(FILTER_FINAL_PA)} end`;
    // Unclamped remaining life: sorts the exhausted ones by how far past their end they are.
    const remaining = sql<number>`case when r.value is null then 100
      else (${usable} - r.value) * 100.0 / (${usable} - ${sql.lit(FILTER_INITIAL_PA)}) end`;
    const rows = await this.db.selectFrom('t_device as d')
      .innerJoin('t_project as p', 'p.id', 'd.project_id')
      .innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .leftJoin('t_real_measure as r', (j) => j.onRef('r.device_id', '=', 'd.id').onRef('r.measure_id', '=', 'm.id'))
      .leftJoin('t_device_measure as dm', (j) => j.onRef('dm.device_id', '=', 'd.id').onRef('dm.measure_id', '=', 'm.id'))
      .select(['d.id', 'd.name', 'p.name as project_name', 'r.value', finalPa.as('final_pa')])
      .where('m.tag_id', '=', MeasureTag.Resistance)
      // A device's first Resistance point only.
      .where('m.id', '=', (eb) => eb.selectFrom('t_measure as m2').select((e) => e.fn.min('m2.id').as('id'))
        .whereRef('m2.device_model_id', '=', 'd.device_model_id').where('m2.tag_id', '=', MeasureTag.Resistance))
      .where('d.project_id', 'in', this.projectIds(scope))
      .orderBy(remaining).orderBy('d.id').limit(limit).execute();
    return rows.map((r) => ({
      deviceId: r.id, name: r.name, projectName: r.project_name, resistance: r.value,
      remainingPct: filterRemainingPct(r.value, Number(r.final_pa)),
    }));
  }

  /** The unit with the newest data (ties: lowest id), with its values and its project's most worn filter. */
  async featuredUnit(scope: ScreenScope): Promise<FeaturedUnit> {
    const unitModels = this.db.selectFrom('t_measure').select('device_model_id')
      .where('tag_id', 'in', [MeasureTag.AirVolume, MeasureTag.TotalEnergy])
      .groupBy('device_model_id').having((eb) => eb.fn.count('tag_id').distinct(), '=', 2);
    const unit = await this.db.selectFrom('t_device as d')
      .innerJoin('t_project as p', 'p.id', 'd.project_id')
      .leftJoin('t_real_measure as r', 'r.device_id', 'd.id')
      .select(['d.id', 'd.name', 'd.state', 'd.project_id', 'd.device_model_id', 'p.name as project_name',
        (eb) => eb.fn.max('r.ts').as('ts')])
      .where('d.device_model_id', 'in', unitModels).where('d.project_id', 'in', this.projectIds(scope))
      .groupBy(['d.id', 'd.name', 'd.state', 'd.project_id', 'd.device_model_id', 'p.name'])
      .orderBy(sql`coalesce(max(r.ts), -1)`, 'desc').orderBy('d.id').limit(1).executeTakeFirst();
    if (!unit) return null;
    const [points, [filter]] = await Promise.all([
      this.db.selectFrom('t_measure as m')
        .leftJoin('t_real_measure as r', (j) => j.onRef('r.measure_id', '=', 'm.id').on('r.device_id', '=', unit.id))
        .select(['m.tag_id', 'm.max_value', 'r.value'])
        .where('m.device_model_id', '=', unit.device_model_id).where('m.tag_id', 'in', [MeasureTag.PM25, MeasureTag.AirVolume])
        .orderBy('m.sort_order').orderBy('m.id').execute(),
      this.filterLife({ user: scope.user, projectId: unit.project_id! }, 1),
    ]);
    const air = points.find((p) => p.tag_id === MeasureTag.AirVolume);
    const airVolume = air?.value ?? null;
    return {
      deviceId: unit.id, name: unit.name, projectName: unit.project_name, state: unit.state,
      airVolume, airVolumeMax: air?.max_value ?? airVolume ?? 0,
      pm25: points.find((p) => p.tag_id === MeasureTag.PM25)?.value ?? null,
      filterPct: filter?.remainingPct ?? null,
      running: airVolume !== null && airVolume > 0 && unit.state !== DeviceState.Offline,
      ts: unit.ts === null ? null : Number(unit.ts),
    };
  }
}
