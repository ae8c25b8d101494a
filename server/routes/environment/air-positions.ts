import { DeviceTypeId } from '../../../contract/enums';
import type { AirPosition, AirSide } from '../../../contract/environment-analysis';
import type { AqiPollutant } from '../../../contract/analysis/aqi-tables';

/*
 * Where a particulate or gas reading is taken, and how its unit becomes the AQI's. The rules
 * (server/README.md, "Environment analysis"):
 * - a point's name says it first: 室外/户外/环境/新风/outdoor/ambient → outdoor air; 进风/进口/入口/
 *   上游/inlet/upstream → before a filter; 送风/出风/出口/下游/outlet/supply/downstream → after a
 *   filter; 室内/回风/indoor/room → the rooms' air;
 * - otherwise the device type: a sensor (2001) measures ambient (outdoor) air, as the simulator's
 *   sensors do; any other device (a filter 2006, a purifier unit) measures the air it delivers.
 * The AQI's outdoor side reads outdoor points, its indoor side indoor and downstream points;
 * upstream points feed only the filtration analysis.
 */

const OUTDOOR = /室外|户外|环境|新风|outdoor|ambient|fresh/i;
const UPSTREAM = /进风|进口|入口|上游|inlet|upstream|intake/i;
const DOWNSTREAM = /送风|出风|出口|下游|outlet|supply|downstream/i;
const INDOOR = /室内|回风|indoor|room|return/i;

/** The position of a point from its name, else its device type. */
export function airPositionOf(measureName: string, deviceTypeId: number): AirPosition {
  if (UPSTREAM.test(measureName)) return 'upstream';
  if (DOWNSTREAM.test(measureName)) return 'downstream';
  if (OUTDOOR.test(measureName)) return 'outdoor';
  if (INDOOR.test(measureName)) return 'indoor';
  return deviceTypeId === DeviceTypeId.Sensor ? 'outdoor' : 'downstream';
}

/** The AQI side a position counts for (upstream points: none). */
export function airSideOf(position: AirPosition): AirSide | null {
  if (position === 'outdoor') return 'outdoor';
  if (position === 'upstream') return null;
  return 'indoor';
}

/** Molar masses (g/mol) of the gases a ppm reading is converted for. */
const MOLAR_MASS: Partial<Record<AqiPollutant, number>> = { so2: 64.066, no2: 46.0055, co: 28.0101, o3: 47.9982 };
/**
 * Molar volume (L/mol) at GB 3095's reference state for gaseous pollutants since its 2018
 * amendment: 298.15 K and 1013.25 hPa.
 */
const MOLAR_VOLUME_L = 24.465;

const normalise = (unit: string) => unit.trim().toLowerCase().replace(/µ/g, 'μ').replace(/\s+/g, '').replace('m3', 'm³');

/**
 * The factor turning a reading in `unit` into the AQI's unit for `pollutant` (μg/m³; CO mg/m³),
 * or null when the unit is not a concentration the AQI can use. An empty unit reads as the AQI's.
 */
export function aqiUnitFactor(pollutant: AqiPollutant, unit: string): number | null {
  const u = normalise(unit);
  const target = pollutant === 'co' ? 'mg' : 'μg';
  const mass = { 'μg/m³': 1, 'ug/m³': 1, 'mg/m³': 1000, '': target === 'μg' ? 1 : 1000 }[u];
  if (mass !== undefined) return target === 'μg' ? mass : mass / 1000;
  const molar = MOLAR_MASS[pollutant];
  if (!molar) return null;
  // 1 ppm = M / Vm mg/m³.
  const ppmToMg = molar / MOLAR_VOLUME_L;
  const ppm = u === 'ppm' ? 1 : u === 'ppb' ? 1e-3 : null;
  if (ppm === null) return null;
  return target === 'μg' ? ppm * ppmToMg * 1000 : ppm * ppmToMg;
}
