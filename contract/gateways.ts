import { z } from 'zod';
import { Id, PageQuery, QueryId, paged } from './envelope';
import { GatewayCommandRecord, RegisterEntry } from './gateway-commands';

/**
 * Gateways (issue 18, SPEC §7 t_gateway): the console's list of gateways, the measure points their
 * devices report (measureIdName), the register map a gateway polls (config/preview, generated from
 * its devices' models), and the refresh and restart commands queued for it on the durable command
 * queue (server/gateway/README.md). Routes: server/routes/gateways/.
 */

/** A password as the password check sends it: the md5 hex digest (SPEC §3). */
export const Md5Password = z.string().regex(/^[0-9a-fA-F]{32}$/, 'password must be an md5 hex digest');

/** GET /api/t_gateway: paged, by project and keyword (name or code). */
export const GatewayListQuery = PageQuery.extend({
  projectId: QueryId.optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type GatewayListQuery = z.infer<typeof GatewayListQuery>;

/** The last command queued for a gateway (any kind), as a list shows it. */
export const GatewayLastCommand = z.object({
  id: z.number().int(),
  kind: GatewayCommandRecord.shape.kind,
  state: GatewayCommandRecord.shape.state,
  code: z.number().int().nullable(),
  createdAt: z.number(),
});

export const GatewayListItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  projectId: z.number().int().nullable(),
  projectName: z.string(),
  /** Devices wired to the gateway, and how many of them are online (state 1 or 2). */
  deviceCount: z.number().int(),
  onlineCount: z.number().int(),
  /** Whether the gateway has been given an X-Gateway-Key (never the key itself). */
  hasKey: z.boolean(),
  createdAt: z.number(),
  lastCommand: GatewayLastCommand.nullable(),
});
export type GatewayListItem = z.infer<typeof GatewayListItem>;
export const GatewayPage = paged(GatewayListItem);

/**
 * One register as the preview shows it: the entry a `config` command carries, plus `scale` — what
 * one unit of the raw register is worth (integer registers hold the value × 10^decimals; floating
 * point, text and boolean registers hold the value itself: 1).
 */
export const RegisterPreview = RegisterEntry.extend({ scale: z.number() });
export type RegisterPreview = z.infer<typeof RegisterPreview>;

export const ConfigPreviewDevice = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceCode: z.string(),
  deviceModelId: z.number().int(),
  deviceModelName: z.string(),
  state: z.number().int(),
  registers: z.array(RegisterPreview),
});
export type ConfigPreviewDevice = z.infer<typeof ConfigPreviewDevice>;

/**
 * GET /api/t_gateway/config/preview/{id}: the register map the gateway will poll — every device
 * wired to it, with its model's collected measure points in the model's order — as a `config`
 * command would carry it now; `digest` is the sha256 of that payload. `lastConfig` is the latest
 * `config` command queued for the gateway, if any.
 */
export const GatewayConfigPreview = z.object({
  gatewayId: z.number().int(),
  gatewayCode: z.string(),
  gatewayName: z.string(),
  projectName: z.string(),
  registerCount: z.number().int(),
  digest: z.string(),
  devices: z.array(ConfigPreviewDevice),
  lastConfig: GatewayLastCommand.nullable(),
});
export type GatewayConfigPreview = z.infer<typeof GatewayConfigPreview>;

/** POST /api/t_gateway/refresh: the gateway re-reads every device now and reports their values. */
export const GatewayRefreshBody = z.strictObject({ id: Id });
/**
 * POST /api/t_gateway/restart: the gateway restarts (its devices answer 设备忙 meanwhile), after
 * the caller's password check (md5, as login-test takes it).
 */
export const GatewayRestartBody = z.strictObject({ id: Id, password: Md5Password });

/** Time to live of a refresh and of a restart, in seconds: past it the command is 命令超时. */
export const GATEWAY_REFRESH_TTL_S = 60;
export const GATEWAY_RESTART_TTL_S = 120;
