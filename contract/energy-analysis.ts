import { z } from 'zod';

/**
 * Energy analysis on the second API base (issue 20, /nv_energy_analysis/index): per project and
 * per device, a period's electricity, air moved, resistance, air power, fan-system efficiency,
 * specific fan power, energy per 1,000 m³, cost at the configured price and the electricity a
 * timely filter change would have saved, against the period before (环比). Figures from
 * contract/analysis/fan-energy.ts over the server's day and month sums of the hourly rollups.
 */

export const ENERGY_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type EnergyPeriod = (typeof ENERGY_PERIODS)[number];

/** A site date, YYYY-MM-DD (UTC+8), that a real calendar has. */
const SiteDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100;
  }, 'not a date');

export const EnergyQuery = z.object({
  period: z.enum(ENERGY_PERIODS).default('month'),
  /** A day in the period; absent: today. */
  date: SiteDate.optional(),
}).strict();
export type EnergyQuery = z.infer<typeof EnergyQuery>;

export const EnergyDeviceQuery = EnergyQuery.extend({ projectId: z.coerce.number().int().positive() }).strict();
export type EnergyDeviceQuery = z.infer<typeof EnergyDeviceQuery>;

const n = z.number();
const nn = z.number().nullable();

/** One period's figures of a project or a device (null: not measured there). */
export const EnergyFigures = z.object({
  /** Electricity of the fans (tag 6), kWh. */
  energyKWh: n,
  /** Air moved by them (tag 7 × hours), m³. */
  airMovedM3: n,
  /** Mean air volume, m³/h. */
  meanAirVolumeM3h: nn,
  /** Flow-weighted mean filter resistance (tag 5), Pa. */
  meanResistancePa: nn,
  /** Mean electric power, W. */
  meanElectricPowerW: nn,
  /** Mean air power Q·Δp over the filters, W. */
  meanAirPowerW: nn,
  /** Air power ÷ electric power. */
  efficiency: nn,
  /** Specific fan power, W/(m³/s). */
  specificFanPowerW: nn,
  /** kWh per 1,000 m³ of air. */
  kWhPer1000m3: nn,
  /** energyKWh × the electricity price. */
  cost: nn,
  /** Electricity spent on filter resistance above the clean filter's: what timely changes would have saved, kWh. */
  savingKWh: n,
  savingCost: nn,
}).strict();
export type EnergyFigures = z.infer<typeof EnergyFigures>;

/** current − previous and its ratio (null when the previous is 0). */
export const EnergyChange = z.object({ change: n, ratio: nn }).strict();
export type EnergyChange = z.infer<typeof EnergyChange>;

const Compared = {
  previous: EnergyFigures,
  change: z.object({ energyKWh: EnergyChange, cost: EnergyChange, kWhPer1000m3: EnergyChange, savingKWh: EnergyChange }).strict(),
};

export const EnergyPeriodInfo = z.object({
  period: z.enum(ENERGY_PERIODS),
  /** The period's first site day, YYYY-MM-DD. */
  date: z.string(),
  start: n,
  /** Exclusive. */
  end: n,
  previousStart: n,
  previousEnd: n,
  /** Electricity price, 元/kWh (系统设置). */
  price: n,
}).strict();

export const EnergyProjectRow = EnergyFigures.extend({
  projectId: n, name: z.string(), code: z.string(),
  /** Devices with an electricity, air volume or resistance point. */
  devices: n,
  /** 1 = most electricity in the period. */
  rank: n,
  ...Compared,
}).strict();
export type EnergyProjectRow = z.infer<typeof EnergyProjectRow>;

export const EnergyTrendPoint = z.object({ start: n, energyKWh: n, cost: nn }).strict();
export type EnergyTrendPoint = z.infer<typeof EnergyTrendPoint>;

/** GET /app-api/v_energy_prj_list */
export const EnergyProjectList = EnergyPeriodInfo.extend({
  projects: z.array(EnergyProjectRow),
  totals: EnergyFigures.extend(Compared).strict(),
  /** The period by day (week, month), by month (year), or the 7 days up to the day (day). */
  trend: z.array(EnergyTrendPoint),
}).strict();
export type EnergyProjectList = z.infer<typeof EnergyProjectList>;

export const EnergyDeviceRow = EnergyFigures.extend({
  deviceId: n, name: z.string(), deviceTypeId: n,
  /** The clean filter's resistance the saving is counted from, Pa (its filter model's, else the default). */
  initialPa: nn,
  ...Compared,
}).strict();
export type EnergyDeviceRow = z.infer<typeof EnergyDeviceRow>;

/** GET /app-api/v_energy_dev_list */
export const EnergyDeviceList = EnergyPeriodInfo.extend({
  project: z.object({ id: n, name: z.string() }).strict(),
  devices: z.array(EnergyDeviceRow),
}).strict();
export type EnergyDeviceList = z.infer<typeof EnergyDeviceList>;
