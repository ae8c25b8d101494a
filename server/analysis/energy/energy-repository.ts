import { sql, type Kysely, type Transaction } from 'kysely';
import { FILTER_INITIAL_PA } from '../../../contract/screen-data';
import { SITE_UTC_OFFSET_MINUTES } from '../../../contract/constants';
import { DeviceTypeId, MeasureTag } from '../../../contract/enums';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleProjectFilter } from '../../auth/scope-filters';
import type { EnergyDayRow, EnergyMonthRow, EnergySumsRow, HourRollup } from './energy-fold';

const DAY = 86_400_000;
const SITE_OFFSET = SITE_UTC_OFFSET_MINUTES * 60_000;
export const ENERGY_TAGS = [MeasureTag.Resistance, MeasureTag.TotalEnergy, MeasureTag.AirVolume] as const;

export interface EnergyDevice {
  id: number;
  name: string;
  projectId: number;
  deviceTypeId: number;
  /** Has an electricity counter and is not a site meter: its electricity and air are the fans'. */
  fan: boolean;
  /** Has a resistance point: its Q·Δp is the filters' air power and its excess the saving. */
  filter: boolean;
  /** Clean resistance of its filter model, else the default. */
  initialPa: number;
}

export type EnergyKeyRow = EnergySumsRow & { device_id: number; key: number };

const SUM_COLUMNS = ['hours', 'energy_kwh', 'energy_hours', 'air_m3', 'air_hours', 'pa_sum', 'pa_hours', 'qp_m3', 'qpa', 'qp_hours'] as const;

/** SQL of the energy page: visible projects, their energy devices, the day and month sums, and the fold's bookkeeping. */
export class EnergyRepository {
  constructor(private readonly db: Kysely<DB>) {}

  visibleProjects(user: AuthUser) {
    return this.db.selectFrom('t_project as p').select(['p.id', 'p.name', 'p.code'])
      .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).orderBy('p.id').execute();
  }

  async projectVisible(user: AuthUser, id: number) {
    return this.db.selectFrom('t_project as p').select(['p.id', 'p.name']).where('p.id', '=', id)
      .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).executeTakeFirst();
  }

  /** Devices of the projects with an electricity, air volume or resistance point (site meters left out). */
  async devices(projectIds: number[]): Promise<EnergyDevice[]> {
    if (!projectIds.length) return [];
    const rows = await this.db.selectFrom('t_device as d')
      .innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .leftJoin('t_device_filter as df', 'df.device_id', 'd.id')
      .leftJoin('t_filter as f', 'f.id', 'df.filter_id')
      .select(['d.id', 'd.name', 'd.project_id', 'd.device_type_id', 'm.tag_id', 'f.initial_pa'])
      .where('d.project_id', 'in', projectIds).where('m.tag_id', 'in', [...ENERGY_TAGS])
      .where('d.device_type_id', '<>', DeviceTypeId.ElectricityMeter)
      .orderBy('d.id').execute();
    const out = new Map<number, EnergyDevice>();
    for (const r of rows) {
      let d = out.get(r.id);
      if (!d) {
        d = { id: r.id, name: r.name, projectId: r.project_id!, deviceTypeId: r.device_type_id, fan: false, filter: false,
          initialPa: r.initial_pa ?? FILTER_INITIAL_PA };
        out.set(r.id, d);
      }
      if (r.tag_id === MeasureTag.TotalEnergy) d.fan = true;
      if (r.tag_id === MeasureTag.Resistance) d.filter = true;
    }
    return [...out.values()];
  }

  /** Day or month rows of the projects' devices with `from` ≤ key < `to`. */
  async rows(projectIds: number[], table: 'day' | 'month', from: number, to: number): Promise<EnergyKeyRow[]> {
    if (!projectIds.length) return [];
    const rows = table === 'day'
      ? await this.db.selectFrom('t_energy_day as e').innerJoin('t_device as d', 'd.id', 'e.device_id')
        .select(['e.device_id', 'e.day as key', ...SUM_COLUMNS.map((c) => `e.${c}` as const)])
        .where('d.project_id', 'in', projectIds).where('e.day', '>=', from).where('e.day', '<', to).execute()
      : await this.db.selectFrom('t_energy_month as e').innerJoin('t_device as d', 'd.id', 'e.device_id')
        .select(['e.device_id', 'e.month as key', ...SUM_COLUMNS.map((c) => `e.${c}` as const)])
        .where('d.project_id', 'in', projectIds).where('e.month', '>=', from).where('e.month', '<', to).execute();
    return rows.map((r) => ({ ...r, key: Number(r.key) }));
  }

  // ---- The fold's bookkeeping ----

  /** The oldest marks, at most `limit`. */
  dirty(limit: number) {
    return this.db.selectFrom('t_energy_dirty').select(['device_id', 'day', 'marked_at']).orderBy('device_id').orderBy('day').limit(limit).execute();
  }

  /** The device's energy points by tag. */
  points(deviceId: number) {
    return this.db.selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .select(['m.id', 'm.tag_id']).where('d.id', '=', deviceId).where('m.tag_id', 'in', [...ENERGY_TAGS])
      .where('d.device_type_id', '<>', DeviceTypeId.ElectricityMeter).orderBy('m.sort_order').orderBy('m.id').execute();
  }

  hourRows(deviceId: number, measureId: number, from: number, to: number): Promise<HourRollup[]> {
    return this.db.selectFrom('t_history_measure_1h').select(['bucket', 'min_value', 'max_value', 'sum_value', 'sample_count'])
      .where('device_id', '=', deviceId).where('measure_id', '=', measureId).where('bucket', '>=', from).where('bucket', '<', to)
      .orderBy('bucket').execute();
  }

  lastHourBefore(deviceId: number, measureId: number, before: number): Promise<HourRollup | undefined> {
    return this.db.selectFrom('t_history_measure_1h').select(['bucket', 'min_value', 'max_value', 'sum_value', 'sample_count'])
      .where('device_id', '=', deviceId).where('measure_id', '=', measureId).where('bucket', '<', before)
      .orderBy('bucket', 'desc').limit(1).executeTakeFirst();
  }

  /** Replaces the device's rows of `days` with `rows`, its months of `months` with `monthRows`, and drops the marks it folded. */
  async saveFold(deviceId: number, days: number[], rows: EnergyDayRow[], months: { from: number; to: number; rows: EnergyMonthRow[] },
    marks: { day: number; marked_at: number }[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < days.length; i += 500) {
        await trx.deleteFrom('t_energy_day').where('device_id', '=', deviceId).where('day', 'in', days.slice(i, i + 500)).execute();
      }
      for (let i = 0; i < rows.length; i += 200) await trx.insertInto('t_energy_day').values(rows.slice(i, i + 200)).execute();
      await trx.deleteFrom('t_energy_month').where('device_id', '=', deviceId).where('month', '>=', months.from).where('month', '<', months.to).execute();
      if (months.rows.length) await trx.insertInto('t_energy_month').values(months.rows).execute();
      for (let i = 0; i < marks.length; i += 200) {
        const part = marks.slice(i, i + 200);
        await trx.deleteFrom('t_energy_dirty').where('device_id', '=', deviceId)
          .where((eb) => eb.or(part.map((m) => eb.and([eb('day', '=', m.day), eb('marked_at', '=', m.marked_at)])))).execute();
      }
    });
  }

  /** The device's day rows with `from` ≤ day < `to` (to fold its months again). */
  daysOf(deviceId: number, from: number, to: number): Promise<EnergyDayRow[]> {
    return this.db.selectFrom('t_energy_day').selectAll().where('device_id', '=', deviceId).where('day', '>=', from).where('day', '<', to)
      .orderBy('day').execute() as Promise<EnergyDayRow[]>;
  }

  /** Drops marks of a device that has no energy points (nothing to fold). */
  async dropMarks(deviceId: number, marks: { day: number; marked_at: number }[]): Promise<void> {
    await this.db.deleteFrom('t_energy_dirty').where('device_id', '=', deviceId)
      .where('day', 'in', marks.map((m) => m.day)).execute();
  }
}

/**
 * Marks the site days of `samples` dirty for the energy fold (inside the history writer's
 * transaction). A mark made again gets a newer `marked_at`, so a fold that read the old one keeps it.
 */
export async function markEnergyDirty(trx: Transaction<DB>, samples: readonly { deviceId: number; ts: number }[], now = Date.now()): Promise<void> {
  const keys = new Map<string, { device_id: number; day: number; marked_at: number }>();
  for (const s of samples) {
    const day = Math.floor((s.ts + SITE_OFFSET) / DAY) * DAY - SITE_OFFSET;
    keys.set(`${s.deviceId}:${day}`, { device_id: s.deviceId, day, marked_at: now });
  }
  const rows = [...keys.values()];
  for (let i = 0; i < rows.length; i += 300) {
    await trx.insertInto('t_energy_dirty').values(rows.slice(i, i + 300))
      .onConflict((oc) => oc.columns(['device_id', 'day']).doUpdateSet({
        marked_at: sql<number>`case when excluded.marked_at > t_energy_dirty.marked_at then excluded.marked_at else t_energy_dirty.marked_at + 1 end`,
      })).execute();
  }
}
