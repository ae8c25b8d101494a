import { describe, expect, it } from 'vitest';
import { DeviceTypeId } from '../../contract/enums';
import { filterRemainingPct } from '../../contract/screen-data';
import { continueFrom } from './incidents';
import { meterPowerKw, sampleValue, so2Ppm, type SignalEnv } from './signals';
import { SimDevice, type SignalKind, type SimMeasure } from './sim-device';
import { DEFAULT_SITE_PROFILE } from './site-profile';

const measure = (id: number, kind: SignalKind, max: number | null = null): SimMeasure => ({
  id, name: kind, kind, decimals: 0, min: 0, max, conditionType: null,
});
const env = (over: Partial<SignalEnv> = {}): SignalEnv => ({
  now: Date.UTC(2026, 0, 5, 4), dtH: 0, ambientPm25: 30, sitePowerKw: 100, noise: () => 0, random: () => 0.5, ...over,
});

describe('simulated signals', () => {
  it('gives a running purifier unit 8,000–20,000 m³/h whatever its filter load, and a stopped one none', () => {
    const unit = new SimDevice(1, 1, DeviceTypeId.MonitoredDevice, [measure(1, 'airVolume', 30000)]);
    for (const load of [0.02, 0.3, 0.6, 1]) {
      unit.load = load;
      const v = sampleValue(unit, unit.measures[0], env());
      expect(v).toBeGreaterThanOrEqual(8000);
      expect(v).toBeLessThanOrEqual(20000);
    }
    unit.fanOn = false;
    expect(sampleValue(unit, unit.measures[0], env({ noise: (sd) => sd }))).toBe(0);
  });

  it('reads a filter\'s load back from its resistance, and a unit\'s from its air volume', () => {
    for (const load of [0.05, 0.5, 0.9, 1.1]) {
      const filter = new SimDevice(1, 1, DeviceTypeId.Filter, [measure(1, 'resistance', 600), measure(2, 'airVolume', 12000)]);
      filter.load = load;
      const values = new Map(filter.measures.map((m) => [m.id, sampleValue(filter, m, env())]));
      const again = new SimDevice(1, 1, DeviceTypeId.Filter, filter.measures);
      continueFrom(again, (id) => values.get(id) ?? null);
      expect(again.load).toBeCloseTo(load, 2);
    }
    const unit = new SimDevice(2, 1, DeviceTypeId.MonitoredDevice, [measure(3, 'airVolume', 30000)]);
    unit.load = 0.4;
    const air = sampleValue(unit, unit.measures[0], env());
    const again = new SimDevice(2, 1, DeviceTypeId.MonitoredDevice, unit.measures);
    continueFrom(again, () => air);
    expect(again.load).toBeCloseTo(0.4, 2);
  });

  it('spans filter life from new to worn over the load, with the 450 Pa limit just short of full', () => {
    const filter = new SimDevice(1, 1, DeviceTypeId.Filter, [measure(1, 'resistance', 600)]);
    const lifeAt = (load: number) => {
      filter.load = load;
      return filterRemainingPct(sampleValue(filter, filter.measures[0], env()), 450);
    };
    expect(lifeAt(0.03)).toBeGreaterThan(95);
    expect(lifeAt(0.45)).toBeGreaterThan(45);
    expect(lifeAt(0.45)).toBeLessThan(55);
    expect(lifeAt(0.88)).toBeGreaterThan(0);
    expect(lifeAt(0.95)).toBe(0);
  });

  it('reads ambient SO₂ at a few ppb (5–30 μg/m³), highest late in the morning, more in a haze, less indoors', () => {
    const sensor = new SimDevice(5, 1, DeviceTypeId.Sensor, [{ ...measure(9, 'so2', 50), decimals: 3 }]);
    // China time is UTC+8: 03:00 UTC is the 11:00 peak, 15:00 UTC the 23:00 low.
    const at = (utcHour: number, pm25: number) => sampleValue(sensor, sensor.measures[0], env({ now: Date.UTC(2026, 0, 5, utcHour), ambientPm25: pm25 }));
    for (const pm25 of [20, 35, 60]) {
      for (const h of [0, 3, 6, 9, 12, 15, 18, 21]) {
        expect(at(h, pm25)).toBeGreaterThanOrEqual(0.002);
        expect(at(h, pm25)).toBeLessThanOrEqual(0.01);
      }
    }
    expect(at(3, 35)).toBeGreaterThan(at(15, 35));
    expect(at(3, 150)).toBeGreaterThan(at(3, 35));
    expect(at(3, 150)).toBeLessThan(0.02);
    expect(so2Ppm(Date.UTC(2026, 0, 5, 3), 35, false)).toBeLessThan(0.5 * so2Ppm(Date.UTC(2026, 0, 5, 3), 35, true));
  });

  it('draws the site meter\'s power by the site\'s size and daily cycle', () => {
    const dataCentre = { ...DEFAULT_SITE_PROFILE, powerKw: 230, powerSwing: 0.04 };
    const office = { ...DEFAULT_SITE_PROFILE, powerKw: 30, powerSwing: 0.5 };
    const dayKwh = (site: typeof office) => Array.from({ length: 24 }, (_, h) => meterPowerKw(Date.UTC(2026, 0, 5, h), site))
      .reduce((a, b) => a + b, 0);
    expect(dayKwh(dataCentre) / dayKwh(office)).toBeGreaterThan(5);
    // 14:00 China time is 06:00 UTC: the office's afternoon peak.
    expect(meterPowerKw(Date.UTC(2026, 0, 5, 6), office)).toBeCloseTo(45, 5);
    const meter = new SimDevice(3, 1, DeviceTypeId.ElectricityMeter, [measure(4, 'power', 500)]);
    expect(sampleValue(meter, meter.measures[0], env({ sitePowerKw: 42 }))).toBe(42);
  });
});
