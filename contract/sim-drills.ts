import { z } from 'zod';
import { MAX_DB_INT } from './envelope';

/**
 * A drill on the demo server (POST /api/sim/drill/haze): a haze over a project's site for a while,
 * so the simulated sensors there read what a polluted day reads and their PM alarms go off — to
 * rehearse the alarm chain (wall, bell, notifications) or to show it, without waiting for weather.
 */
export const HazeDrill = z.strictObject({
  projectId: z.number().int().min(1).max(MAX_DB_INT),
  /** How long the haze lasts. */
  minutes: z.number().int().min(1).max(240).default(30),
  /** Ambient PM2.5 times this while it lasts (a city's clear-day base is ~30 μg/m³). */
  level: z.number().min(1.5).max(8).default(4),
});
export type HazeDrill = z.infer<typeof HazeDrill>;

export const HazeDrillResult = z.object({ projectId: z.number(), until: z.number(), level: z.number() });
export type HazeDrillResult = z.infer<typeof HazeDrillResult>;
