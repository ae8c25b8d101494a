import { z } from 'zod';
import { DATA_TYPES } from './enums';
import { Id, IntList, QueryId } from './envelope';
import { Md5Password } from './gateways';
import type { Text } from './resources/kit';

/**
 * Remote control (issue 18, SPEC §5 and §8) and the device state calls of SPEC §7 t_device
 * (states, refresh-state/{id}, sync-state, set-route). Routes: server/routes/devices/
 * device-control-routes.ts; semantics in server/routes/devices/README.md.
 */

// ---- remote control -------------------------------------------------------------------------------

/** A write of a set-point must be done within this many seconds of its sending, else 命令超时. */
export const CONTROL_TTL_S = 30;

/** A value a point may take, with its label (a coil's 关/开, or the labels of the point's printf). */
export const ControlOption = z.object({ value: z.number(), label: z.object({ zh: z.string(), en: z.string() }) });
export type ControlOption = z.infer<typeof ControlOption>;

/** One writable measure point of a device (access write-only or read-write, function code 1 or 3). */
export const ControlPoint = z.object({
  measureId: z.number().int(),
  name: z.string(),
  unit: z.string(),
  dataType: z.enum(DATA_TYPES),
  modbusCode: z.number().int(),
  registerAddr: z.number().int(),
  access: z.number().int(),
  decimals: z.number().int(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** The values the point takes, when it has a fixed set (empty: any number within min–max). */
  options: z.array(ControlOption),
  /** The device's latest reading of the point (null: never read). */
  value: z.number().nullable(),
  ts: z.number().nullable(),
});
export type ControlPoint = z.infer<typeof ControlPoint>;

/** A write of the device still waiting for its outcome (queued or taken by the gateway). */
export const PendingWrite = z.object({
  commandId: z.number().int(),
  measureId: z.number().int(),
  value: z.number(),
  state: z.enum(['queued', 'sent']),
  createdAt: z.number(),
});

/**
 * GET /api/t_device/control-points/{id}: the device's writable points with their current values.
 * `gatewayId` null: the device has no gateway, and no command can reach it (a write is refused).
 */
export const ControlPoints = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  state: z.number().int(),
  gatewayId: z.number().int().nullable(),
  gatewayName: z.string(),
  points: z.array(ControlPoint),
  pending: z.array(PendingWrite),
});
export type ControlPoints = z.infer<typeof ControlPoints>;

/**
 * POST /api/t_device/control: write `value` to one writable point of the device, after the
 * caller's password check (md5, as login-test takes it). The answer is the queued `write` command
 * (GatewayCommandRecord); its outcome is read with GET /api/t_gateway_command/{id} until final.
 */
export const ControlBody = z.strictObject({
  deviceId: Id,
  measureId: Id,
  value: z.number({ error: 'must be a number' }).finite('must be a finite number'),
  password: Md5Password,
});
export type ControlBody = z.infer<typeof ControlBody>;

/** What a coil's two values are called. */
export const COIL_OPTIONS: ControlOption[] = [
  { value: 0, label: { zh: '关', en: 'Off' } },
  { value: 1, label: { zh: '开', en: 'On' } },
];

/** The raw range of each integer register type (a value × 10^decimals must fit it). */
export const INTEGER_RANGES: Partial<Record<(typeof DATA_TYPES)[number], [number, number]>> = {
  UInt16: [0, 65_535], Int16: [-32_768, 32_767], UInt32: [0, 4_294_967_295], UInt32_CDAB: [0, 4_294_967_295],
  Int32: [-2_147_483_648, 2_147_483_647], Int32_CDAB: [-2_147_483_648, 2_147_483_647], Boolean: [0, 1],
};

/** Register types a set-point cannot be written as. */
export const UNWRITABLE_TYPES: readonly string[] = ['String', 'Blob'];

export const CONTROL_TEXTS = {
  noGateway: { zh: '设备未接入网关，无法远程控制', en: 'The device has no gateway: it cannot be controlled remotely' },
} satisfies Record<string, Text>;

// ---- device states (SPEC §7 t_device states, refresh-state/{id}, sync-state, set-route) ----------

/** GET /api/t_device/states: the current state of these devices (`ids`, at most 500) or of a project's. */
export const DeviceStatesQuery = z.object({
  ids: IntList.refine((l) => l.length <= 500, 'at most 500 ids').optional(),
  projectId: QueryId.optional(),
}).refine((q) => q.ids !== undefined || q.projectId !== undefined, { message: 'give ids or projectId', path: ['ids'] });

export const DeviceStateItem = z.object({
  id: z.number().int(),
  state: z.number().int(),
  lastSeenAt: z.number().nullable(),
  /** Open alarms on the device. */
  alarmCount: z.number().int(),
});
export type DeviceStateItem = z.infer<typeof DeviceStateItem>;
export const DeviceStates = z.array(DeviceStateItem);

/**
 * POST /api/t_device/refresh-state/{id}: the device's state recomputed from its data now, and, for
 * a device behind a gateway, a `refresh` command asking the gateway to read it at once (`commandId`).
 */
export const RefreshStateResult = DeviceStateItem.extend({ commandId: z.number().int().nullable() });
export type RefreshStateResult = z.infer<typeof RefreshStateResult>;

/** POST /api/t_device/sync-state: recompute the states of the caller's devices (of a project, if given). */
export const SyncStateBody = z.strictObject({ projectId: Id.optional() }).prefault({});
export const SyncStateResult = z.object({ checked: z.number().int(), changed: z.number().int() });
export type SyncStateResult = z.infer<typeof SyncStateResult>;

/**
 * POST /api/t_device/set-route: route devices through a gateway of their project (`gatewayId`), or
 * take them off their gateway (null: reached directly, as a 4G DTU). Each re-routed device's
 * register map is pushed to its new gateway.
 */
export const SetRouteBody = z.strictObject({
  ids: z.array(Id).min(1, 'choose at least one device').max(500),
  gatewayId: Id.nullable(),
});
export type SetRouteBody = z.infer<typeof SetRouteBody>;
export const SetRouteResult = z.object({ updated: z.number().int(), commandIds: z.array(z.number().int()) });
export type SetRouteResult = z.infer<typeof SetRouteResult>;
