import { DeviceTypeId } from '../../contract/enums';
import { FILTER_LOAD_PER_HOUR, loadOfAirVolume, loadOfResistance } from './filter-load';
import type { SignalKind, SimDevice, Spell } from './sim-device';
import type { SiteProfile } from './site-profile';

/** A site (project): what it is like, its ambient PM2.5 base and the pollution event in progress, if any. */
export interface SiteState {
  profile: SiteProfile;
  base: number;
  pollution: Spell;
}

const MIN = 60_000;
const HOUR = 3_600_000;
const FAULTS = [0b0001, 0b0010, 0b0100, 0b1000, 0b0011, 0b1001];
/** Past this load a filter reads above its 450 Pa alarm limit (filter-load.ts). */
const WORN_LOAD = 0.93;

/**
 * Spells by kind: `absolute` ones replace the signal with `level` (heat, damp, weak radio, a power
 * peak), the others add `level` to it (a gas leak, a sulphur jump). `perHours`: how often one
 * starts on a device of an average site. Rare enough that most projects show no alarm most of the
 * time, while the platform as a whole raises one every few minutes.
 */
const SPELLS: Partial<Record<SignalKind, { absolute: boolean; level: (d: SimDevice, r: number) => number; minutes: [number, number]; perHours: number }>> = {
  temperature: { absolute: true, level: (_d, r) => 36 + 3 * r, minutes: [4, 15], perHours: 24 },
  humidity: { absolute: true, level: (d, r) => (d.measuresAmbient ? 84 : 88) + 4 * r, minutes: [4, 15], perHours: 24 },
  signal: { absolute: true, level: (_d, r) => -108 - 6 * r, minutes: [2, 8], perHours: 3 },
  h2s: { absolute: false, level: (_d, r) => 11 + 4 * r, minutes: [3, 10], perHours: 24 },
  // A plume from a boiler stack nearby: +0.06–0.10 ppm (160–260 μg/m³) for a few minutes.
  so2: { absolute: false, level: (_d, r) => 0.06 + 0.04 * r, minutes: [5, 15], perHours: 16 },
  power: { absolute: true, level: (_d, r) => 305 + 40 * r, minutes: [2, 6], perHours: 8 },
};

export function isAbsoluteSpell(kind: SignalKind): boolean {
  return SPELLS[kind]?.absolute ?? false;
}

function startSpell(d: SimDevice, kind: SignalKind, now: number, random: () => number): void {
  const s = SPELLS[kind];
  if (!s) return;
  const [lo, hi] = s.minutes;
  d.spells.set(kind, { until: now + (lo + (hi - lo) * random()) * MIN, level: s.level(d, random()) });
}

function startFault(d: SimDevice, now: number, random: () => number, bits = FAULTS[Math.floor(random() * FAULTS.length)]): void {
  d.faultBits = bits;
  d.faultUntil = now + (4 + 11 * random()) * MIN;
}

/**
 * Picks up where the last run (or the demo seed) left off: counters (energy, water, gas) go on
 * from their stored values instead of jumping, a filter's load is read back from its resistance
 * (a unit without one: from its air volume), and a reported fault keeps its bits.
 */
export function continueFrom(d: SimDevice, stored: (measureId: number) => number | null): void {
  const hasResistance = d.has('resistance');
  for (const m of d.measures) {
    const value = stored(m.id);
    if (value === null) continue;
    if (m.kind === 'energy' || m.kind === 'water' || m.kind === 'gas') d.counters.set(m.id, value);
    // A stopped fan reads a few Pa or no air: that says nothing of the load.
    if (m.kind === 'resistance' && value > 60) d.load = Math.min(1.2, Math.max(0.02, loadOfResistance(value)));
    if (m.kind === 'airVolume' && !hasResistance && value > 0) d.load = Math.min(1, Math.max(0.02, loadOfAirVolume(m.max, value)));
    if (m.kind === 'fault' && value > 0) d.faultBits = value;
    if (m.kind === 'setpoint') d.setPoints.set(m.id, value);
  }
}

/** A site as the simulator starts on it: clear air, its own base. */
export function startingSite(profile: SiteProfile): SiteState {
  return { profile, base: profile.pm25Base, pollution: { until: 0, level: 1 } };
}

/** What was going on at a device when the simulator starts. */
export interface DeviceStart {
  /** Kinds of the device's points with an open alarm. */
  alarmed: Set<SignalKind>;
  /** The device is offline. */
  offline: boolean;
  /** Pollution level (ambient PM2.5 over clear air) that explains the device's PM reading, if it has an open PM alarm. */
  haze: number | null;
}

/**
 * Incidents in progress when the simulator starts: those behind the alarms already open (so they
 * stay true a while), an outage behind an offline device (it stays away for hours), and a few
 * short ones, more at troubled sites, so a fresh demo raises its first new alarms within minutes.
 */
export function startingIncidents(d: SimDevice, site: SiteState, start: DeviceStart, now: number, random: () => number): void {
  const { alarmed } = start;
  const chance = (p: number) => random() < p * site.profile.incidents;
  if (start.offline) d.silentUntil = now + (30 + 330 * random()) * MIN;
  if (alarmed.has('resistance') && d.load < WORN_LOAD) d.load = WORN_LOAD + 0.05 * random();
  if (alarmed.has('airVolume') || (d.deviceTypeId === DeviceTypeId.Filter && chance(0.005))) d.fanOffUntil = now + (5 + 25 * random()) * MIN;
  if (alarmed.has('pm25') || alarmed.has('pm10')) {
    // A haze lasts an hour or two; the site's sensors all see the same one.
    site.pollution = {
      until: Math.max(site.pollution.until, now + (60 + 60 * random()) * MIN),
      level: Math.max(site.pollution.level, start.haze ?? 3 + random()),
    };
  }
  if (d.has('fault') && alarmed.has('fault')) startFault(d, now, random, d.faultBits || undefined);
  else if (d.has('fault') && chance(0.02)) startFault(d, now, random);
  for (const kind of Object.keys(SPELLS) as SignalKind[]) {
    if (!d.has(kind)) continue;
    const p = kind === 'signal' ? (d.deviceTypeId === DeviceTypeId.Dtu4G ? 0.05 : 0) : kind === 'power' ? 0.02 : 0.005;
    if (alarmed.has(kind) || chance(p)) startSpell(d, kind, now, random);
  }
}

/** One tick of a device's slow processes and random incidents at its site. */
export function evolve(d: SimDevice, site: SiteState, now: number, tickMs: number, random: () => number): void {
  const per = (hours: number) => random() < tickMs / (hours * HOUR);
  // Incidents come more often at a troubled site.
  const incident = (hours: number) => per(hours / site.profile.incidents);
  if (d.has('resistance') || d.has('fault')) {
    // Loading stops at full; a filter read back above it stays there until it is changed.
    if (d.fanOn && d.load < 1) d.load = Math.min(1, d.load + (FILTER_LOAD_PER_HOUR * tickMs) / HOUR);
    // Maintenance changes a filter past its limit within hours: resistance drops back.
    if (d.load > WORN_LOAD && per(4)) d.load = 0.02 + 0.06 * random();
  }
  if (d.has('fault') && d.faultUntil <= now && incident(6)) startFault(d, now, random);
  if ((d.has('airVolume') || d.has('resistance')) && d.fanOffUntil <= now && incident(10)) {
    d.fanOffUntil = now + (2 + 8 * random()) * MIN;
  }
  d.fanOn = !d.switchedOff && d.fanOffUntil <= now && !(d.faultUntil > now && d.faultBits & 1);
  for (const kind of Object.keys(SPELLS) as SignalKind[]) {
    if (!d.has(kind) || d.spell(kind, now)) continue;
    if (kind === 'signal' && d.deviceTypeId !== DeviceTypeId.Dtu4G && d.deviceTypeId !== DeviceTypeId.RoLaGateway) continue;
    if (incident(SPELLS[kind]!.perHours)) startSpell(d, kind, now, random);
  }
  if (d.silentUntil <= now) {
    // Now and then a device drops out for longer than the offline timeout, and rarely for hours
    // (a tripped breaker, a flat battery) until someone goes there.
    if (incident(48)) d.silentUntil = now + (6 + 14 * random()) * MIN;
    else if (incident(15 * 24)) d.silentUntil = now + (60 + 420 * random()) * MIN;
  }
}

/** Starts a pollution event at a site now and then: a day's haze over the city for an hour or two. */
export function evolveSite(site: SiteState, now: number, tickMs: number, random: () => number): void {
  if (site.pollution.until <= now && random() < tickMs / (24 * HOUR)) {
    site.pollution = { until: now + (30 + 90 * random()) * MIN, level: 2.2 + 1.6 * random() };
  }
}
