import { z } from 'zod';
import { COMMAND_TTL_MAX_S, type CommandState } from './gateway-commands';
import { Id, PageQuery, QueryId, paged } from './envelope';
import type { Text } from './resources/kit';

/**
 * Product sync (issue 17, pages nv_product_sync and nv_product_sync_detail/{id}): push a device
 * model's measure table to every device of that model the caller sees, through each device's
 * gateway (one `config` command per gateway, carrying the register maps of its devices), and keep
 * per device what was sent, when, and the result. A device without a gateway fails at once
 * (`CommandCode.NoGateway`). Failed and timed-out devices can be retried.
 */

/** A sync item's state follows its command's (gateway-commands.ts). */
export type SyncItemState = CommandState;

/** running: some devices still wait; then succeeded (all), failed (none) or partial. */
export const SYNC_STATES = ['running', 'succeeded', 'partial', 'failed'] as const;
export type SyncState = (typeof SYNC_STATES)[number];
export const SYNC_STATE_LABELS: Record<SyncState, Text> = {
  running: { zh: '同步中', en: 'Running' },
  succeeded: { zh: '全部成功', en: 'Succeeded' },
  partial: { zh: '部分失败', en: 'Partly failed' },
  failed: { zh: '失败', en: 'Failed' },
};

/** How long a sync's commands wait for their gateways by default, in seconds. */
export const SYNC_TIMEOUT_DEFAULT_S = 600;
export const SYNC_TIMEOUT_MIN_S = 10;

/** POST /api/t_product_sync/start. */
export const StartProductSyncBody = z.strictObject({
  deviceModelId: Id,
  timeoutS: z.number().int().min(SYNC_TIMEOUT_MIN_S).max(COMMAND_TTL_MAX_S).default(SYNC_TIMEOUT_DEFAULT_S),
});
export type StartProductSyncBody = z.infer<typeof StartProductSyncBody>;

/** POST /api/t_product_sync/retry/{id}: the failed and timed-out devices again (default timeout as at start). */
export const RetryProductSyncBody = z.strictObject({
  timeoutS: z.number().int().min(SYNC_TIMEOUT_MIN_S).max(COMMAND_TTL_MAX_S).default(SYNC_TIMEOUT_DEFAULT_S),
}).prefault({});

/** GET /api/t_product_sync: newest first. */
export const ProductSyncQuery = PageQuery.extend({
  deviceModelId: QueryId.optional(),
});
export type ProductSyncQuery = z.infer<typeof ProductSyncQuery>;

/** Items by state, over the devices the reader sees. */
export const SyncCounts = z.object({
  total: z.number().int(), queued: z.number().int(), sent: z.number().int(), succeeded: z.number().int(),
  failed: z.number().int(), expired: z.number().int(),
});
export type SyncCounts = z.infer<typeof SyncCounts>;

/** One sync in the list. `state` is the whole sync's; `counts` cover the devices the reader sees. */
export const ProductSyncRecord = z.object({
  id: z.number().int(),
  deviceModelId: z.number().int(),
  deviceModelName: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  state: z.enum(SYNC_STATES),
  /** Measure points of the table sent, and its digest (sha256 of the register entries): equal digests, equal tables. */
  measureCount: z.number().int(),
  tableDigest: z.string(),
  counts: SyncCounts,
});
export type ProductSyncRecord = z.infer<typeof ProductSyncRecord>;
export const ProductSyncPage = paged(ProductSyncRecord);

/** One device of a sync: what was sent (register count, digest of its register map), through which gateway and command, and the result. */
export const ProductSyncItem = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceCode: z.string(),
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  gatewayId: z.number().int().nullable(),
  gatewayName: z.string().nullable(),
  commandId: z.number().int().nullable(),
  registerCount: z.number().int(),
  payloadDigest: z.string(),
  state: z.enum(['queued', 'sent', 'succeeded', 'failed', 'expired']),
  code: z.number().int().nullable(),
  /** zh text of `code` (COMMAND_RESULT_TEXTS has both languages). */
  codeText: z.string().nullable(),
  message: z.string(),
  /** 1, plus one per retry. */
  tries: z.number().int(),
  /** When the gateway took the command last (null: not yet, or no gateway). */
  sentAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
});
export type ProductSyncItem = z.infer<typeof ProductSyncItem>;

export const ProductSyncDetail = ProductSyncRecord.extend({ items: z.array(ProductSyncItem) });
export type ProductSyncDetail = z.infer<typeof ProductSyncDetail>;
