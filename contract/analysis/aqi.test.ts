import { describe, expect, it } from 'vitest';
import { AQI_LEVELS, aqiLevel, aqiOf, iaqi } from './aqi';

describe('AQI (HJ 633-2012, 24-hour breakpoints)', () => {
  it('maps every breakpoint onto its IAQI', () => {
    const pm25 = [0, 35, 75, 115, 150, 250, 350, 500];
    const pm10 = [0, 50, 150, 250, 350, 420, 500, 600];
    const index = [0, 50, 100, 150, 200, 300, 400, 500];
    pm25.forEach((c, i) => expect(iaqi('pm25', c)).toBe(index[i]));
    pm10.forEach((c, i) => expect(iaqi('pm10', c)).toBe(index[i]));
  });

  it('interpolates between breakpoints and rounds up', () => {
    // 50 + 50/40 * (55 - 35) = 75
    expect(iaqi('pm25', 55)).toBe(75);
    // 50/35 * 10 = 14.29 -> 15
    expect(iaqi('pm25', 10)).toBe(15);
    // 100 + 50/100 * (200 - 150) = 125
    expect(iaqi('pm10', 200)).toBe(125);
    // 300 + 100/80 * (450 - 420) = 337.5 -> 338
    expect(iaqi('pm10', 450)).toBe(338);
    expect(iaqi('pm25', 35.1)).toBe(51);
  });

  it('clamps below zero and above the last breakpoint', () => {
    expect(iaqi('pm25', -3)).toBe(0);
    expect(iaqi('pm25', 800)).toBe(500);
    expect(iaqi('pm10', 601)).toBe(500);
  });

  it('takes the larger IAQI of the pollutants given, null without any', () => {
    expect(aqiOf({ pm25: 80, pm10: 100 })).toBe(107); // PM2.5 decides: 100 + 50/40 * 5 = 106.25 -> 107
    expect(aqiOf({ pm25: 20, pm10: 300 })).toBe(175); // PM10 decides
    expect(aqiOf({ pm10: 50 })).toBe(50);
    expect(aqiOf({ pm25: 35, pm10: null })).toBe(50);
    expect(aqiOf({})).toBeNull();
    expect(aqiOf({ pm25: null, pm10: Number.NaN })).toBeNull();
  });

  it('names the six categories', () => {
    expect([0, 50, 51, 100, 101, 150, 151, 200, 201, 300, 301, 500].map(aqiLevel)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
    expect(Object.values(AQI_LEVELS).map((l) => l.name)).toEqual(['优', '良', '轻度污染', '中度污染', '重度污染', '严重污染']);
    expect(aqiLevel(aqiOf({ pm25: 160 })!)).toBe(5);
  });
});
