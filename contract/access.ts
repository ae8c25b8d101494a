import { z } from 'zod';
import { Id, MAX_DB_INT, QueryId } from './envelope';

/**
 * The access calls beside the role and organisation-type definitions (SPEC §6 "Role endpoints",
 * §7 right/all, t_data_right/all): the rights catalogue, a role's rights, data rights and measure
 * rights, role copying, the rights of organisation types, their roles and organisations, and a
 * user's effective rights.
 */

/** A text in both languages (as contract/resources/kit.ts's Text; zod-free here). */
export interface AccessText {
  zh: string;
  en: string;
}

/** The data-visibility right types of SPEC §3 a role's data scope takes. */
export const DATA_SCOPE_TYPES = ['VDept', 'VOrg', 'VAll', 'VSpec', 'VRegion', 'VIndustry', 'VOrgExt'] as const;
export const DataScopeType = z.enum(DATA_SCOPE_TYPES);
export type DataScopeType = z.infer<typeof DataScopeType>;

/** What the targets of a data right type are: none, or records of one kind. */
export type DataTargetKind = 'none' | 'project' | 'region' | 'industry' | 'org';

/** Where a picker reads a target kind's names (`GET /api/<resource>/names`). */
export const DATA_TARGET_NAMES: Record<Exclude<DataTargetKind, 'none'>, string> = {
  project: 't_project', region: 't_region', industry: 't_industry', org: 't_org',
};

/**
 * Each right type, its labels and its targets. Without stored targets VRegion and VIndustry see the
 * projects of the organisation's own region or industry; with targets, those of the regions (and
 * their sub-regions) or industries listed. VOrgExt sees the organisation and the organisations listed,
 * each with those below it; VSpec the projects listed.
 */
export const DATA_RIGHT_TYPES: readonly { type: DataScopeType; label: AccessText; target: DataTargetKind }[] = [
  { type: 'VDept', label: { zh: '本组织', en: 'Own organisation' }, target: 'none' },
  { type: 'VOrg', label: { zh: '本组织及下级组织', en: 'Own organisation and below' }, target: 'none' },
  { type: 'VAll', label: { zh: '全部数据', en: 'All data' }, target: 'none' },
  { type: 'VSpec', label: { zh: '指定项目', en: 'Chosen projects' }, target: 'project' },
  { type: 'VRegion', label: { zh: '指定区域', en: 'Chosen regions' }, target: 'region' },
  { type: 'VIndustry', label: { zh: '指定行业', en: 'Chosen industries' }, target: 'industry' },
  { type: 'VOrgExt', label: { zh: '本组织及指定组织', en: 'Own and chosen organisations' }, target: 'org' },
];

export function dataTargetOf(type: string): DataTargetKind {
  return DATA_RIGHT_TYPES.find((t) => t.type === type)?.target ?? 'none';
}

const Label = z.object({ zh: z.string(), en: z.string() });

/** GET /api/t_data_right/all. */
export const DataRightTypeList = z.array(z.object({
  type: DataScopeType,
  label: Label,
  target: z.enum(['none', 'project', 'region', 'industry', 'org']),
}));
export type DataRightTypeList = z.infer<typeof DataRightTypeList>;

/** One right of the catalogue (t_right). */
export const RightItem = z.object({ code: z.string(), name: z.string(), sortOrder: z.number().int() });
export type RightItem = z.infer<typeof RightItem>;

/** GET /api/right/all: the catalogue grouped by group name, groups and rights in catalogue order. */
export const RightCatalogue = z.array(z.object({ group: z.string(), rights: z.array(RightItem) }));
export type RightCatalogue = z.infer<typeof RightCatalogue>;

const RoleRef = z.object({ id: z.number().int(), name: z.string(), orgId: z.number().int().nullable() });

/** GET /api/right/holders: per right code, the roles (in the caller's data scope) that hold it. */
export const RightHolders = z.array(z.object({ code: z.string(), roles: z.array(RoleRef) }));
export type RightHolders = z.infer<typeof RightHolders>;

/** A set of right codes in a body: the whole set, replacing what was there. */
export const RightCodes = z.array(z.string().trim().min(1, 'a right code is required').max(64)).max(500);

/** POST /api/role/rights/{id}, /api/t_org_type/rights/{orgType}, /api/t_org_type_role/rights/{id}. */
export const RightsBody = z.object({ rights: RightCodes });
export type RightsBody = z.infer<typeof RightsBody>;

/**
 * A role's (or an organisation-type role's) rights, with the rights of its organisation type
 * (`cap`): only those can be given to it.
 */
export const HeldRights = z.object({ rights: z.array(z.string()), cap: z.array(z.string()) });
export type HeldRights = z.infer<typeof HeldRights>;

/** GET /api/t_org_type/rights/{orgType}: the rights an organisation type may hold. */
export const RightCodeList = z.array(z.string());

/** GET/POST /api/role/data-rights/{id}: the role's data scope type and its targets (ids by type). */
export const DataRightsBody = z.object({
  dataScope: DataScopeType,
  targets: z.array(Id).max(1000).default([]),
});
export type DataRightsBody = z.infer<typeof DataRightsBody>;
export const RoleDataRights = z.object({ dataScope: z.string(), targets: z.array(z.number().int()) });
export type RoleDataRights = z.infer<typeof RoleDataRights>;

/** GET/POST /api/role/measure-rights/{id}: the measures a role may see. */
export const MeasureRightsBody = z.object({ measureIds: z.array(Id).max(10_000) });
export type MeasureRightsBody = z.infer<typeof MeasureRightsBody>;
export const MeasureIdList = z.array(z.number().int());

/** POST /api/role/copy/{id}: the copy's name, and its organisation (default: the original's). */
export const CopyRoleBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(64),
  orgId: Id.optional(),
});
export type CopyRoleBody = z.infer<typeof CopyRoleBody>;

/** {orgType} of the organisation-type rights calls. */
export const OrgTypeParam = z.object({ orgType: z.coerce.number().int().min(0).max(MAX_DB_INT) });

/** {userId} of GET /api/role/user-rights/{userId}. */
export const UserIdParam = z.object({ userId: QueryId });

/** GET /api/t_org/rights/{id}: an organisation and the rights its users can hold (its type's). */
export const OrgRights = z.object({ id: z.number().int(), name: z.string(), orgType: z.number().int(), rights: z.array(z.string()) });
export type OrgRights = z.infer<typeof OrgRights>;

/** POST /api/t_org/import-type-roles/{id}: the roles made, and the names the organisation had already. */
export const ImportTypeRolesResult = z.object({
  imported: z.array(z.object({ id: z.number().int(), name: z.string() })),
  skipped: z.array(z.string()),
});
export type ImportTypeRolesResult = z.infer<typeof ImportTypeRolesResult>;

/** GET /api/role/user-rights/{userId}: a user's effective rights, which role gives each, its data scope. */
export const UserRights = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  orgType: z.number().int(),
  isSuper: z.boolean(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), dataScope: z.string() })),
  /** Effective rights (capped by the organisation type); `roles`: the user's roles that give it. */
  rights: z.array(z.object({ code: z.string(), roles: z.array(z.number().int()) })),
  dataScope: z.object({
    all: z.boolean(),
    orgIds: z.array(z.number().int()),
    projectIds: z.array(z.number().int()),
    regionIds: z.array(z.number().int()),
    industryIds: z.array(z.number().int()),
  }),
});
export type UserRights = z.infer<typeof UserRights>;
