import { z } from 'zod';
import { UPGRADE_ERRORS, unknownCodeText } from './codes';
import { Id, PageQuery, QueryId, paged } from './envelope';
import { COMMAND_TTL_MAX_S } from './gateway-commands';
import type { Text } from './resources/kit';

/**
 * Firmware upgrade and remote debugging (issue 18; server/routes/upgrades/README.md).
 *
 * - A firmware file is uploaded for one device model, with its version; the server records its
 *   size and md5 and keeps the file for the gateways to download.
 * - An upgrade task sends one firmware to devices of its model that the submitter sees. It waits
 *   for someone with `upgrade-audit` (never the submitter) to approve or reject it; approved, one
 *   `upgrade` command per device goes onto the gateway command queue, and each device's item
 *   follows its command (queued → sent → succeeded / failed / expired) with the gateway's upgrade
 *   error code of SPEC §4.
 * - A debug session asks for a remote debugging window on one device; `debug-audit` approves or
 *   rejects it, and an approved session is open from approval for its duration.
 */

/** Largest firmware file accepted, in bytes (32 MiB). */
export const FIRMWARE_MAX_BYTES = 32 * 1024 * 1024;

/** A firmware version such as `V2.1.0` or `1.3`: letters and digits with dots, dashes or underscores. */
export const FIRMWARE_VERSION_PATTERN = /^[A-Za-z]{0,3}\d+(\.\d+){0,3}([-_][0-9A-Za-z.]+)?$/;

/**
 * Compares two firmware versions by their numbers (`V1.10` > `V1.9`); a suffix (`-beta`) is not
 * compared. Negative, zero or positive as `a` is older, equal or newer.
 */
export function compareFirmwareVersions(a: string, b: string): number {
  const nums = (v: string) => (v.replace(/^[A-Za-z]*/, '').split(/[-_]/)[0] ?? '').split('.').map((n) => Number(n) || 0);
  const x = nums(a);
  const y = nums(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

// ---- result codes ------------------------------------------------------------------------------

const UPGRADE_EN: Record<number, string> = {
  0: 'None', 1: 'Unsupported firmware type', 2: 'Already the latest version', 3: 'Already the latest file', 4: 'MD5 check failed',
  5: 'HTTP get failed', 6: 'HTTP read failed', 7: 'Setting the HTTP address failed', 8: 'Starting the HTTP service failed',
  9: 'Wrong configuration file number', 10: 'Firmware not downloaded', 11: 'Format error', 12: 'Update failed', 99: 'Task timed out',
  300: 'Update failed', 301: 'Device busy',
};

/** The code a device without a gateway records (the platform's own, as for product sync). */
export const UPGRADE_NO_GATEWAY = 98;

/** Upgrade result codes (SPEC §4, zh as contract/codes.ts) with en, plus the platform's 98. 99 is also what an expired command records. */
export const UPGRADE_RESULT_TEXTS: Readonly<Record<number, Text>> = {
  ...Object.fromEntries(Object.entries(UPGRADE_ERRORS).map(([code, zh]) => [code, { zh, en: UPGRADE_EN[Number(code)] ?? zh }])),
  [UPGRADE_NO_GATEWAY]: { zh: '设备未接入网关', en: 'Device has no gateway' },
};

/** The text of an upgrade result code; `错误码：n` / `Error code: n` for one the table lacks. */
export function upgradeResultText(code: number, lang: 'zh' | 'en' = 'zh'): string {
  const text = UPGRADE_RESULT_TEXTS[code];
  if (text) return text[lang];
  return lang === 'zh' ? unknownCodeText(code) : `Error code: ${code}`;
}

// ---- firmware ------------------------------------------------------------------------------------

/** POST /api/t_upgrade_file/upload?deviceModelId&fileVer&remark, the file as multipart `file`. */
export const UploadFirmwareQuery = z.strictObject({
  deviceModelId: QueryId,
  fileVer: z.string().trim().min(1, 'fileVer is required').max(40)
    .regex(FIRMWARE_VERSION_PATTERN, 'must be a version such as V2.1.0'),
  remark: z.string().trim().max(200).default(''),
});
export type UploadFirmwareQuery = z.infer<typeof UploadFirmwareQuery>;

/** GET /api/t_upgrade_file: newest first. */
export const FirmwareQuery = PageQuery.extend({
  deviceModelId: QueryId.optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type FirmwareQuery = z.infer<typeof FirmwareQuery>;

export const FirmwareRecord = z.object({
  id: z.number().int(),
  /** The uploaded file's name (as the browser sent it, cleaned). */
  fileName: z.string(),
  deviceModelId: z.number().int(),
  deviceModelName: z.string(),
  fileVer: z.string(),
  /** md5 of the content, lower-case hex: what the device checks after downloading. */
  md5: z.string(),
  size: z.number().int(),
  remark: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string(),
  createdAt: z.number(),
  /** Upgrade tasks that send it (a firmware with tasks cannot be deleted). */
  taskCount: z.number().int(),
});
export type FirmwareRecord = z.infer<typeof FirmwareRecord>;
export const FirmwarePage = paged(FirmwareRecord);

// ---- upgrade tasks -----------------------------------------------------------------------------

/** pending: waiting for an audit; rejected: nothing was sent; running: devices still wait; then the outcome. */
export const UPGRADE_TASK_STATES = ['pending', 'rejected', 'running', 'succeeded', 'partial', 'failed'] as const;
export type UpgradeTaskState = (typeof UPGRADE_TASK_STATES)[number];
export const UPGRADE_TASK_STATE_LABELS: Record<UpgradeTaskState, Text> = {
  pending: { zh: '待审核', en: 'Awaiting audit' },
  rejected: { zh: '已驳回', en: 'Rejected' },
  running: { zh: '升级中', en: 'Upgrading' },
  succeeded: { zh: '全部成功', en: 'Succeeded' },
  partial: { zh: '部分失败', en: 'Partly failed' },
  failed: { zh: '失败', en: 'Failed' },
};

/** A device of a task: waiting for the audit, then as its command (gateway-commands.ts), or cancelled by a rejection. */
export const UPGRADE_ITEM_STATES = ['waiting', 'queued', 'sent', 'succeeded', 'failed', 'expired', 'cancelled'] as const;
export type UpgradeItemState = (typeof UPGRADE_ITEM_STATES)[number];
export const UPGRADE_ITEM_STATE_LABELS: Record<UpgradeItemState, Text> = {
  waiting: { zh: '待审核', en: 'Awaiting audit' },
  queued: { zh: '排队中', en: 'Queued' },
  sent: { zh: '已下发', en: 'Sent' },
  succeeded: { zh: '成功', en: 'Succeeded' },
  failed: { zh: '失败', en: 'Failed' },
  expired: { zh: '已超时', en: 'Timed out' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
};

/** How long a task's commands wait for their gateways by default, in seconds, and the bounds. */
export const UPGRADE_TIMEOUT_DEFAULT_S = 1800;
export const UPGRADE_TIMEOUT_MIN_S = 60;
/** Most devices in one task. */
export const UPGRADE_MAX_DEVICES = 500;

/** POST /api/t_upgrade/save: a new task, pending until audited. */
export const SaveUpgradeTaskBody = z.strictObject({
  fileId: Id,
  deviceIds: z.array(Id).min(1, 'choose at least one device').max(UPGRADE_MAX_DEVICES)
    .refine((ids) => new Set(ids).size === ids.length, 'a device is listed twice'),
  remark: z.string().trim().max(200).default(''),
  timeoutS: z.number().int().min(UPGRADE_TIMEOUT_MIN_S).max(COMMAND_TTL_MAX_S).default(UPGRADE_TIMEOUT_DEFAULT_S),
});
export type SaveUpgradeTaskBody = z.infer<typeof SaveUpgradeTaskBody>;

/** POST /api/t_upgrade/audit and /api/t_debug/audit: approve or reject, once. */
export const AuditBody = z.strictObject({
  id: Id,
  approved: z.boolean({ error: 'approved must be true or false' }),
  remark: z.string().trim().max(200).default(''),
});
export type AuditBody = z.infer<typeof AuditBody>;

/** GET /api/t_upgrade: newest first. */
export const UpgradeTaskQuery = PageQuery.extend({
  state: z.enum(UPGRADE_TASK_STATES).optional(),
  deviceModelId: QueryId.optional(),
});
export type UpgradeTaskQuery = z.infer<typeof UpgradeTaskQuery>;

/** Devices of a task by state, over those the reader sees. */
export const UpgradeCounts = z.object({
  total: z.number().int(), waiting: z.number().int(), queued: z.number().int(), sent: z.number().int(),
  succeeded: z.number().int(), failed: z.number().int(), expired: z.number().int(), cancelled: z.number().int(),
});
export type UpgradeCounts = z.infer<typeof UpgradeCounts>;

export const UpgradeTaskRecord = z.object({
  id: z.number().int(),
  fileId: z.number().int(),
  fileName: z.string(),
  fileVer: z.string(),
  md5: z.string(),
  deviceModelId: z.number().int(),
  deviceModelName: z.string(),
  state: z.enum(UPGRADE_TASK_STATES),
  remark: z.string(),
  timeoutS: z.number().int(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string(),
  createdAt: z.number(),
  auditedBy: z.number().int().nullable(),
  auditedByName: z.string(),
  auditedAt: z.number().nullable(),
  auditRemark: z.string(),
  finishedAt: z.number().nullable(),
  counts: UpgradeCounts,
  /** The reader may audit it now: pending, holds upgrade-audit, did not submit it, sees all its devices. */
  canAudit: z.boolean(),
});
export type UpgradeTaskRecord = z.infer<typeof UpgradeTaskRecord>;
export const UpgradeTaskPage = paged(UpgradeTaskRecord);

export const UpgradeItem = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceCode: z.string(),
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  gatewayId: z.number().int().nullable(),
  gatewayName: z.string().nullable(),
  commandId: z.number().int().nullable(),
  /** The device's firmware version when the task was submitted ('' unknown). */
  fromVer: z.string(),
  state: z.enum(UPGRADE_ITEM_STATES),
  code: z.number().int().nullable(),
  /** zh text of `code` (UPGRADE_RESULT_TEXTS has both languages). */
  codeText: z.string().nullable(),
  message: z.string(),
  /** When the gateway took the command last (null: not yet, or no gateway). */
  sentAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
});
export type UpgradeItem = z.infer<typeof UpgradeItem>;

export const UpgradeTaskDetail = UpgradeTaskRecord.extend({ items: z.array(UpgradeItem) });
export type UpgradeTaskDetail = z.infer<typeof UpgradeTaskDetail>;

/** GET /api/t_upgrade/devices?deviceModelId: the devices of a model the caller may put in a task. */
export const UpgradeDeviceQuery = z.object({ deviceModelId: QueryId });
export const UpgradeCandidate = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  gatewayId: z.number().int().nullable(),
  gatewayName: z.string().nullable(),
  /** 0 offline, 1 online, 2 alarm. */
  state: z.number().int(),
  firmwareVer: z.string(),
});
export type UpgradeCandidate = z.infer<typeof UpgradeCandidate>;
export const UpgradeCandidateList = z.array(UpgradeCandidate);

// ---- debug sessions ----------------------------------------------------------------------------

/** pending: waiting for an audit; active: approved and within its window; ended: its window is over (or closed early). */
export const DEBUG_STATES = ['pending', 'rejected', 'active', 'ended'] as const;
export type DebugState = (typeof DEBUG_STATES)[number];
export const DEBUG_STATE_LABELS: Record<DebugState, Text> = {
  pending: { zh: '待审核', en: 'Awaiting audit' },
  rejected: { zh: '已驳回', en: 'Rejected' },
  active: { zh: '调试中', en: 'Open' },
  ended: { zh: '已结束', en: 'Ended' },
};

/** Shortest and longest debugging window, in minutes. */
export const DEBUG_MIN_MINUTES = 10;
export const DEBUG_MAX_MINUTES = 24 * 60;

/** POST /api/t_debug/save: ask for a debugging window on one device. */
export const SaveDebugBody = z.strictObject({
  deviceId: Id,
  durationMin: z.number().int().min(DEBUG_MIN_MINUTES).max(DEBUG_MAX_MINUTES),
  reason: z.string().trim().min(1, 'reason is required').max(200),
});
export type SaveDebugBody = z.infer<typeof SaveDebugBody>;

export const DebugQuery = PageQuery.extend({ state: z.enum(DEBUG_STATES).optional() });
export type DebugQuery = z.infer<typeof DebugQuery>;

export const DebugSessionRecord = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceCode: z.string(),
  deviceModelName: z.string(),
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  reason: z.string(),
  durationMin: z.number().int(),
  state: z.enum(DEBUG_STATES),
  createdBy: z.number().int().nullable(),
  createdByName: z.string(),
  createdAt: z.number(),
  auditedBy: z.number().int().nullable(),
  auditedByName: z.string(),
  auditedAt: z.number().nullable(),
  auditRemark: z.string(),
  /** The window: from approval for `durationMin` (null until approved); `endsAt` moves up when closed early. */
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
  canAudit: z.boolean(),
  /** The reader may end an open window now (upgrade-edit, and its requester or seeing its device). */
  canClose: z.boolean(),
});
export type DebugSessionRecord = z.infer<typeof DebugSessionRecord>;
export const DebugSessionPage = paged(DebugSessionRecord);
