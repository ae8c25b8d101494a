import { describe, expect, it } from 'vitest';
import {
  dailyAqiSeries, dailyMax1h, dailyMax8h, dailyMean, hourlyAqiSeries, sliding24hMeans, sliding8hMeans, slidingMeans,
} from './aqi-averaging';

describe('AQI averaging', () => {
  it('computes trailing sliding means with a minimum of valid hours', () => {
    expect(slidingMeans([1, 2, 3, null, 5], 3, 2)).toEqual([null, 1.5, 2, 2.5, 4]);
    expect(slidingMeans([1, Number.NaN, undefined, 4], 2, 1)).toEqual([1, 1, null, 4]);
  });

  it('needs 20 hours for a 24-hour mean and 6 of 8 for an O3 8-hour mean', () => {
    const hours: (number | null)[] = Array.from({ length: 24 }, (_, i) => (i < 19 ? 10 : null));
    expect(dailyMean(hours)).toBeNull();
    hours[19] = 30;
    expect(dailyMean(hours)).toBe(11); // (19*10 + 30) / 20
    expect(sliding24hMeans(Array(30).fill(75)).map((v) => v !== null)).toEqual([...Array(19).fill(false), ...Array(11).fill(true)]);
    expect(sliding8hMeans([1, 2, 3, 4, 5, null, null, 8])).toEqual([null, null, null, null, null, null, null, 23 / 6]);
  });

  it('takes O3 daily maxima over the day', () => {
    const day = Array.from({ length: 24 }, (_, i) => i);
    // The 8-hour means lying in the day run from (0..7)=3.5 to (16..23)=19.5.
    expect(dailyMax8h(day)).toBe(19.5);
    expect(dailyMax1h([3, null, 9, Number.NaN, 4])).toBe(9);
    expect(dailyMax1h([null])).toBeNull();
    // Only hours 0..12: valid 8-hour means end at 7..14, eight of them, fewer than 14.
    const morning = day.map((v, i) => (i <= 12 ? v : null));
    expect(dailyMax8h(morning)).toBeNull();
    expect(dailyMax8h(morning, 1)).toBe(9.5); // hours 7..12
  });

  it('builds hourly reports per standard', () => {
    const pm25 = Array(30).fill(75);
    // 2026: each hour's own value, 100 + 50/55 * 15 = 113.6 -> 114.
    expect(hourlyAqiSeries({ pm25 }, 'HJ633-2026').map((r) => r.aqi)).toEqual(Array(30).fill(114));
    // 2012: the 24-hour sliding mean, valid from the 20th hour on.
    const old = hourlyAqiSeries({ pm25 }, 'HJ633-2012');
    expect(old[18]).toMatchObject({ aqi: null, missing: ['pm25_24h'] });
    expect(old[19]).toMatchObject({ aqi: 100, primary: ['pm25_24h'] });
    // 2012 SO2 1-hour above 800 falls back on the 24-hour sliding mean (here 900 too: 200 + 100/800 * 100 = 212.5).
    const so2 = hourlyAqiSeries({ so2: Array(24).fill(900) }, 'HJ633-2012');
    expect(so2[23].parts[0]).toMatchObject({ indicator: 'so2_1h', iaqi: 213, note: 'so2-1h-above-800' });
    expect(so2[0]).toMatchObject({ aqi: null, missing: ['so2_1h'] });
  });

  it('builds daily reports from whole days only', () => {
    const pm25 = [...Array(24).fill(60), ...Array(24).fill(35), ...Array(5).fill(500)];
    const o3 = Array(53).fill(120);
    const days = dailyAqiSeries({ pm25, o3 }, 'HJ633-2026');
    expect(days).toHaveLength(2);
    // Day 1: PM2.5 100, O3 8-hour 120 -> 67.
    expect(days[0]).toMatchObject({ aqi: 100, primary: ['pm25_24h'] });
    expect(days[0].parts.map((p) => p.indicator)).toEqual(['o3_8h', 'pm25_24h']);
    // Day 2: O3 leads with 67.
    expect(days[1]).toMatchObject({ aqi: 67, primary: ['o3_8h'] });
    // 2012 also indexes O3's daily maximum 1-hour value (120 -> 38).
    expect(dailyAqiSeries({ o3: Array(24).fill(120) }, 'HJ633-2012')[0].parts.map((p) => [p.indicator, p.iaqi])).toEqual([['o3_1h', 38], ['o3_8h', 67]]);
  });
});
