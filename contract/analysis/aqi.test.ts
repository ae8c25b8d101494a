import { describe, expect, it } from 'vitest';
import { AQI_LEVELS, aqiLevel, aqiOf, computeAqi, iaqi, iaqiOf, roundGbT8170 } from './aqi';
import { AQI_STANDARDS, aqiStandardOn, isAqiStandardId } from './aqi-tables';

describe('AQI tables', () => {
  it('hold HJ 633—2012 Table 1 and HJ 633—2026 Table 3 row by row', () => {
    const t12 = AQI_STANDARDS['HJ633-2012'].breakpoints;
    const t26 = AQI_STANDARDS['HJ633-2026'].breakpoints;
    for (const t of [t12, t26]) {
      // The SO2 24-hour row, which a popular open implementation replaced with the 1-hour row.
      expect(t.so2_24h).toEqual([0, 50, 150, 475, 800, 1600, 2100, 2620]);
      expect(t.so2_1h).toEqual([0, 150, 500, 650, 800]);
      expect(t.no2_24h).toEqual([0, 40, 80, 180, 280, 565, 750, 940]);
      expect(t.no2_1h).toEqual([0, 100, 200, 700, 1200, 2340, 3090, 3840]);
      expect(t.co_24h).toEqual([0, 2, 4, 14, 24, 36, 48, 60]);
      expect(t.co_1h).toEqual([0, 5, 10, 35, 60, 90, 120, 150]);
      expect(t.o3_1h).toEqual([0, 160, 200, 300, 400, 800, 1000, 1200]);
      expect(t.o3_8h).toEqual([0, 100, 160, 215, 265, 800]);
    }
    expect(t12.pm10_24h).toEqual([0, 50, 150, 250, 350, 420, 500, 600]);
    expect(t12.pm25_24h).toEqual([0, 35, 75, 115, 150, 250, 350, 500]);
    expect(t26.pm10_24h).toEqual([0, 50, 120, 250, 350, 420, 500, 600]);
    expect(t26.pm25_24h).toEqual([0, 35, 60, 115, 150, 250, 350, 500]);
    expect(t12.pm25_1h).toBeUndefined();
    expect(t26.pm25_1h).toEqual(t26.pm25_24h);
  });

  it('picks the standard in force on a date and recognises ids', () => {
    expect(aqiStandardOn('2026-02-28')).toBe('HJ633-2012');
    expect(aqiStandardOn('2026-03-01T00:00:00Z')).toBe('HJ633-2026');
    expect(isAqiStandardId('HJ633-2026')).toBe(true);
    expect(isAqiStandardId('HJ633-2013')).toBe(false);
    expect(isAqiStandardId('constructor')).toBe(false);
  });
});

describe('IAQI', () => {
  it('maps every breakpoint onto its IAQI', () => {
    const index = [0, 50, 100, 150, 200, 300, 400, 500];
    AQI_STANDARDS['HJ633-2012'].breakpoints.pm25_24h!.forEach((c, i) => expect(iaqiOf('pm25_24h', c, 'HJ633-2012')).toBe(index[i]));
    AQI_STANDARDS['HJ633-2026'].breakpoints.pm10_24h!.forEach((c, i) => expect(iaqiOf('pm10_24h', c, 'HJ633-2026')).toBe(index[i]));
    AQI_STANDARDS['HJ633-2026'].breakpoints.so2_24h!.forEach((c, i) => expect(iaqiOf('so2_24h', c)).toBe(index[i]));
    expect(iaqiOf('so2_1h', 800, 'HJ633-2012')).toBe(200);
    expect(iaqiOf('o3_8h', 800, 'HJ633-2026')).toBe(300);
  });

  it('interpolates and rounds up', () => {
    // 50 + 50/40 * (55 - 35) = 75
    expect(iaqi('pm25', 55)).toBe(75);
    // 50/35 * 10 = 14.29 -> 15
    expect(iaqi('pm25', 10)).toBe(15);
    // 300 + 100/80 * (450 - 420) = 337.5 -> 338
    expect(iaqi('pm10', 450)).toBe(338);
    // SO2 24-hour: 100 + 50/325 * (300 - 150) = 123.08 -> 124 (the wrong 1-hour row would give 72)
    expect(iaqiOf('so2_24h', 300, 'HJ633-2012')).toBe(124);
    // 50 + 50/100 * (100 - 50) = 75 (the wrong row: 34)
    expect(iaqiOf('so2_24h', 100, 'HJ633-2012')).toBe(75);
    // CO 1-hour: 100 + 50/25 * (20 - 10) = 120
    expect(iaqiOf('co_1h', 20, 'HJ633-2012')).toBe(120);
  });

  it('tightens PM in 2026', () => {
    expect(iaqiOf('pm25_24h', 60, 'HJ633-2026')).toBe(100);
    expect(iaqiOf('pm25_24h', 60, 'HJ633-2012')).toBe(82); // 50 + 50/40 * 25 = 81.25
    expect(iaqiOf('pm25_24h', 75, 'HJ633-2026')).toBe(114); // 100 + 50/55 * 15 = 113.6
    expect(iaqiOf('pm10_24h', 120, 'HJ633-2026')).toBe(100);
    expect(iaqiOf('pm10_24h', 150, 'HJ633-2026')).toBe(112); // 100 + 50/130 * 30 = 111.5
    expect(iaqiOf('pm10_24h', 150, 'HJ633-2012')).toBe(100);
    expect(iaqiOf('pm25_1h', 60, 'HJ633-2026')).toBe(100);
    expect(iaqiOf('pm25_1h', 60, 'HJ633-2012')).toBeNull(); // 2012 indexes no PM 1-hour value
  });

  it('rounds concentrations first in 2026 (GB/T 8170), not in 2012', () => {
    expect(iaqiOf('pm25_24h', 35.4, 'HJ633-2026')).toBe(50); // 35
    expect(iaqiOf('pm25_24h', 35.5, 'HJ633-2026')).toBe(52); // 36: 50 + 2 * 1
    expect(iaqiOf('pm25_24h', 36.5, 'HJ633-2026')).toBe(52); // 36 (half to even)
    expect(iaqiOf('pm25_24h', 35.4, 'HJ633-2012')).toBe(51); // 50.5 -> 51
    expect(iaqiOf('co_1h', 5.05, 'HJ633-2026')).toBe(50); // 5.0
    expect(iaqiOf('co_1h', 5.15, 'HJ633-2026')).toBe(52); // 5.2: 50 + 10 * 0.2
    expect([roundGbT8170(34.5), roundGbT8170(35.5), roundGbT8170(2.51), roundGbT8170(-2.5), roundGbT8170(0.15, 1), roundGbT8170(0.25, 1)])
      .toEqual([34, 36, 3, -2, 0.2, 0.2]);
  });

  it('reads below zero as 0 and above the last breakpoint as 500', () => {
    expect(iaqi('pm25', -3)).toBe(0);
    expect(iaqiOf('pm25_1h', -0.4, 'HJ633-2026')).toBe(0);
    expect(iaqi('pm25', 800)).toBe(500);
    expect(iaqiOf('co_24h', 70, 'HJ633-2026')).toBe(500);
    expect(iaqiOf('so2_1h', 801, 'HJ633-2012')).toBeNull(); // the rule decides
    expect(iaqiOf('pm25_24h', Number.NaN)).toBeNull();
  });

  it('keeps aqiOf for the overview (2012 unless told)', () => {
    expect(aqiOf({ pm25: 80, pm10: 100 })).toBe(107); // 100 + 50/40 * 5 = 106.25
    expect(aqiOf({ pm25: 20, pm10: 300 })).toBe(175);
    expect(aqiOf({ pm25: 60 }, 'HJ633-2026')).toBe(100);
    expect(aqiOf({})).toBeNull();
    expect(aqiOf({ pm25: null, pm10: Number.NaN })).toBeNull();
  });
});

describe('computeAqi', () => {
  it('works a 2026 daily example by hand', () => {
    const r = computeAqi({ so2_24h: 10, no2_24h: 45, co_24h: 1.2, o3_8h: 120, pm10_24h: 95, pm25_24h: 52 }, { period: 'day', standard: 'HJ633-2026' });
    // 10; 50+50/40*5=56.25->57; 30; 50+50/60*20=66.7->67; 50+50/70*45=82.1->83; 50+50/25*17=84
    expect(r.parts.map((p) => [p.indicator, p.iaqi])).toEqual([
      ['so2_24h', 10], ['no2_24h', 57], ['co_24h', 30], ['o3_8h', 67], ['pm10_24h', 83], ['pm25_24h', 84],
    ]);
    expect(r).toMatchObject({ aqi: 84, maxIaqi: 84, level: 2, primary: ['pm25_24h'], primaryPollutants: ['pm25'], missing: [] });
    expect(AQI_LEVELS[r.level!]).toMatchObject({ name: '良', en: 'Moderate', colour: '#ffff00' });
    // The same day under 2012: PM10 50+50/100*45=72.5->73 leads, PM2.5 50+50/40*17=71.25->72.
    const old = computeAqi({ so2_24h: 10, no2_24h: 45, co_24h: 1.2, o3_8h: 120, pm10_24h: 95, pm25_24h: 52 }, { period: 'day', standard: 'HJ633-2012' });
    expect(old).toMatchObject({ aqi: 73, primary: ['pm10_24h'] });
  });

  it('uses the report period\'s indicators', () => {
    const values = { so2_1h: 160, pm25_1h: 100, pm25_24h: 40 };
    // 2026 hourly: SO2 50+50/350*10=51.4->52; PM2.5 1-hour 100+50/55*40=136.4->137.
    expect(computeAqi(values, { period: 'hour', standard: 'HJ633-2026' })).toMatchObject({ aqi: 137, primary: ['pm25_1h'] });
    // 2012 hourly: the PM 24-hour sliding mean 40 -> 50+50/40*5=56.25->57 leads SO2's 52.
    expect(computeAqi(values, { period: 'hour', standard: 'HJ633-2012' })).toMatchObject({ aqi: 57, primary: ['pm25_24h'] });
    // A daily report reads none of the 1-hour values.
    expect(computeAqi(values, { period: 'day', standard: 'HJ633-2026' }).parts.map((p) => p.indicator)).toEqual(['pm25_24h']);
  });

  it('applies the SO2 1-hour above 800 rule of each standard', () => {
    // 2012: the 24-hour IAQI is reported instead: 100 + 50/325 * 150 = 123.08 -> 124.
    const old = computeAqi({ so2_1h: 900, so2_24h: 300 }, { period: 'hour', standard: 'HJ633-2012' });
    expect(old.parts).toEqual([{ indicator: 'so2_1h', concentration: 900, iaqi: 124, note: 'so2-1h-above-800' }]);
    expect(old).toMatchObject({ aqi: 124, primary: ['so2_1h'], primaryPollutants: ['so2'] });
    // Without the 24-hour value the SO2 index cannot be given.
    expect(computeAqi({ so2_1h: 900, pm25_24h: 10 }, { period: 'hour', standard: 'HJ633-2012' })).toMatchObject({ aqi: 15, missing: ['so2_1h'], primary: [] });
    // 2026: read as 200.
    expect(computeAqi({ so2_1h: 900 }, { period: 'hour', standard: 'HJ633-2026' }).parts[0]).toMatchObject({ iaqi: 200, note: 'so2-1h-above-800' });
    expect(computeAqi({ so2_1h: 800 }, { period: 'hour', standard: 'HJ633-2026' }).parts[0]).toEqual({ indicator: 'so2_1h', concentration: 800, iaqi: 200 });
  });

  it('applies the O3 8-hour above 800 rule of each standard', () => {
    // 2012: the 1-hour IAQI is reported: 300 + 100/200 * 100 = 350.
    const old = computeAqi({ o3_8h: 850, o3_1h: 900 }, { period: 'day', standard: 'HJ633-2012' });
    expect(old.parts).toEqual([
      { indicator: 'o3_1h', concentration: 900, iaqi: 350 },
      { indicator: 'o3_8h', concentration: 850, iaqi: 350, note: 'o3-8h-above-800' },
    ]);
    expect(old).toMatchObject({ aqi: 350, level: 6, primary: ['o3_1h', 'o3_8h'], primaryPollutants: ['o3'] });
    // 2026: read as 300; the daily report has no 1-hour O3.
    const now = computeAqi({ o3_8h: 850, o3_1h: 900 }, { period: 'day', standard: 'HJ633-2026' });
    expect(now.parts).toEqual([{ indicator: 'o3_8h', concentration: 850, iaqi: 300, note: 'o3-8h-above-800' }]);
    expect(now.level).toBe(5);
  });

  it('flags values above the scale', () => {
    const r = computeAqi({ pm25_24h: 620, pm10_24h: 100 }, { period: 'day', standard: 'HJ633-2026' });
    expect(r.parts[1]).toEqual({ indicator: 'pm25_24h', concentration: 620, iaqi: 500, note: 'above-scale' });
    expect(r).toMatchObject({ aqi: 500, level: 6 });
  });

  it('handles missing and unmonitored pollutants', () => {
    // Left out: not monitored, no effect.
    expect(computeAqi({ pm25_1h: 40 }, { period: 'hour' })).toMatchObject({ aqi: 60, missing: [], primary: ['pm25_1h'] });
    // Missing (null) with the rest at 100 or less: 2026 publishes no AQI (§5.3.1), 2012 does.
    const gap = computeAqi({ pm25_1h: 40, pm10_1h: null }, { period: 'hour', standard: 'HJ633-2026' });
    expect(gap).toMatchObject({ maxIaqi: 60, aqi: null, level: null, primary: [], missing: ['pm10_1h'] });
    expect(gap.parts).toHaveLength(1);
    expect(computeAqi({ pm25_24h: 40, pm10_24h: Number.NaN }, { period: 'day', standard: 'HJ633-2012' })).toMatchObject({ aqi: 57, missing: ['pm10_24h'] });
    // Above 100 the AQI stands even with a gap.
    expect(computeAqi({ pm25_1h: 100, pm10_1h: null }, { period: 'hour', standard: 'HJ633-2026' })).toMatchObject({ aqi: 137, level: 3 });
    // Nothing at all.
    expect(computeAqi({}, { period: 'day' })).toMatchObject({ aqi: null, maxIaqi: null, level: null, parts: [] });
    expect(computeAqi({ pm25_24h: null }, { period: 'day' })).toMatchObject({ aqi: null, maxIaqi: null, missing: ['pm25_24h'] });
  });

  it('names primary pollutants only above 50, all of them on a tie', () => {
    expect(computeAqi({ pm25_24h: 35, pm10_24h: 20 }, { period: 'day', standard: 'HJ633-2012' })).toMatchObject({ aqi: 50, primary: [] });
    expect(computeAqi({ pm25_24h: 75, pm10_24h: 150, no2_24h: 80 }, { period: 'day', standard: 'HJ633-2012' }))
      .toMatchObject({ aqi: 100, primary: ['no2_24h', 'pm10_24h', 'pm25_24h'], primaryPollutants: ['no2', 'pm10', 'pm25'] });
    expect(computeAqi({ pm25_24h: 60, pm10_24h: 120 }, { period: 'day', standard: 'HJ633-2026' })).toMatchObject({ aqi: 100, primary: ['pm10_24h', 'pm25_24h'] });
  });

  it('names the six categories', () => {
    expect([0, 50, 51, 100, 101, 150, 151, 200, 201, 300, 301, 500].map(aqiLevel)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
    expect(Object.values(AQI_LEVELS).map((l) => l.name)).toEqual(['优', '良', '轻度污染', '中度污染', '重度污染', '严重污染']);
    expect(Object.values(AQI_LEVELS).map((l) => l.colour)).toEqual(['#00e400', '#ffff00', '#ff7e00', '#ff0000', '#99004c', '#7e0023']);
  });
});
