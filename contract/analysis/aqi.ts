/**
 * Air quality index of China's HJ 633-2012 (技术规定（试行）) from PM2.5 and PM10, with the 24-hour
 * breakpoints. Plain TypeScript without zod: the console's monitor bundle imports it.
 */

export type AqiPollutant = 'pm25' | 'pm10';

/** IAQI breakpoints shared by every pollutant. */
const IAQI = [0, 50, 100, 150, 200, 300, 400, 500] as const;

/** 24-hour average concentration breakpoints (μg/m³), one per IAQI breakpoint. */
export const AQI_BREAKPOINTS: Record<AqiPollutant, readonly number[]> = {
  pm25: [0, 35, 75, 115, 150, 250, 350, 500],
  pm10: [0, 50, 150, 250, 350, 420, 500, 600],
};

/** The highest index: concentrations beyond the last breakpoint read 500. */
export const AQI_MAX = 500;

/**
 * The individual air quality index (IAQI) of one pollutant: linear between breakpoints, rounded
 * up to an integer as the standard prescribes; 0 below zero, 500 beyond the last breakpoint.
 * `concentration` in μg/m³, finite.
 */
export function iaqi(pollutant: AqiPollutant, concentration: number): number {
  const bp = AQI_BREAKPOINTS[pollutant];
  if (!(concentration > 0)) return 0;
  if (concentration >= bp[bp.length - 1]) return AQI_MAX;
  let i = 1;
  while (concentration > bp[i]) i++;
  const value = IAQI[i - 1] + ((IAQI[i] - IAQI[i - 1]) / (bp[i] - bp[i - 1])) * (concentration - bp[i - 1]);
  // Floating point may put an exact breakpoint a hair above its integer (35 μg/m³ -> 50.000…1).
  return Math.ceil(value - 1e-9);
}

/** AQI = the largest IAQI of the pollutants given; null when neither has a finite value. */
export function aqiOf(c: { pm25?: number | null; pm10?: number | null }): number | null {
  const parts: number[] = [];
  if (c.pm25 != null && Number.isFinite(c.pm25)) parts.push(iaqi('pm25', c.pm25));
  if (c.pm10 != null && Number.isFinite(c.pm10)) parts.push(iaqi('pm10', c.pm10));
  return parts.length ? Math.max(...parts) : null;
}

export type AqiLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** The six AQI categories: upper bound of the index, zh and en names, and the standard's colour. */
export const AQI_LEVELS: Record<AqiLevel, { upTo: number; name: string; en: string; colour: string }> = {
  1: { upTo: 50, name: '优', en: 'Good', colour: '#00e400' },
  2: { upTo: 100, name: '良', en: 'Moderate', colour: '#ffff00' },
  3: { upTo: 150, name: '轻度污染', en: 'Lightly polluted', colour: '#ff7e00' },
  4: { upTo: 200, name: '中度污染', en: 'Moderately polluted', colour: '#ff0000' },
  5: { upTo: 300, name: '重度污染', en: 'Heavily polluted', colour: '#99004c' },
  6: { upTo: Infinity, name: '严重污染', en: 'Severely polluted', colour: '#7e0023' },
};

/** The category of an AQI: 1 优 (0–50), 2 良, 3 轻度污染, 4 中度污染, 5 重度污染 (201–300), 6 严重污染 (> 300). */
export function aqiLevel(aqi: number): AqiLevel {
  for (const level of [1, 2, 3, 4, 5] as const) if (aqi <= AQI_LEVELS[level].upTo) return level;
  return 6;
}
