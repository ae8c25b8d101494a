import { z } from 'zod';
import { ICCID_PATTERN } from './device-admin';
import { CardStatus } from './enums';
import { Id, PageQuery, paged, QueryId } from './envelope';

/**
 * The IoT card platform (SPEC §2, §3, §7 `t_card (login, sync-user)`): the registry of SIM cards
 * (t_card), bound to devices by ICCID; the card platform's accounts of console users (sync-user);
 * its login, whose `data` is JSON text with errCode and result.token; and the card home page's
 * own call, authorised by that short-lived card token (never by a console session).
 */

/** Card statuses (SPEC §3) in the order the product lists them. */
export const CARD_STATUSES = Object.values(CardStatus) as CardStatusValue[];
export type CardStatusValue = (typeof CardStatus)[keyof typeof CardStatus];
export const CARD_STATUS_LABELS: Record<CardStatusValue, { zh: string; en: string }> = {
  1: { zh: '待激活', en: 'Pending activation' },
  2: { zh: '已激活', en: 'Activated' },
  4: { zh: '停机', en: 'Suspended' },
  6: { zh: '可测试', en: 'Testable' },
  7: { zh: '库存', en: 'Stock' },
  8: { zh: '预销户', en: 'Pre-cancellation' },
};
const StatusValue = z.union(CARD_STATUSES.map((s) => z.literal(s)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>]);

/** A card's data usage at or above this share of its limit puts it on the warning list. */
export const CARD_USAGE_WARN_RATIO = 0.9;
/** A card expiring within this many days is on the warning list (the list may ask for another horizon). */
export const CARD_EXPIRY_WARN_DAYS = 30;
/** Lifetime of a card platform token handed to the card home (minutes): single-purpose and short. */
export const CARD_TOKEN_MINUTES = 10;

/** A mobile number (MSISDN) of a card: 11–15 digits, optional leading +. */
export const MSISDN_PATTERN = /^\+?\d{11,15}$/;

/** One card as the registry lists it; `device*` is the device holding its ICCID, if any. */
export const Card = z.object({
  id: z.number().int(),
  version: z.number().int(),
  iccid: z.string(),
  msisdn: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  status: z.number().int(),
  carrier: z.string(),
  planName: z.string(),
  dataUsedMb: z.number(),
  dataLimitMb: z.number(),
  activatedAt: z.number().nullable(),
  expiresAt: z.number().nullable(),
  remark: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string(),
  deviceCode: z.string(),
  projectName: z.string(),
  updatedAt: z.number(),
});
export type Card = z.infer<typeof Card>;
export const CardPage = paged(Card);

/** Why a card is on the warning list. */
export const CardWarningKind = z.enum(['usage', 'expiry', 'expired']);
export type CardWarningKind = z.infer<typeof CardWarningKind>;
export const CardWarning = Card.extend({
  /** Every reason that applies, most urgent first. */
  reasons: z.array(CardWarningKind),
  /** dataUsedMb ÷ dataLimitMb (0 without a limit). */
  usageRatio: z.number(),
  /** Whole days until expiry (negative: expired), null without an expiry date. */
  daysLeft: z.number().int().nullable(),
});
export type CardWarning = z.infer<typeof CardWarning>;
export const CardWarningList = z.array(CardWarning);

/** GET /api/t_card: paged, filtered by keyword (ICCID, MSISDN, device), status, organisation, bound or not. */
export const CardQuery = PageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  status: z.coerce.number().int().refine((s) => (CARD_STATUSES as number[]).includes(s), 'unknown card status').optional(),
  orgId: QueryId.optional(),
  /** 1: bound to a device; 0: not. */
  bound: z.coerce.number().int().min(0).max(1).optional(),
});
export type CardQuery = z.infer<typeof CardQuery>;

/** GET /api/t_card/warnings: cards of the caller's scope near their data limit or expiry. */
export const CardWarningQuery = z.object({
  days: z.coerce.number().int().min(1).max(365).default(CARD_EXPIRY_WARN_DAYS),
});

/** POST /api/t_card/save: a new card (no id) or an update (id and the version read). */
export const SaveCardBody = z.strictObject({
  id: Id.optional(),
  version: z.number().int().optional(),
  iccid: z.string().trim().regex(ICCID_PATTERN, 'ICCID 应为 19–20 位数字'),
  msisdn: z.union([z.literal(''), z.string().trim().regex(MSISDN_PATTERN, 'MSISDN 应为 11–15 位数字')]).default(''),
  orgId: Id,
  status: StatusValue,
  carrier: z.string().trim().max(32).default(''),
  planName: z.string().trim().max(64).default(''),
  dataUsedMb: z.number().min(0).max(1e9).default(0),
  dataLimitMb: z.number().min(0).max(1e9).default(0),
  activatedAt: z.number().int().min(0).nullable().default(null),
  expiresAt: z.number().int().min(0).nullable().default(null),
  remark: z.string().trim().max(200).default(''),
}).refine((b) => b.id === undefined || b.version !== undefined, { message: 'version is required with id', path: ['version'] })
  .refine((b) => b.activatedAt === null || b.expiresAt === null || b.expiresAt >= b.activatedAt, {
    message: 'expiresAt must not be before activatedAt', path: ['expiresAt'],
  });
export type SaveCardBody = z.input<typeof SaveCardBody>;

/** POST /api/t_card/sync-user: register the organisation's users with the card right on the card platform. */
export const SyncCardUsersBody = z.strictObject({ orgId: Id });
export const SyncCardUsersResult = z.object({
  /** Accounts created now. */
  added: z.number().int(),
  /** Accounts that stay (still qualified). */
  kept: z.number().int(),
  /** Accounts switched off now: the user is gone, disabled or lost the right. */
  disabled: z.number().int(),
});
export type SyncCardUsersResult = z.infer<typeof SyncCardUsersResult>;

/** A console user's account on the card platform. */
export const CardUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  enabled: z.boolean(),
  syncedAt: z.number(),
});
export type CardUser = z.infer<typeof CardUser>;
export const CardUserPage = paged(CardUser);
export const CardUserQuery = PageQuery.extend({ orgId: QueryId.optional() });
/** POST /api/t_card/user-state: switch an account on or off. */
export const CardUserStateBody = z.strictObject({ userId: Id, enabled: z.boolean() });

/**
 * The `data` text of POST /api/t_card/login, parsed: errCode 0 with result.token, or an errCode of
 * the card platform (the console then opens the card home with token=null, SPEC §2).
 */
export const CardLoginAnswer = z.object({
  errCode: z.number().int(),
  errMsg: z.string(),
  result: z.object({ token: z.string(), expiresIn: z.number().int() }).nullable(),
});
export type CardLoginAnswer = z.infer<typeof CardLoginAnswer>;
/** errCode: the console user has no account on the card platform (sync-user first). */
export const CARD_ERR_NOT_SYNCED = 40001;

/** GET /srv/card-home/cards with `X-Card-Token: <card token>`: the card home's one call. */
export const CardHomeData = z.object({
  user: z.object({ username: z.string(), nickName: z.string() }),
  org: z.object({ id: z.number().int(), name: z.string() }),
  expiresAt: z.number(),
  cards: z.array(Card),
});
export type CardHomeData = z.infer<typeof CardHomeData>;
