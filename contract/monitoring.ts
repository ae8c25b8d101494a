import { z } from 'zod';
import { RealAlarm } from './alarms';
import { DeviceCount } from './device-admin';
import { QueryId } from './envelope';
import { RealValue } from './telemetry';

/**
 * 项目监控 (/nv_project_monitor/nv_project_monitor, issue 19): one project's live picture in one
 * read, GET /api/s/project-monitor?projectId=, for any signed-in user who may see the project
 * (404 otherwise), like the big screen's reads. The console applies the hub's pushes on
 * `project:<id>` over it and reads it again after every reconnect.
 */

export const ProjectMonitorQuery = z.object({ projectId: QueryId });

/** A device of the project as the page lists it. */
export const ProjectMonitorDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  deviceTypeId: z.number().int(),
  deviceModelName: z.string(),
  /** 0 offline, 1 online, 2 alarm (SPEC §3). */
  state: z.number().int(),
  /** Epoch ms of its last data; null when it never sent any. */
  lastSeenAt: z.number().nullable(),
});
export type ProjectMonitorDevice = z.infer<typeof ProjectMonitorDevice>;

export const ProjectMonitor = z.object({
  project: z.object({ id: z.number().int(), name: z.string(), city: z.string(), address: z.string() }),
  /** Every device of the project by state. */
  counts: DeviceCount,
  devices: z.array(ProjectMonitorDevice),
  devicesTruncated: z.boolean(),
  /** The newest real-time alarms of the project, newest first. */
  alarms: z.array(RealAlarm),
  alarmCount: z.number().int(),
  /** Current values of the listed devices' points tagged with one of PROJECT_MONITOR_TAGS (monitoring-constants.ts). */
  values: z.array(RealValue),
  /** The server's clock when the snapshot was read (epoch ms). */
  at: z.number(),
});
export type ProjectMonitor = z.infer<typeof ProjectMonitor>;
