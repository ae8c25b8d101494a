import { z } from 'zod';

const count = z.number().int().min(0);

/** `data` of GET /api/s/project. */
export const ProjectStats = z.object({
  total: count,
  byRegion: z.array(z.object({ regionId: z.number().int(), name: z.string(), count })),
});
export type ProjectStats = z.infer<typeof ProjectStats>;

/** `data` of GET /api/s/device: counts by SPEC device state and by device type. */
export const DeviceStats = z.object({
  total: count,
  online: count,
  offline: count,
  alarm: count,
  byType: z.array(z.object({ typeId: z.number().int(), name: z.string(), count })),
});
export type DeviceStats = z.infer<typeof DeviceStats>;

/** `data` of GET /api/s/wMeasure/count: real alarms by warn level. */
export const AlarmStats = z.object({ total: count, hint: count, minor: count, important: count });
export type AlarmStats = z.infer<typeof AlarmStats>;
