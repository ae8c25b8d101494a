import { DeviceTypeId } from '../../contract/enums';
import type { SignalKind, SimDevice, Spell } from './sim-device';

/** A site (project): its ambient PM2.5 base and the pollution event in progress, if any. */
export interface SiteState {
  base: number;
  pollution: Spell;
}

const MIN = 60_000;
const HOUR = 3_600_000;
const FAULTS = [0b0001, 0b0010, 0b0100, 0b1000, 0b0011, 0b1001];

/**
 * Spells by kind: `absolute` ones replace the signal with `level` (heat, damp, weak radio), the
 * others add `level` to it (a gas leak, a sulphur jump, a power peak).
 */
const SPELLS: Partial<Record<SignalKind, { absolute: boolean; level: (d: SimDevice, r: number) => number; minutes: [number, number]; perHours: number }>> = {
  temperature: { absolute: true, level: (_d, r) => 36 + 3 * r, minutes: [5, 20], perHours: 24 },
  humidity: { absolute: true, level: (d, r) => (d.measuresAmbient ? 84 : 88) + 4 * r, minutes: [5, 20], perHours: 24 },
  signal: { absolute: true, level: (_d, r) => -108 - 6 * r, minutes: [2, 8], perHours: 4 },
  h2s: { absolute: false, level: (_d, r) => 11 + 4 * r, minutes: [3, 10], perHours: 24 },
  so2: { absolute: false, level: (_d, r) => 6 + 3 * r, minutes: [5, 15], perHours: 12 },
  power: { absolute: false, level: (_d, r) => 170 + 40 * r, minutes: [2, 6], perHours: 12 },
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

function startFault(d: SimDevice, now: number, random: () => number): void {
  d.faultBits = FAULTS[Math.floor(random() * FAULTS.length)];
  d.faultUntil = now + (5 + 25 * random()) * MIN;
}

/**
 * Picks up where the last run left off: counters (energy, water, gas) go on from their stored
 * values instead of jumping, and a filter's load is read back from its resistance.
 */
export function continueFrom(d: SimDevice, stored: (measureId: number) => number | null): void {
  for (const m of d.measures) {
    const value = stored(m.id);
    if (value === null) continue;
    if (m.kind === 'energy' || m.kind === 'water' || m.kind === 'gas') d.counters.set(m.id, value);
    if (m.kind === 'resistance' && value > 60) d.load = Math.min(0.99, Math.max(0.02, (value - 120) / 380));
  }
}

/** A site starts in a pollution event one time in four. */
export function startingSite(now: number, random: () => number): SiteState {
  const polluted = random() < 0.25;
  return {
    base: 22 + 18 * random(),
    pollution: polluted ? { until: now + (15 + 30 * random()) * MIN, level: 3.6 + random() } : { until: 0, level: 1 },
  };
}

/**
 * Incidents in progress when the simulator starts: those behind the alarms already open (so they
 * stay true a while), and a share of others, so a fresh demo shows alarms within minutes.
 */
export function startingIncidents(d: SimDevice, site: SiteState, alarmed: Set<SignalKind>, now: number, random: () => number): void {
  const chance = (p: number) => random() < p;
  if (alarmed.has('resistance')) d.load = 0.9 + 0.06 * random();
  if (alarmed.has('airVolume') || (d.deviceTypeId === DeviceTypeId.Filter && chance(0.05))) d.fanOffUntil = now + (5 + 25 * random()) * MIN;
  if (alarmed.has('pm25') || alarmed.has('pm10')) {
    site.pollution = { until: now + (15 + 30 * random()) * MIN, level: 3.6 + random() };
  }
  if (d.has('fault') && (alarmed.has('fault') || chance(0.15))) startFault(d, now, random);
  for (const kind of Object.keys(SPELLS) as SignalKind[]) {
    if (!d.has(kind)) continue;
    const p = kind === 'signal' ? (d.deviceTypeId === DeviceTypeId.Dtu4G ? 0.3 : 0) : kind === 'power' ? 0.1 : 0.03;
    if (alarmed.has(kind) || chance(p)) startSpell(d, kind, now, random);
  }
}

/** One tick of a device's slow processes and random incidents. */
export function evolve(d: SimDevice, now: number, tickMs: number, random: () => number): void {
  const per = (hours: number) => random() < tickMs / (hours * HOUR);
  if (d.has('resistance') || d.has('fault')) {
    if (d.fanOn) d.load = Math.min(1, d.load + (0.02 * tickMs) / HOUR);
    // Maintenance replaces a loaded filter within the hour or so: resistance drops back.
    if (d.load > 0.97 && per(1)) d.load = 0.03 + 0.05 * random();
  }
  if (d.has('fault') && d.faultUntil <= now && per(8)) startFault(d, now, random);
  if ((d.has('airVolume') || d.has('resistance')) && d.fanOffUntil <= now && per(12)) {
    d.fanOffUntil = now + (2 + 8 * random()) * MIN;
  }
  d.fanOn = d.fanOffUntil <= now && !(d.faultUntil > now && d.faultBits & 1);
  for (const kind of Object.keys(SPELLS) as SignalKind[]) {
    if (!d.has(kind) || d.spell(kind, now)) continue;
    if (kind === 'signal' && d.deviceTypeId !== DeviceTypeId.Dtu4G && d.deviceTypeId !== DeviceTypeId.RoLaGateway) continue;
    if (per(SPELLS[kind]!.perHours)) startSpell(d, kind, now, random);
  }
  // Now and then a device falls silent for longer than the offline timeout.
  if (d.silentUntil <= now && per(48)) d.silentUntil = now + (6 + 14 * random()) * MIN;
}
