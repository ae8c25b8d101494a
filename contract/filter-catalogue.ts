import { z } from 'zod';
import { Id, PageQuery, paged, QueryId } from './envelope';

/**
 * The filter catalogue sync (SPEC §7 second base: `t_lcc_sync` filter-type, filter-model, sync;
 * `t_lcc_sync_items`): the supplier's filter types and models, read from an upstream catalogue
 * (an HTTP endpoint answering JSON, {@link UpstreamCatalogue}), compared with t_filter_type and
 * t_filter — what would be added, changed and removed — and applied only when asked.
 */

const Code = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, . _ - only');
const Name = z.string().trim().min(1).max(128);

/** One filter type of the upstream catalogue. */
export const UpstreamFilterType = z.object({
  code: Code, name: Name, remark: z.string().max(200).default(''), sortOrder: z.number().int().min(0).max(1_000_000).default(0),
});
/** One filter model of the upstream catalogue: the supplier's figures (life settings stay local). */
export const UpstreamFilterModel = z.object({
  code: Code,
  name: Name,
  typeCode: Code,
  initialPa: z.number().positive().max(10_000),
  finalPa: z.number().positive().max(20_000).nullable().default(null),
  finalMultiple: z.number().min(1).max(20).nullable().default(null),
  ratedAirM3h: z.number().positive().max(1_000_000),
  dustCapacityG: z.number().positive().max(1_000_000).nullable().default(null),
  captureEfficiency: z.number().min(0).max(1).default(0.9),
  maxDays: z.number().int().positive().max(3650).nullable().default(null),
  leadDays: z.number().int().min(0).max(365).default(0),
  unitPrice: z.number().min(0).max(10_000_000).default(0),
}).refine((m) => m.finalPa !== null || m.finalMultiple !== null, { message: 'finalPa or finalMultiple is required', path: ['finalPa'] });

/** What the upstream endpoint answers. Codes are unique within each list; every model's type is listed. */
export const UpstreamCatalogue = z.object({
  supplier: z.object({ code: z.string().trim().max(64), name: z.string().trim().max(128) }).optional(),
  version: z.string().trim().max(64).default(''),
  filterTypes: z.array(UpstreamFilterType).max(1000),
  filterModels: z.array(UpstreamFilterModel).max(10_000),
}).superRefine((c, ctx) => {
  const dup = (list: { code: string }[], path: string) => {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      if (seen.has(x.code)) ctx.addIssue({ code: 'custom', path: [path, i, 'code'], message: `duplicate code ${x.code}` });
      seen.add(x.code);
    });
  };
  dup(c.filterTypes, 'filterTypes');
  dup(c.filterModels, 'filterModels');
  const types = new Set(c.filterTypes.map((t) => t.code));
  c.filterModels.forEach((m, i) => {
    if (!types.has(m.typeCode)) ctx.addIssue({ code: 'custom', path: ['filterModels', i, 'typeCode'], message: `unknown type ${m.typeCode}` });
  });
});
export type UpstreamCatalogue = z.infer<typeof UpstreamCatalogue>;

export const LCC_SYNC_KINDS = ['filter-type', 'filter-model'] as const;
export type LccSyncKind = (typeof LCC_SYNC_KINDS)[number];
/** previewed: the diff is shown; applied: written; superseded: a newer preview or apply came after it. */
export const LCC_SYNC_STATES = ['previewed', 'applied', 'superseded'] as const;
export type LccSyncState = (typeof LCC_SYNC_STATES)[number];
/** added/changed/removed: what applying does; kept: absent upstream but still in use here, so kept. */
export const LCC_ITEM_ACTIONS = ['added', 'changed', 'removed', 'kept'] as const;
export type LccItemAction = (typeof LCC_ITEM_ACTIONS)[number];

/** The catalogue fields a sync compares and writes, per kind (life settings and remarks stay local). */
export const SYNCED_FIELDS: Record<LccSyncKind, readonly string[]> = {
  'filter-type': ['name', 'remark', 'sortOrder'],
  'filter-model': ['name', 'typeCode', 'supplierCode', 'initialPa', 'finalPa', 'finalMultiple', 'ratedAirM3h', 'dustCapacityG',
    'captureEfficiency', 'maxDays', 'leadDays', 'unitPrice'],
};

export const LccSyncItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  action: z.enum(LCC_ITEM_ACTIONS),
  /** The local record's synced fields (null when added). */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** The upstream record's synced fields (null when removed or kept). */
  after: z.record(z.string(), z.unknown()).nullable(),
  /** Fields that differ (changed). */
  fields: z.array(z.string()),
  /** Why a removal is held back (kept), or other context. */
  note: z.string(),
});
export type LccSyncItem = z.infer<typeof LccSyncItem>;
export const LccSyncItemList = z.array(LccSyncItem);

export const LccSyncRun = z.object({
  id: z.number().int(),
  kind: z.enum(LCC_SYNC_KINDS),
  sourceUrl: z.string(),
  upstreamVersion: z.string(),
  state: z.enum(LCC_SYNC_STATES),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  kept: z.number().int(),
  unchanged: z.number().int(),
  createdByName: z.string(),
  createdAt: z.number(),
  appliedByName: z.string(),
  appliedAt: z.number().nullable(),
});
export type LccSyncRun = z.infer<typeof LccSyncRun>;
export const LccSyncRunPage = paged(LccSyncRun);
export const LccSyncDetail = LccSyncRun.extend({ items: LccSyncItemList });
export type LccSyncDetail = z.infer<typeof LccSyncDetail>;

/** GET /app-api/t_lcc_sync: the runs, newest first. */
export const LccSyncQuery = PageQuery.extend({ kind: z.enum(LCC_SYNC_KINDS).optional() });
/** GET /app-api/t_lcc_sync_items?syncId=: one run's items, optionally of one action. */
export const LccSyncItemsQuery = z.object({ syncId: QueryId, action: z.enum(LCC_ITEM_ACTIONS).optional() });
/** POST /app-api/t_lcc_sync/sync: apply a previewed run (the newest of its kind). */
export const ApplyLccSyncBody = z.strictObject({ id: Id });
