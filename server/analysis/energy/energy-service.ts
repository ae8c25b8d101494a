import {
  comparePeriods, energyCost, extraFilterEnergyKWh, periodStart, shiftPeriod, summarizeFanEnergy, type FanInterval,
} from '../../../contract/analysis/fan-energy';
import { SITE_UTC_OFFSET_MINUTES } from '../../../contract/constants';
import { MeasureTag } from '../../../contract/enums';
import type {
  EnergyDeviceList, EnergyDeviceRow, EnergyFigures, EnergyPeriod, EnergyProjectList, EnergyProjectRow, EnergyTrendPoint,
} from '../../../contract/energy-analysis';
import type { AuthUser } from '../../auth/auth-user';
import { foldEnergyDays, foldEnergyMonths, type DeviceHours } from './energy-fold';
import type { EnergyDevice, EnergyKeyRow, EnergyRepository } from './energy-repository';

const DAY = 86_400_000;
const OFFSET = SITE_UTC_OFFSET_MINUTES * 60_000;
/** Marks folded per refresh round. */
const FOLD_BATCH = 2000;

/** The site date (YYYY-MM-DD) of `ms`. */
export function siteDate(ms: number): string {
  return new Date(ms + OFFSET).toISOString().slice(0, 10);
}
/** The start of site date `date` (YYYY-MM-DD). */
export function siteDayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - OFFSET;
}

export interface PeriodBounds { period: EnergyPeriod; start: number; end: number; previousStart: number; previousEnd: number }

export function periodBounds(period: EnergyPeriod, at: number): PeriodBounds {
  const start = periodStart(at, period);
  return { period, start, end: shiftPeriod(start, period, 1), previousStart: shiftPeriod(start, period, -1), previousEnd: start };
}

/** Sums of several rows' columns that the figures need. */
interface Acc { hours: number; energy: number | null; air: number | null; qp: number; qpa: number }

/** One period's intervals: a FanInterval per row key, for the fans and the filters of a set of devices. */
function intervalsOf(rows: EnergyKeyRow[], byId: Map<number, EnergyDevice>, pressureOf?: Map<number, number | null>): FanInterval[] {
  const byKey = new Map<number, Acc>();
  for (const r of rows) {
    const d = byId.get(r.device_id);
    if (!d) continue;
    let a = byKey.get(r.key);
    if (!a) byKey.set(r.key, (a = { hours: 0, energy: null, air: null, qp: 0, qpa: 0 }));
    if (d.fan) {
      a.hours = Math.max(a.hours, r.hours);
      if (r.energy_kwh !== null) a.energy = (a.energy ?? 0) + r.energy_kwh;
      if (r.air_m3 !== null) a.air = (a.air ?? 0) + r.air_m3;
    }
    if (d.filter && r.qp_m3 && r.qpa !== null) { a.qp += r.qp_m3; a.qpa += r.qpa; }
  }
  return [...byKey].sort((x, y) => x[0] - y[0]).map(([key, a]) => ({
    hours: a.hours,
    energyKWh: a.energy,
    // Σ Q·h ÷ h, so the summary's air moved is exactly Σ Q·h.
    airVolumeM3h: a.air !== null && a.hours > 0 ? a.air / a.hours : null,
    // Flow-weighted mean resistance of the filters, so Q̄·p̄·h is their air energy.
    pressurePa: a.qp > 0 ? a.qpa / a.qp : pressureOf?.get(key) ?? null,
  }));
}

/** Per key: the filters' flow-weighted mean resistance (Σ Q·Δp·h ÷ Σ Q·h). */
function pressureByKey(rows: EnergyKeyRow[], byId: Map<number, EnergyDevice>): Map<number, number | null> {
  const acc = new Map<number, { qp: number; qpa: number }>();
  for (const r of rows) {
    if (!byId.get(r.device_id)?.filter || !r.qp_m3 || r.qpa === null) continue;
    const a = acc.get(r.key) ?? { qp: 0, qpa: 0 };
    a.qp += r.qp_m3;
    a.qpa += r.qpa;
    acc.set(r.key, a);
  }
  return new Map([...acc].map(([k, a]) => [k, a.qp > 0 ? a.qpa / a.qp : null]));
}

/** What a timely change of each filter among `devices` would have saved over `rows`, kWh. */
function savingOf(rows: EnergyKeyRow[], devices: EnergyDevice[]): number {
  const byDevice = new Map<number, EnergyKeyRow[]>();
  for (const r of rows) {
    const list = byDevice.get(r.device_id);
    if (list) list.push(r);
    else byDevice.set(r.device_id, [r]);
  }
  let kwh = 0;
  for (const d of devices) {
    if (!d.filter) continue;
    const intervals: FanInterval[] = (byDevice.get(d.id) ?? []).filter((r) => r.qp_hours > 0 && r.qp_m3 && r.qpa !== null)
      .map((r) => ({ hours: r.qp_hours, energyKWh: null, airVolumeM3h: r.qp_m3! / r.qp_hours, pressurePa: r.qpa! / r.qp_m3! }));
    kwh += extraFilterEnergyKWh(intervals, { initialPa: d.initialPa });
  }
  return kwh;
}

function figures(intervals: FanInterval[], saving: number, price: number): EnergyFigures {
  const s = summarizeFanEnergy(intervals, price);
  const hours = intervals.reduce((h, i) => h + (i.airVolumeM3h !== null ? i.hours : 0), 0);
  const pressured = intervals.filter((i) => i.pressurePa !== null && i.pressurePa !== undefined && i.airVolumeM3h);
  const qp = pressured.reduce((x, i) => x + i.airVolumeM3h! * i.hours, 0);
  return {
    energyKWh: s.energyKWh,
    airMovedM3: s.airMovedM3,
    meanAirVolumeM3h: hours > 0 ? s.airMovedM3 / hours : null,
    meanResistancePa: qp > 0 ? pressured.reduce((x, i) => x + i.airVolumeM3h! * i.hours * i.pressurePa!, 0) / qp : null,
    meanElectricPowerW: s.meanElectricPowerW,
    meanAirPowerW: s.meanAirPowerW,
    efficiency: s.efficiency,
    specificFanPowerW: s.specificFanPowerW,
    kWhPer1000m3: s.kWhPer1000m3,
    cost: s.cost,
    savingKWh: saving,
    savingCost: energyCost(saving, price),
  };
}

function compared(current: EnergyFigures, previous: EnergyFigures) {
  const c = (a: number | null, b: number | null) => {
    const r = comparePeriods(a ?? 0, b ?? 0);
    return { change: r.change, ratio: r.ratio };
  };
  return {
    previous,
    change: {
      energyKWh: c(current.energyKWh, previous.energyKWh), cost: c(current.cost, previous.cost),
      kWhPer1000m3: c(current.kWhPer1000m3, previous.kWhPer1000m3), savingKWh: c(current.savingKWh, previous.savingKWh),
    },
  };
}

/**
 * The energy page (issue 20): figures per project and device over a day, week, month or year
 * against the period before, from the day and month sums (t_energy_day / t_energy_month), which it
 * first brings up to date with the hourly rollups written since (`refresh`).
 */
export class EnergyService {
  private folding: Promise<number> | null = null;

  constructor(private readonly repo: EnergyRepository, private readonly price: () => Promise<number>) {}

  /** Folds every marked device day (one run at a time; callers share the run in progress). Returns the days folded. */
  refresh(): Promise<number> {
    if (!this.folding) this.folding = this.foldAll().finally(() => { this.folding = null; });
    return this.folding;
  }

  private async foldAll(): Promise<number> {
    let folded = 0;
    for (;;) {
      const marks = await this.repo.dirty(FOLD_BATCH);
      if (!marks.length) return folded;
      const byDevice = new Map<number, { day: number; marked_at: number }[]>();
      for (const m of marks) {
        const list = byDevice.get(m.device_id) ?? [];
        list.push({ day: Number(m.day), marked_at: Number(m.marked_at) });
        byDevice.set(m.device_id, list);
      }
      for (const [deviceId, list] of byDevice) {
        await this.foldDevice(deviceId, list);
        folded += list.length;
      }
    }
  }

  private async foldDevice(deviceId: number, marks: { day: number; marked_at: number }[]): Promise<void> {
    const points = await this.repo.points(deviceId);
    if (!points.length) {
      await this.repo.dropMarks(deviceId, marks);
      return;
    }
    const days = marks.map((m) => m.day).sort((a, b) => a - b);
    const from = days[0];
    const to = days[days.length - 1] + DAY;
    const hours: DeviceHours = {};
    for (const p of points) {
      const rows = await this.repo.hourRows(deviceId, p.id, from, to);
      if (p.tag_id === MeasureTag.TotalEnergy && !hours.energy) {
        hours.energy = rows;
        hours.energyBefore = (await this.repo.lastHourBefore(deviceId, p.id, from)) ?? null;
      } else if (p.tag_id === MeasureTag.AirVolume && !hours.air) hours.air = rows;
      else if (p.tag_id === MeasureTag.Resistance && !hours.resistance) hours.resistance = rows;
    }
    const dayRows = foldEnergyDays(deviceId, hours, new Set(days));
    // The months the days fall in, folded again from all their days.
    const monthFrom = periodStart(from, 'month');
    const monthTo = shiftPeriod(periodStart(to - 1, 'month'), 'month', 1);
    const kept = (await this.repo.daysOf(deviceId, monthFrom, monthTo)).filter((d) => !days.includes(Number(d.day)));
    const all = [...kept.map((d) => ({ ...d, day: Number(d.day) })), ...dayRows].sort((a, b) => a.day - b.day);
    await this.repo.saveFold(deviceId, days, dayRows, { from: monthFrom, to: monthTo, rows: foldEnergyMonths(deviceId, all) }, marks);
  }

  private async load(user: AuthUser, bounds: PeriodBounds, projectIds: number[]) {
    await this.refresh();
    const devices = await this.repo.devices(projectIds);
    const table = bounds.period === 'day' || bounds.period === 'week' ? 'day' : 'month';
    const [current, previous] = await Promise.all([
      this.repo.rows(projectIds, table, bounds.start, bounds.end),
      this.repo.rows(projectIds, table, bounds.previousStart, bounds.previousEnd),
    ]);
    void user;
    return { devices, current, previous, price: await this.price() };
  }

  private info(bounds: PeriodBounds, price: number) {
    return {
      period: bounds.period, date: siteDate(bounds.start), start: bounds.start, end: bounds.end,
      previousStart: bounds.previousStart, previousEnd: bounds.previousEnd, price,
    };
  }

  async projectList(user: AuthUser, period: EnergyPeriod, at: number): Promise<EnergyProjectList> {
    const bounds = periodBounds(period, at);
    const projects = await this.repo.visibleProjects(user);
    const ids = projects.map((p) => p.id);
    const { devices, current, previous, price } = await this.load(user, bounds, ids);
    const byId = new Map(devices.map((d) => [d.id, d]));
    const of = (projectId: number | null, rows: EnergyKeyRow[]) => {
      const mine = projectId === null ? devices : devices.filter((d) => d.projectId === projectId);
      const ids = new Set(mine.map((d) => d.id));
      const own = rows.filter((r) => ids.has(r.device_id));
      const map = new Map(mine.map((d) => [d.id, d]));
      return figures(intervalsOf(own, map), savingOf(own, mine), price);
    };
    const rows = projects.map((p) => {
      const now = of(p.id, current);
      return { projectId: p.id, name: p.name, code: p.code, devices: devices.filter((d) => d.projectId === p.id).length, ...now,
        ...compared(now, of(p.id, previous)) };
    });
    const ranked = [...rows].sort((a, b) => b.energyKWh - a.energyKWh || a.projectId - b.projectId);
    const projectRows: EnergyProjectRow[] = rows.map((r) => ({ ...r, rank: ranked.indexOf(r) + 1 }));
    const totalNow = of(null, current);
    return {
      ...this.info(bounds, price),
      projects: projectRows,
      totals: { ...totalNow, ...compared(totalNow, of(null, previous)) },
      trend: await this.trend(bounds, ids, byId, price),
    };
  }

  private async trend(bounds: PeriodBounds, projectIds: number[], byId: Map<number, EnergyDevice>, price: number): Promise<EnergyTrendPoint[]> {
    const monthly = bounds.period === 'year';
    const from = bounds.period === 'day' ? bounds.start - 6 * DAY : bounds.start;
    const rows = await this.repo.rows(projectIds, monthly ? 'month' : 'day', from, bounds.end);
    const keys: number[] = [];
    for (let k = from; k < bounds.end; k = monthly ? shiftPeriod(k, 'month', 1) : k + DAY) keys.push(k);
    const sums = new Map<number, number>();
    for (const r of rows) {
      if (!byId.get(r.device_id)?.fan || r.energy_kwh === null) continue;
      sums.set(r.key, (sums.get(r.key) ?? 0) + r.energy_kwh);
    }
    return keys.map((k) => {
      const e = sums.get(k) ?? 0;
      return { start: k, energyKWh: e, cost: energyCost(e, price) };
    });
  }

  async deviceList(user: AuthUser, project: { id: number; name: string }, period: EnergyPeriod, at: number): Promise<EnergyDeviceList> {
    const bounds = periodBounds(period, at);
    const { devices, current, previous, price } = await this.load(user, bounds, [project.id]);
    const byId = new Map(devices.map((d) => [d.id, d]));
    const pressures = [pressureByKey(current, byId), pressureByKey(previous, byId)];
    const of = (d: EnergyDevice, rows: EnergyKeyRow[], pressure: Map<number, number | null>) => {
      const own = rows.filter((r) => r.device_id === d.id);
      // A fan's own rows: its air against its own resistance, else the project's filters'.
      const intervals: FanInterval[] = own.sort((a, b) => a.key - b.key).map((r) => ({
        hours: r.hours,
        energyKWh: d.fan ? r.energy_kwh : null,
        airVolumeM3h: r.air_m3 !== null && r.hours > 0 ? r.air_m3 / r.hours : null,
        pressurePa: r.qp_m3 && r.qpa !== null ? r.qpa / r.qp_m3 : d.fan ? pressure.get(r.key) ?? null : null,
      }));
      return figures(intervals, savingOf(own, [d]), price);
    };
    const rows: EnergyDeviceRow[] = devices.map((d) => {
      const now = of(d, current, pressures[0]);
      return {
        deviceId: d.id, name: d.name, deviceTypeId: d.deviceTypeId, initialPa: d.filter ? d.initialPa : null, ...now,
        ...compared(now, of(d, previous, pressures[1])),
      };
    });
    return { ...this.info(bounds, price), project, devices: rows };
  }
}
