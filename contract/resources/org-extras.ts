import { z } from 'zod';
import { Id } from '../envelope';

/**
 * The organisation calls beside the kit's t_org (SPEC §7: trade-code, regencode, disable) and the
 * applications an organisation is joined to (nv_org_associate).
 */

/** GET /api/t_org/trade-code/{id}: the organisation's industry (its trade), or null when it names none. */
export const OrgTradeCode = z.object({ industryId: z.number().int(), name: z.string() }).nullable();
export type OrgTradeCode = z.infer<typeof OrgTradeCode>;

/** One region on the way from the root region down to an organisation's region. */
export const RegionStep = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type RegionStep = z.infer<typeof RegionStep>;

/**
 * GET /api/t_org/regencode/{id}: the organisation's region with its code and the path of regions
 * from the root down to it (the region itself last), or null when it names none.
 */
export const OrgRegionCode = z.object({
  regionId: z.number().int(), code: z.string(), name: z.string(), path: z.array(RegionStep),
}).nullable();
export type OrgRegionCode = z.infer<typeof OrgRegionCode>;

/** POST /api/t_org/disable: disables (or enables again) an organisation and its whole subtree. */
export const OrgDisableBody = z.object({ id: Id, disabled: z.boolean() });
export type OrgDisableBody = z.infer<typeof OrgDisableBody>;

/** What a disable changed: the organisations whose state changed, and how many users were signed out. */
export const OrgDisableResult = z.object({
  orgIds: z.array(z.number().int()),
  signedOut: z.number().int().min(0),
});
export type OrgDisableResult = z.infer<typeof OrgDisableResult>;

/** GET /api/t_org/applications/{id}: the applications an organisation is joined to. */
export const OrgApplication = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export const OrgApplicationList = z.array(OrgApplication);
export type OrgApplication = z.infer<typeof OrgApplication>;
