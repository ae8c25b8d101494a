import { z } from 'zod';
import { COMMAND_ERRORS, unknownCodeText } from './codes';
import { DATA_TYPES } from './enums';
import { Id, PageQuery, QueryId, paged } from './envelope';
import type { Text } from './resources/kit';

/**
 * The gateway command queue (issues 17 and 18; server/gateway/README.md): commands for a gateway
 * (write a set-point, push a register map, restart, refresh, upgrade) wait in `t_gateway_command`
 * until the gateway takes them with its `X-Gateway-Key`, and finish with a command result code of
 * SPEC §8.
 *
 * Delivery: at least once to the gateway (a taken command whose lease ends without a result is
 * offered again, `attempt` counting up), a result recorded once (the first result for a command id
 * wins; later ones change nothing and are answered `duplicate: true`), and a command not finished
 * by its deadline expires with `CommandCode.Timeout`.
 */

/** What a command asks the gateway to do. */
export const COMMAND_KINDS = ['write', 'config', 'restart', 'refresh', 'upgrade'] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];
export const COMMAND_KIND_LABELS: Record<CommandKind, Text> = {
  write: { zh: '设定值下发', en: 'Set-point write' },
  config: { zh: '配置下发', en: 'Configuration push' },
  restart: { zh: '重启', en: 'Restart' },
  refresh: { zh: '刷新', en: 'Refresh' },
  upgrade: { zh: '固件升级', en: 'Firmware upgrade' },
};

/** queued: waiting; sent: taken by the gateway (under a lease); then one of the three final states. */
export const COMMAND_STATES = ['queued', 'sent', 'succeeded', 'failed', 'expired'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
export const FINAL_COMMAND_STATES: readonly CommandState[] = ['succeeded', 'failed', 'expired'];
export const COMMAND_STATE_LABELS: Record<CommandState, Text> = {
  queued: { zh: '排队中', en: 'Queued' },
  sent: { zh: '已下发', en: 'Sent' },
  succeeded: { zh: '成功', en: 'Succeeded' },
  failed: { zh: '失败', en: 'Failed' },
  expired: { zh: '已超时', en: 'Timed out' },
};

/**
 * Command result codes: those of SPEC §8 that gateways answer, plus two the platform records itself
 * (`Timeout` when a command passed its deadline, `NoGateway` for a device a command cannot reach).
 */
export const CommandCode = {
  None: 0, FunctionUnsupported: 1, OutOfRange: 2, RegisterCountOutOfRange: 3, ReadWriteError: 4, InProgress: 5,
  DeviceBusy: 6, ParityError: 8, PathError: 10, NoAnswer: 11, NoSuchDevice: 12, WirelessFailure: 240, WirelessTimeout: 241,
  Busy: 301, BeyondRange: 302, CommandFailed: 303,
  NoGateway: 98, Timeout: 99,
} as const;

const EN: Record<number, string> = {
  0: 'None', 1: 'Function code not supported', 2: 'Out of range', 3: 'Register count out of range', 4: 'Read/write error',
  5: 'Command in progress', 6: 'Device busy', 8: 'Parity error', 10: 'Path error (wireless device not registered)',
  11: 'Device does not answer', 12: 'Device does not exist', 240: 'Wireless failure', 241: 'Wireless timeout',
  301: 'Device busy', 302: 'Beyond processing range', 303: 'Command failed',
};

/** Every code with its zh (SPEC §8, as `contract/codes.ts` lists them) and en text. */
export const COMMAND_RESULT_TEXTS: Readonly<Record<number, Text>> = {
  ...Object.fromEntries(Object.entries(COMMAND_ERRORS).map(([code, zh]) => [code, { zh, en: EN[Number(code)] ?? zh }])),
  [CommandCode.NoGateway]: { zh: '设备未接入网关', en: 'Device has no gateway' },
  [CommandCode.Timeout]: { zh: '命令超时', en: 'Command timed out' },
};

/** The text of a result code in `lang`; `错误码：n` / `Error code: n` for a code the table lacks. */
export function commandResultText(code: number, lang: 'zh' | 'en' = 'zh'): string {
  const text = COMMAND_RESULT_TEXTS[code];
  if (text) return text[lang];
  return lang === 'zh' ? unknownCodeText(code) : `Error code: ${code}`;
}

// ---- payloads ----------------------------------------------------------------------------------

const ResultCode = z.number().int('must be an integer code').min(0).max(65_535);

/** One register of a device's register map: where and how the gateway reads (or writes) a measure point. */
export const RegisterEntry = z.strictObject({
  measureId: Id,
  name: z.string(),
  /** Modbus function code 1–4. */
  modbusCode: z.number().int().min(1).max(4),
  registerAddr: z.number().int().min(0).max(65_535),
  dataType: z.enum(DATA_TYPES),
  /** 0 read-only, 1 write-only, 2 read-write (enums.ts RegisterAccess). */
  access: z.number().int().min(0).max(2),
  decimals: z.number().int(),
  unit: z.string(),
  tagId: z.number().int().nullable(),
  measureType: z.number().int(),
});
export type RegisterEntry = z.infer<typeof RegisterEntry>;

/** The registers a gateway polls for one device (its model's measure points that are collected). */
export const DeviceRegisterMap = z.strictObject({
  deviceId: Id,
  deviceCode: z.string(),
  deviceModelId: Id,
  registers: z.array(RegisterEntry),
});
export type DeviceRegisterMap = z.infer<typeof DeviceRegisterMap>;

/** `write`: set one register of one device (the command's `deviceId`). */
export const WritePayload = z.strictObject({
  measureId: Id,
  modbusCode: z.number().int().min(1).max(4),
  registerAddr: z.number().int().min(0).max(65_535),
  dataType: z.enum(DATA_TYPES),
  value: z.number({ error: 'must be a finite number' }),
});
export type WritePayload = z.infer<typeof WritePayload>;

/**
 * `config`: replace the register maps of these devices on the gateway (the others stay as they
 * are). `syncId` names the product sync that sent it, if any.
 */
export const ConfigPayload = z.strictObject({
  syncId: Id.optional(),
  devices: z.array(DeviceRegisterMap).min(1).max(2000),
});
export type ConfigPayload = z.infer<typeof ConfigPayload>;

/** `restart` and `refresh` carry nothing. */
export const EmptyPayload = z.strictObject({});

/**
 * `upgrade` (the upgrade family, contract/upgrades.ts): install firmware `fileId` of version
 * `fileVer` on the command's device. The gateway downloads it from `url` (relative to the API
 * base, with its X-Gateway-Key), checks `size` and `md5`, and answers an upgrade error code of
 * SPEC §4 (0 done, 1 unsupported firmware type, 2 already the latest version, …).
 */
export const UpgradePayload = z.strictObject({
  taskId: Id,
  fileId: Id,
  fileVer: z.string(),
  md5: z.string().regex(/^[a-f0-9]{32}$/),
  size: z.number().int().min(0),
  url: z.string(),
  /** The model the firmware is built for: a device of another model answers 1 (unsupported firmware type). */
  deviceModelId: Id,
});
export type UpgradePayload = z.infer<typeof UpgradePayload>;

export const COMMAND_PAYLOADS = {
  write: WritePayload, config: ConfigPayload, restart: EmptyPayload, refresh: EmptyPayload, upgrade: UpgradePayload,
} as const satisfies Record<CommandKind, z.ZodType>;

// ---- the gateway's side (X-Gateway-Key) --------------------------------------------------------

/** Longest and default lease, in seconds: how long a taken command waits for its result before it is offered again. */
export const COMMAND_LEASE_MAX_S = 600;
export const COMMAND_LEASE_DEFAULT_S = 30;
/** Most commands one take hands out. */
export const COMMAND_TAKE_MAX = 50;

/** POST /api/gateway/commands/take: the body may be left out. */
export const TakeCommandsBody = z.strictObject({
  max: z.number().int().min(1).max(COMMAND_TAKE_MAX).default(10),
  leaseS: z.number().int().min(1).max(COMMAND_LEASE_MAX_S).default(COMMAND_LEASE_DEFAULT_S),
}).prefault({});
export type TakeCommandsBody = z.infer<typeof TakeCommandsBody>;

/** One command as the gateway receives it: `attempt` > 1 means it was handed out before (the gateway may have run it). */
export const CommandDelivery = z.object({
  id: z.number().int(),
  kind: z.enum(COMMAND_KINDS),
  deviceId: z.number().int().nullable(),
  payload: z.unknown(),
  attempt: z.number().int(),
  leaseUntil: z.number(),
  deadline: z.number(),
});
export type CommandDelivery = z.infer<typeof CommandDelivery>;
export const TakeCommandsResult = z.object({ now: z.number(), commands: z.array(CommandDelivery) });
export type TakeCommandsResult = z.infer<typeof TakeCommandsResult>;

/** A device's own outcome within a command that addresses several (a `config` push). */
export const DeviceResult = z.strictObject({
  deviceId: Id,
  code: ResultCode,
  message: z.string().max(500).optional(),
});

/** POST /api/gateway/commands/{id}/result. `code` 0 is success; `devices` per device of a config push (missing ones take `code`). */
export const CommandResultBody = z.strictObject({
  code: ResultCode,
  message: z.string().max(500).optional(),
  devices: z.array(DeviceResult).max(2000).optional(),
});
export type CommandResultBody = z.infer<typeof CommandResultBody>;

/** What the server recorded: the result just sent, or (`duplicate`) the one recorded before, which stands. */
export const CommandResultAnswer = z.object({
  id: z.number().int(),
  state: z.enum(COMMAND_STATES),
  code: z.number().int().nullable(),
  duplicate: z.boolean(),
  finishedAt: z.number().nullable(),
});
export type CommandResultAnswer = z.infer<typeof CommandResultAnswer>;

// ---- the console's side --------------------------------------------------------------------------

/** A command as the console reads it (GET /api/t_gateway_command/{id}); `codeText` in zh. */
export const GatewayCommandRecord = z.object({
  id: z.number().int(),
  gatewayId: z.number().int(),
  gatewayName: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  kind: z.enum(COMMAND_KINDS),
  state: z.enum(COMMAND_STATES),
  code: z.number().int().nullable(),
  codeText: z.string().nullable(),
  message: z.string(),
  attempts: z.number().int(),
  createdBy: z.number().int().nullable(),
  createdAt: z.number(),
  takenAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  deadline: z.number(),
});
export type GatewayCommandRecord = z.infer<typeof GatewayCommandRecord>;
/** The detail adds the payload and, for a config push, the per-device outcomes. */
export const GatewayCommandDetail = GatewayCommandRecord.extend({
  payload: z.unknown(),
  devices: z.array(z.object({ deviceId: z.number().int(), code: z.number().int(), message: z.string() })),
});
export type GatewayCommandDetail = z.infer<typeof GatewayCommandDetail>;

/** GET /api/t_gateway_command: newest first, filtered. */
export const GatewayCommandQuery = PageQuery.extend({
  gatewayId: QueryId.optional(),
  deviceId: QueryId.optional(),
  kind: z.enum(COMMAND_KINDS).optional(),
  state: z.enum(COMMAND_STATES).optional(),
});
export type GatewayCommandQuery = z.infer<typeof GatewayCommandQuery>;
export const GatewayCommandPage = paged(GatewayCommandRecord);

/** Default and bounds of a command's time to live, in seconds (from enqueueing to its deadline). */
export const COMMAND_TTL_DEFAULT_S = 600;
export const COMMAND_TTL_MIN_S = 1;
export const COMMAND_TTL_MAX_S = 7 * 86_400;
