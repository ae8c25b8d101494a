import { z } from 'zod';
import { DeviceTypeId } from './enums';
import { PageQuery, QueryId, paged } from './envelope';

/**
 * 物联网监控 (/nv_iot/nv_iot_monitor, the IoT branch's default page): the IoT devices — 4G-DTUs,
 * relays/terminals and RoLa gateways (device types 1, 3, 4) — the caller sees, with their state
 * counts. GET /api/t_device/iot-monitor, right device-preview.
 */

/** The device types the page covers, in the order it shows them. */
export const IOT_MONITOR_TYPES = [DeviceTypeId.Dtu4G, DeviceTypeId.RelayTerminal, DeviceTypeId.RoLaGateway] as const;

export const IotMonitorQuery = PageQuery.extend({
  /** One of {@link IOT_MONITOR_TYPES}; absent: all three. */
  deviceTypeId: z.coerce.number().int().refine((n) => (IOT_MONITOR_TYPES as readonly number[]).includes(n), {
    message: `must be one of ${IOT_MONITOR_TYPES.join(', ')}`,
  }).optional(),
  /** 0 offline, 1 online, 2 alarm (SPEC §3). */
  state: z.coerce.number().int().min(0).max(2).optional(),
  projectId: QueryId.optional(),
  /** Part of the name, code, IoT id or ICCID. */
  keyword: z.string().trim().max(64).optional(),
});
export type IotMonitorQuery = z.infer<typeof IotMonitorQuery>;

/** Devices by state. */
export const IotStateCounts = z.object({
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  alarm: z.number().int(),
});
export type IotStateCounts = z.infer<typeof IotStateCounts>;

/** One IoT device as the monitor lists it. */
export const IotDeviceRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  deviceTypeId: z.number().int(),
  deviceModelId: z.number().int(),
  deviceModelName: z.string(),
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  /** The gateway (t_gateway) the device is reached through; null for a device that is its own way in (a DTU, a RoLa gateway). */
  gatewayId: z.number().int().nullable(),
  gatewayName: z.string().nullable(),
  iotId: z.string(),
  iccid: z.string(),
  state: z.number().int(),
  /** Epoch ms of the last data; null when it never sent any. */
  lastSeenAt: z.number().nullable(),
  /** Real-time (not yet cleared) alarms of the device. */
  activeAlarms: z.number().int(),
  /**
   * The current value of its signal-strength point (measure tag 1, SPEC §3),
   * with its unit and sample time; null when its model has no such point or it never reported one.
   */
  signal: z.object({ value: z.number().nullable(), unit: z.string(), ts: z.number(), alarm: z.boolean() }).nullable(),
});
export type IotDeviceRow = z.infer<typeof IotDeviceRow>;

/**
 * The answer: `counts` and `byType` over every IoT device the caller sees (the project filter
 * applies, the others do not), the filtered page in `list`/`count`, and the server's clock.
 */
export const IotMonitor = paged(IotDeviceRow).extend({
  counts: IotStateCounts,
  byType: z.array(IotStateCounts.extend({ deviceTypeId: z.number().int() })),
  now: z.number(),
});
export type IotMonitor = z.infer<typeof IotMonitor>;
