import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FAN_SYSTEM_EFFICIENCY, airPowerW, comparePeriods, energyCost, energyPer1000m3, extraFilterEnergyKWh, fanEfficiency,
  m3hToM3s, periodStart, shiftPeriod, specificFanPower, summarizeFanEnergy,
} from './fan-energy';

describe('fan energy formulas', () => {
  it('computes air power, efficiency, SFP, energy per 1,000 m³ and cost by hand', () => {
    expect(m3hToM3s(7200)).toBe(2);
    // 10,800 m³/h = 3 m³/s at 500 Pa: 1,500 W.
    expect(airPowerW(10_800, 500)).toBe(1500);
    expect(fanEfficiency(1500, 2500)).toBe(0.6);
    expect(fanEfficiency(1500, 0)).toBeNull();
    // 2,500 W for 3 m³/s: 833.3 W/(m³/s).
    expect(specificFanPower(2500, 10_800)).toBeCloseTo(833.333, 3);
    expect(specificFanPower(2500, 0)).toBeNull();
    // 25 kWh for 10,800 m³/h over 10 h (108,000 m³): 0.2315 kWh per 1,000 m³.
    expect(energyPer1000m3(25, 108_000)).toBeCloseTo(0.23148, 5);
    expect(energyPer1000m3(25, 0)).toBeNull();
    expect(energyCost(120, 0.85)).toBeCloseTo(102, 10);
  });

  it('summarises intervals, each figure over the intervals that have its readings', () => {
    const s = summarizeFanEnergy([
      // 2.5 kW for 10 h at 3 m³/s and 500 Pa (1.5 kW of air power).
      { hours: 10, energyKWh: 25, airVolumeM3h: 10_800, pressurePa: 500 },
      // No air volume reading: counts for energy only.
      { hours: 2, energyKWh: 6, airVolumeM3h: null, pressurePa: 480 },
      // No energy reading: counts for air moved and air power only (7,200 m³/h × 300 Pa = 600 W).
      { hours: 4, energyKWh: null, airVolumeM3h: 7200, pressurePa: 300 },
      { hours: 0, energyKWh: 99, airVolumeM3h: 1, pressurePa: 1 },
    ], 0.8);
    expect(s.hours).toBe(16);
    expect(s.energyKWh).toBe(31);
    expect(s.airMovedM3).toBe(108_000 + 28_800);
    expect(s.meanElectricPowerW).toBeCloseTo(31_000 / 12, 6);
    // (1,500 × 10 + 600 × 4) / 14
    expect(s.meanAirPowerW).toBeCloseTo(17_400 / 14, 6);
    expect(s.efficiency).toBeCloseTo(0.6, 10);
    expect(s.specificFanPowerW).toBeCloseTo(833.333, 3);
    expect(s.kWhPer1000m3).toBeCloseTo(25 / 108, 10);
    expect(s.cost).toBeCloseTo(24.8, 10);
    expect(summarizeFanEnergy([])).toMatchObject({ hours: 0, energyKWh: 0, meanElectricPowerW: null, efficiency: null, cost: null });
  });

  it('counts the electricity spent on resistance above the initial value', () => {
    // 100 Pa above 150 Pa at 1 m³/s is 100 W of air power, 200 W at η 0.5: 2 kWh in 10 h.
    const history = [
      { hours: 10, energyKWh: null, airVolumeM3h: 3600, pressurePa: 250 },
      // At or below the initial resistance: nothing.
      { hours: 5, energyKWh: null, airVolumeM3h: 3600, pressurePa: 140 },
      // Unknown resistance: nothing.
      { hours: 5, energyKWh: null, airVolumeM3h: 3600, pressurePa: null },
    ];
    expect(extraFilterEnergyKWh(history, { initialPa: 150, efficiency: 0.5 })).toBeCloseTo(2, 10);
    // Only the part above a 200 Pa baseline: 50 Pa -> 1 kWh.
    expect(extraFilterEnergyKWh(history, { initialPa: 150, baselinePa: 200, efficiency: 0.5 })).toBeCloseTo(1, 10);
    // The default efficiency.
    expect(extraFilterEnergyKWh(history, { initialPa: 150 })).toBeCloseTo(1 / DEFAULT_FAN_SYSTEM_EFFICIENCY, 10);
    expect(() => extraFilterEnergyKWh(history, { initialPa: 150, efficiency: 0 })).toThrow(RangeError);
  });

  it('compares periods', () => {
    expect(comparePeriods(110, 100)).toEqual({ current: 110, previous: 100, change: 10, ratio: 0.1 });
    expect(comparePeriods(90, 100).ratio).toBeCloseTo(-0.1, 10);
    expect(comparePeriods(5, 0).ratio).toBeNull();
  });

  it('finds day, week, month and year starts in the site time zone', () => {
    // 2026-03-04 (Wednesday) 01:30 in China = 2026-03-03 17:30 UTC.
    const t = Date.UTC(2026, 2, 3, 17, 30);
    const china = (y: number, m: number, d: number) => Date.UTC(y, m, d) - 8 * 3_600_000;
    expect(periodStart(t, 'day')).toBe(china(2026, 2, 4));
    expect(periodStart(t, 'week')).toBe(china(2026, 2, 2)); // Monday
    expect(periodStart(t, 'month')).toBe(china(2026, 2, 1));
    expect(periodStart(t, 'year')).toBe(china(2026, 0, 1));
    expect(periodStart(t, 'day', 0)).toBe(Date.UTC(2026, 2, 3));
    expect(shiftPeriod(china(2026, 2, 1), 'month', -1)).toBe(china(2026, 1, 1));
    expect(shiftPeriod(china(2026, 0, 1), 'month', -1)).toBe(china(2025, 11, 1));
    expect(shiftPeriod(china(2026, 0, 1), 'year', -1)).toBe(china(2025, 0, 1));
    expect(shiftPeriod(china(2026, 2, 2), 'week', -1)).toBe(china(2026, 1, 23));
    expect(shiftPeriod(china(2026, 2, 4), 'day', 1)).toBe(china(2026, 2, 5));
  });
});
