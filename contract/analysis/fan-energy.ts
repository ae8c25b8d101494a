import { SITE_UTC_OFFSET_MINUTES } from '../constants';

/**
 * Fan energy figures: air power, fan-system efficiency, specific fan power, energy per 1,000 m³
 * of air, cost, period-over-period comparison, and the electricity a timely filter change would
 * have saved. Units: air volume Q in m³/h as the devices report it (tag 7), converted to m³/s
 * where physics needs it; pressure Δp in Pa; power in W; energy in kWh (tag 6); time in hours.
 */

const SECONDS_PER_HOUR = 3600;

/**
 * A typical fan-system (wire-to-air) efficiency: fan ≈ 0.70 × motor ≈ 0.90 × belt drive ≈ 0.95.
 * Used where a device's own efficiency is unknown.
 */
export const DEFAULT_FAN_SYSTEM_EFFICIENCY = 0.6;

/** m³/h → m³/s. */
export function m3hToM3s(airVolumeM3h: number): number {
  return airVolumeM3h / SECONDS_PER_HOUR;
}

/** Air power P = Q·Δp, W (Q in m³/h, converted to m³/s; Δp in Pa). */
export function airPowerW(airVolumeM3h: number, pressurePa: number): number {
  return m3hToM3s(airVolumeM3h) * pressurePa;
}

/** Fan-system efficiency = air power ÷ electric power (0…1 in practice); null without electric power. */
export function fanEfficiency(airPower: number, electricPowerW: number): number | null {
  return electricPowerW > 0 ? airPower / electricPowerW : null;
}

/** Specific fan power, W per m³/s: electric power ÷ air volume; null without air flow. */
export function specificFanPower(electricPowerW: number, airVolumeM3h: number): number | null {
  const q = m3hToM3s(airVolumeM3h);
  return q > 0 ? electricPowerW / q : null;
}

/** Electricity per 1,000 m³ of air moved, kWh; null when no air moved. */
export function energyPer1000m3(energyKWh: number, airMovedM3: number): number | null {
  return airMovedM3 > 0 ? (energyKWh * 1000) / airMovedM3 : null;
}

/** Cost of `energyKWh` at `pricePerKWh` (currency per kWh, e.g. 元/kWh). */
export function energyCost(energyKWh: number, pricePerKWh: number): number {
  return energyKWh * pricePerKWh;
}

/** One interval of a fan's history (an hourly or daily rollup). */
export interface FanInterval {
  /** Length of the interval the means cover, h (the hours with data). */
  readonly hours: number;
  /** Electricity used in the interval, kWh (the meter's increase); null when unknown. */
  readonly energyKWh: number | null;
  /** Mean air volume, m³/h; null when unknown. */
  readonly airVolumeM3h: number | null;
  /** Mean pressure the fan works against, Pa (the filter resistance where that is all that is measured); null when unknown. */
  readonly pressurePa?: number | null;
}

export interface FanEnergySummary {
  /** Hours covered (Σ hours). */
  readonly hours: number;
  /** Σ electricity, kWh (intervals with a reading). */
  readonly energyKWh: number;
  /** Σ air moved, m³ (Q × hours over intervals with a reading). */
  readonly airMovedM3: number;
  /** Mean electric power over the intervals with energy, W. */
  readonly meanElectricPowerW: number | null;
  /** Mean air power over the intervals with air volume and pressure, W. */
  readonly meanAirPowerW: number | null;
  /** Air energy ÷ electric energy over the intervals that have all three readings. */
  readonly efficiency: number | null;
  /** Specific fan power over the intervals with energy and air volume, W/(m³/s). */
  readonly specificFanPowerW: number | null;
  /** kWh per 1,000 m³ over the intervals with energy and air volume. */
  readonly kWhPer1000m3: number | null;
  /** energyKWh × price; null without a price. */
  readonly cost: number | null;
}

const num = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Sums a fan's intervals into the energy page's figures. Intervals with hours ≤ 0 are skipped. */
export function summarizeFanEnergy(intervals: readonly FanInterval[], pricePerKWh?: number | null): FanEnergySummary {
  let hours = 0;
  let energy = 0;
  let energyHours = 0;
  let air = 0;
  let airPowerHours = 0;
  let airEnergyWh = 0;
  let pairedEnergy = 0;
  let pairedAir = 0;
  let tripleAirWh = 0;
  let tripleElectricKWh = 0;
  for (const it of intervals) {
    if (!(it.hours > 0)) continue;
    hours += it.hours;
    const e = num(it.energyKWh) ? it.energyKWh : null;
    const q = num(it.airVolumeM3h) ? it.airVolumeM3h : null;
    const p = num(it.pressurePa) ? it.pressurePa : null;
    if (e !== null) { energy += e; energyHours += it.hours; }
    if (q !== null) air += q * it.hours;
    if (q !== null && p !== null) {
      const wh = airPowerW(q, p) * it.hours;
      airEnergyWh += wh;
      airPowerHours += it.hours;
      if (e !== null) { tripleAirWh += wh; tripleElectricKWh += e; }
    }
    if (e !== null && q !== null) { pairedEnergy += e; pairedAir += q * it.hours; }
  }
  return {
    hours,
    energyKWh: energy,
    airMovedM3: air,
    meanElectricPowerW: energyHours > 0 ? (energy * 1000) / energyHours : null,
    meanAirPowerW: airPowerHours > 0 ? airEnergyWh / airPowerHours : null,
    efficiency: tripleElectricKWh > 0 ? tripleAirWh / (tripleElectricKWh * 1000) : null,
    // W/(m³/s) = Wh / m³ × 3600 s/h.
    specificFanPowerW: pairedAir > 0 ? ((pairedEnergy * 1000) / pairedAir) * SECONDS_PER_HOUR : null,
    kWhPer1000m3: energyPer1000m3(pairedEnergy, pairedAir),
    cost: num(pricePerKWh) ? energyCost(energy, pricePerKWh) : null,
  };
}

/**
 * The electricity spent on filter resistance above a baseline, kWh: what a timely filter change
 * would have saved.
 *
 * Model: at constant air volume the fan's air power is Q·Δp_total and its electric power
 * Q·Δp_total ÷ η, so every pascal the filter adds above its clean (initial) resistance Δp0 costs
 * Q·(Δp − Δp0) ÷ η watts: extra kWh = Σ max(0, Δp − Δp0) · Q ÷ η · hours ÷ 1000. It ignores
 * the small change of η and Q as resistance grows (a fan on a VFD holding Q is exactly this case;
 * a fixed-speed fan loses some air instead, and this slightly overstates its cost). `baselinePa`
 * defaults to the initial resistance; pass the final resistance to count only the overdue part.
 */
export function extraFilterEnergyKWh(
  intervals: readonly FanInterval[],
  options: { initialPa: number; baselinePa?: number; efficiency?: number },
): number {
  const baseline = options.baselinePa ?? options.initialPa;
  const eta = options.efficiency ?? DEFAULT_FAN_SYSTEM_EFFICIENCY;
  if (!(eta > 0)) throw new RangeError('efficiency must be above 0');
  let wh = 0;
  for (const it of intervals) {
    if (!(it.hours > 0) || !num(it.airVolumeM3h) || !num(it.pressurePa)) continue;
    const excess = it.pressurePa - baseline;
    if (excess > 0) wh += (airPowerW(it.airVolumeM3h, excess) / eta) * it.hours;
  }
  return wh / 1000;
}

/** A figure against the same figure of the previous period (环比) or the same period a year before (同比). */
export interface PeriodComparison {
  readonly current: number;
  readonly previous: number;
  /** current − previous. */
  readonly change: number;
  /** change ÷ previous (0.1 = +10 %); null when previous is 0. */
  readonly ratio: number | null;
}

export function comparePeriods(current: number, previous: number): PeriodComparison {
  const change = current - previous;
  return { current, previous, change, ratio: previous !== 0 ? change / Math.abs(previous) : null };
}

export type PeriodGranularity = 'day' | 'week' | 'month' | 'year';

const DAY_MS = 86_400_000;

/**
 * The start (epoch ms) of the day, week (Monday), month or year holding `ms`, in the site's
 * time zone (`utcOffsetMinutes` east of UTC; China 480).
 */
export function periodStart(ms: number, granularity: PeriodGranularity, utcOffsetMinutes = SITE_UTC_OFFSET_MINUTES): number {
  const offset = utcOffsetMinutes * 60_000;
  const local = new Date(ms + offset);
  let startLocal: number;
  if (granularity === 'day') startLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  else if (granularity === 'week') {
    const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
    startLocal = day - ((local.getUTCDay() + 6) % 7) * DAY_MS;
  } else if (granularity === 'month') startLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  else startLocal = Date.UTC(local.getUTCFullYear(), 0, 1);
  return startLocal - offset;
}

/** The start of the period `by` periods after (negative: before) the one starting at `start`. */
export function shiftPeriod(start: number, granularity: PeriodGranularity, by: number, utcOffsetMinutes = SITE_UTC_OFFSET_MINUTES): number {
  const offset = utcOffsetMinutes * 60_000;
  if (granularity === 'day') return start + by * DAY_MS;
  if (granularity === 'week') return start + by * 7 * DAY_MS;
  const local = new Date(start + offset);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const shifted = granularity === 'month' ? Date.UTC(y, m + by, 1) : Date.UTC(y + by, 0, 1);
  return shifted - offset;
}
