import { airVolumeM3h, resistancePa } from './filter-load';
import { isAbsoluteSpell } from './incidents';
import type { SimDevice, SimMeasure } from './sim-device';
import type { SiteProfile } from './site-profile';

/** What every signal of one tick shares. */
export interface SignalEnv {
  /** Simulated time, epoch ms. */
  now: number;
  /** Hours since the device's previous tick (counters integrate over it). */
  dtH: number;
  /** Ambient PM2.5 where the device stands (μg/m³), pollution events included. */
  ambientPm25: number;
  /** What the site's electricity meter reads now without noise or peaks (kW): meterPowerKw. */
  sitePowerKw: number;
  /** Normally distributed noise with the given standard deviation. */
  noise(sd: number): number;
  random(): number;
}

const TAU = 2 * Math.PI;

/** Hour of day in China (UTC+8), 0..24. */
export function chinaHour(ts: number): number {
  return ((ts / 3_600_000) + 8) % 24;
}

/** A daily cycle: 1 at `peakHour`, -1 twelve hours later. */
export function daily(ts: number, peakHour: number): number {
  return Math.cos((TAU * (chinaHour(ts) - peakHour)) / 24);
}

/** Ambient PM2.5 of a site: a morning and an evening rush over a base, times the pollution event. */
export function ambientPm25(ts: number, base: number, eventLevel: number): number {
  return Math.max(2, base + 10 * daily(ts, 8) + 8 * daily(ts, 19)) * eventLevel;
}

/** PM10 over PM2.5 in ambient air (coarse dust on top of the fine). */
export const AMBIENT_PM10_RATIO = 1.6;

/** PM1 over PM2.5: most of the fine dust is finer than 1 μm outdoors; a filter lets little of it through. */
export function pm1Of(ambientPm25: number, ambient: boolean): number {
  return ambientPm25 * (ambient ? 0.62 : 0.04);
}

/** Particles of 0.3 μm and up (per litre) behind a filter: the ambient load plus what a worn filter sheds. */
export function pm03Of(ambientPm25: number, load: number): number {
  return 300 + 4000 * load ** 3 + 8 * ambientPm25;
}

/**
 * SO₂ (ppm) where the ambient PM2.5 is `ambientPm25`: a city's background of a few ppb (1 ppm is
 * 2,619 μg/m³ at GB 3095's reference state, so 0.002–0.01 ppm is 5–26 μg/m³), higher with the
 * coal smoke that comes with haze and the heating season (the PM2.5 carries both), peaking late in
 * the morning when the mixing layer brings elevated plumes down. Indoors, where walls and
 * surfaces absorb it, about a third of that.
 */
export function so2Ppm(ts: number, ambientPm25: number, ambient: boolean): number {
  return (0.0015 + 0.00007 * ambientPm25) * (1 + 0.3 * daily(ts, 11)) * (ambient ? 1 : 0.35);
}
/** Sample noise of an SO₂ reading (ppm). */
export const SO2_NOISE_PPM = 0.0004;

/** Fan power of a purifier (kW) at a filter load, which the energy counters integrate. */
export function fanPowerKw(fanOn: boolean, load: number): number {
  return fanOn ? 11 + 1.5 * load : 0.3;
}

/** The site's mean draw at `ts` (kW), following its daily cycle. */
export function meterPowerKw(ts: number, site: SiteProfile): number {
  return site.powerKw * (1 + site.powerSwing * daily(ts, 14));
}

const clamp = (v: number, lo: number | null, hi: number | null) => Math.min(hi ?? Infinity, Math.max(lo ?? -Infinity, v));

/**
 * One sample of one measure. Physically linked where it matters: resistance and air volume
 * follow the filter's load, air volume and energy the fan, fine dust the ambient air.
 */
export function sampleValue(d: SimDevice, m: SimMeasure, env: SignalEnv): number {
  const { now, noise } = env;
  const spell = d.spell(m.kind, now);
  let v: number;
  switch (m.kind) {
    case 'pm25': v = d.measuresAmbient ? env.ambientPm25 + noise(2) : 3 + 0.06 * env.ambientPm25 + 4 * d.load + noise(0.8); break;
    case 'pm10': v = d.measuresAmbient ? env.ambientPm25 * AMBIENT_PM10_RATIO + noise(4) : 6 + 0.1 * env.ambientPm25 + noise(1); break;
    case 'pm1': v = pm1Of(env.ambientPm25, d.measuresAmbient) + noise(1); break;
    case 'pm03': v = pm03Of(env.ambientPm25, d.load) + noise(60); break;
    case 'resistance': v = d.fanOn ? resistancePa(d.load) + noise(3) : 4 + noise(1); break;
    // A stopped fan moves no air: exactly 0, so the unit reads as stopped.
    case 'airVolume': v = d.fanOn ? airVolumeM3h(m.max, d.load) * d.speed * (1 + noise(0.015)) : 0; break;
    case 'energy': {
      const kw = d.has('power') ? (d.walk.get(-1) ?? env.sitePowerKw) : fanPowerKw(d.fanOn, d.load);
      v = (d.counters.get(m.id) ?? 20_000 + 180_000 * env.random()) + kw * env.dtH;
      d.counters.set(m.id, v);
      break;
    }
    case 'power': {
      v = env.sitePowerKw + noise(1 + 0.02 * env.sitePowerKw);
      d.walk.set(-1, spell ? spell.level : v);
      break;
    }
    case 'temperature': {
      const swing = d.measuresAmbient ? 6 : d.has('fault') ? 1.5 : 8;
      v = (d.measuresAmbient ? 24 : 22) + swing * daily(now, 15) + noise(0.25);
      break;
    }
    case 'humidity': v = 55 - 12 * daily(now, 15) + noise(1); break;
    case 'h2s': v = 0.4 + Math.abs(noise(0.15)) + (spell ? spell.level : 0); break;
    case 'so2': v = so2Ppm(now, env.ambientPm25, d.measuresAmbient) + noise(SO2_NOISE_PPM) + (spell ? spell.level : 0); break;
    case 'signal': v = -72 + noise(3); break;
    case 'fault': v = d.faultUntil > now ? d.faultBits : 0; break;
    case 'water':
    case 'gas': {
      const rate = m.kind === 'water' ? 0.4 + 0.8 * Math.max(0, daily(now, 11)) : 0.6 + 0.3 * Math.max(0, daily(now, 18));
      v = (d.counters.get(m.id) ?? 1000 + 9000 * env.random()) + rate * env.dtH;
      d.counters.set(m.id, v);
      break;
    }
    // A set-point reads exactly what was written to it.
    case 'setpoint': return d.setPoint(m);
    case 'relay': {
      if (env.random() < 0.02) d.relayBits ^= 1 << Math.floor(env.random() * 8);
      v = d.relayBits;
      break;
    }
    default: {
      const lo = m.min ?? 0;
      const hi = m.max ?? lo + 100;
      const prev = d.walk.get(m.id) ?? lo + (hi - lo) * (0.3 + 0.4 * env.random());
      v = clamp(prev + noise((hi - lo) * 0.01), lo, hi);
      d.walk.set(m.id, v);
    }
  }
  if (spell && isAbsoluteSpell(m.kind)) v = spell.level + noise(0.3);
  if (m.kind !== 'energy' && m.kind !== 'water' && m.kind !== 'gas') v = clamp(v, m.min, m.max);
  const f = 10 ** Math.min(6, Math.max(0, m.decimals));
  return Math.round(v * f) / f;
}
