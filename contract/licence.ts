import { z } from 'zod';
import { SITE_UTC_OFFSET_MINUTES } from './constants';

/**
 * The licence file (issue 22): a payload stating who may run the platform, until when, for how
 * many devices and users and with which features, and an Ed25519 signature over the payload's
 * canonical JSON ({@link canonicalJson}). The server verifies it with the public keys it trusts
 * (server/licence/); scripts/issue-licence.ts signs one with the vendor's private key.
 */

/** A calendar date, `YYYY-MM-DD`. */
const IsoDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, '应为 YYYY-MM-DD 格式的日期')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), '不是有效的日期');

/** A feature code: lower-case words joined by hyphens. */
export const LicenceFeatureCode = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, '功能代码应为小写字母、数字和连字符');

export const LicencePayload = z.strictObject({
  /** The file format; a later format is refused by a server that does not know it. */
  format: z.literal(1),
  /** The vendor's number of this licence. */
  id: z.string().trim().min(1).max(64),
  licensee: z.string().trim().min(1).max(200),
  issued: IsoDate,
  /** The last day the licence is valid (site time, {@link SITE_UTC_OFFSET_MINUTES}). */
  expiry: IsoDate,
  maxDevices: z.number().int().min(0).max(10_000_000),
  maxUsers: z.number().int().min(0).max(1_000_000),
  features: z.array(LicenceFeatureCode).max(50),
}).refine((p) => p.expiry >= p.issued, { path: ['expiry'], message: '到期日早于签发日' });
export type LicencePayload = z.infer<typeof LicencePayload>;

/** Base64 of a 64-byte Ed25519 signature. */
export const LicenceFile = z.strictObject({
  payload: LicencePayload,
  signature: z.string().regex(/^[A-Za-z0-9+/]{86}==$/, '应为 Ed25519 签名（Base64）'),
});
export type LicenceFile = z.infer<typeof LicenceFile>;

/** POST /api/licence/import: the licence file's text as uploaded. */
export const ImportLicenceBody = z.object({ content: z.string().min(1, '请选择授权文件').max(65_536, '授权文件过大') });
export type ImportLicenceBody = z.infer<typeof ImportLicenceBody>;

/**
 * The JSON text that is signed: object keys sorted (by UTF-16 code units), no whitespace, arrays
 * in their order. Two payloads with the same content give the same bytes, whatever their key order.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new Error('canonicalJson: not representable in JSON');
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The first moment the licence no longer holds: the midnight after its expiry day, site time. */
export function licenceEndsAt(expiry: string): number {
  return Date.parse(`${expiry}T00:00:00Z`) + 86_400_000 - SITE_UTC_OFFSET_MINUTES * 60_000;
}

/** Features a licence may enable, with their names (an unknown code is shown as it is). */
export const LICENCE_FEATURES: Record<string, { zh: string; en: string }> = {
  analysis: { zh: '数据分析', en: 'Data analysis' },
  purchase: { zh: '采购助手', en: 'Purchase assistant' },
  'iot-card': { zh: '物联网卡', en: 'IoT cards' },
  video: { zh: '视频监控', en: 'Video' },
  upgrade: { zh: '固件升级', en: 'Firmware upgrade' },
  kiosk: { zh: '大屏轮播', en: 'Kiosk rotation' },
  'app-api': { zh: '第二接口', en: 'App API' },
};

/**
 * How the licence in force stands: `valid`; `expired` (signed, past its expiry day); `invalid`
 * (unreadable, or signed by a key this server does not trust); `none` (nothing to read).
 */
export const LicenceState = z.enum(['valid', 'expired', 'invalid', 'none']);
export type LicenceState = z.infer<typeof LicenceState>;

/** What the console warns administrators about (the banner, the licence page). */
export const LicenceWarningCode = z.enum(['expired', 'invalid', 'none', 'expiring', 'devices-full', 'users-full']);
export type LicenceWarningCode = z.infer<typeof LicenceWarningCode>;

/** GET /api/licence: the licence in force, what is used of it, and its warnings. */
export const LicenceInfo = z.object({
  state: LicenceState,
  /** `imported` through the licence page, or the `shipped` demo licence while none was imported. */
  source: z.enum(['imported', 'shipped']),
  /** The payload when the file could be read and its signature holds (valid or expired). */
  payload: z.object({
    id: z.string(), licensee: z.string(), issued: z.string(), expiry: z.string(),
    maxDevices: z.number().int(), maxUsers: z.number().int(), features: z.array(z.string()),
  }).nullable(),
  /** Why the licence is not in force (state invalid or none). */
  problem: z.string().nullable(),
  /** Whole days left before it expires (0 on its last day); null without a payload. */
  daysLeft: z.number().int().nullable(),
  importedAt: z.number().int().nullable(),
  importedBy: z.string().nullable(),
  usage: z.object({ devices: z.number().int(), users: z.number().int() }),
  warnings: z.array(LicenceWarningCode),
});
export type LicenceInfo = z.infer<typeof LicenceInfo>;

/** Days before the expiry from which administrators are warned. */
export const LICENCE_EXPIRY_WARNING_DAYS = 30;
