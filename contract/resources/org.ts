import { z } from 'zod';
import { Id, MAX_DB_INT, QueryId } from '../envelope';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/** An organisation (组织管理): a tree by parent; its type, region, industry; it may be disabled. */
export const Org = RowBase.extend({
  parentId: z.number().int().nullable(),
  name: z.string(),
  code: z.string(),
  orgType: z.number().int(),
  regionId: z.number().int().nullable(),
  industryId: z.number().int().nullable(),
  address: z.string(),
  disabled: z.number().int(),
  createdAt: z.number(),
});
export type Org = z.infer<typeof Org>;


export const orgResource = defineResource({
  name: 't_org',
  table: 't_org',
  title: { zh: '组织管理', en: 'Organisations' },
  noun: { zh: '组织', en: 'organisation' },
  row: Org,
  save: z.object({
    parentId: Id.nullable().default(null),
    name: z.string().trim().min(1, 'name is required').max(64),
    code: z.string().trim().min(1, 'code is required').max(32).regex(/^[A-Za-z0-9_-]+$/, 'code may hold letters, digits, _ and -'),
    orgType: z.number().int().min(0).max(MAX_DB_INT),
    regionId: Id.nullable().default(null),
    industryId: Id.nullable().default(null),
    address: z.string().trim().max(256).default(''),
    // `disabled` is not saved here: POST /api/t_org/disable changes it, for the whole subtree, and
    // signs the users out (server/routes/orgs/org-routes.ts).
  }),
  filter: KeywordFilter.extend({
    orgType: z.coerce.number().int().min(0).max(MAX_DB_INT).optional(),
    parentId: QueryId.optional(),
  }),
  columns: [
    { name: 'name', label: { zh: '组织名称', en: 'Name' }, sortable: true },
    { name: 'code', label: { zh: '组织编码', en: 'Code' }, sortable: true },
    { name: 'orgType', label: { zh: '组织类型', en: 'Type' }, sortable: true, options: { names: 't_org_type' } },
    { name: 'parentId', label: { zh: '上级组织', en: 'Parent' }, kind: 'ref', options: { names: 't_org' } },
    { name: 'regionId', label: { zh: '区域', en: 'Region' }, kind: 'ref', options: { names: 't_region' } },
    { name: 'industryId', label: { zh: '行业', en: 'Industry' }, kind: 'ref', options: { names: 't_industry' } },
    { name: 'disabled', label: { zh: '已停用', en: 'Disabled' }, kind: 'switch', sortable: true },
    { name: 'createdAt', label: { zh: '创建时间', en: 'Created' }, kind: 'datetime', sortable: true },
  ],
  fields: [
    { name: 'name', label: { zh: '组织名称', en: 'Name' }, kind: 'text' },
    { name: 'code', label: { zh: '组织编码', en: 'Code' }, kind: 'text' },
    { name: 'orgType', label: { zh: '组织类型', en: 'Type' }, kind: 'select', options: { names: 't_org_type' } },
    { name: 'parentId', label: { zh: '上级组织', en: 'Parent' }, kind: 'select', options: { names: 't_org' } },
    { name: 'regionId', label: { zh: '区域', en: 'Region' }, kind: 'select', options: { names: 't_region' } },
    { name: 'industryId', label: { zh: '行业', en: 'Industry' }, kind: 'select', options: { names: 't_industry' } },
    { name: 'address', label: { zh: '地址', en: 'Address' }, kind: 'text' },
  ],
  filters: [
    { name: 'keyword', label: { zh: '名称/编码', en: 'Name or code' }, kind: 'keyword' },
    { name: 'orgType', label: { zh: '组织类型', en: 'Type' }, kind: 'select', options: { names: 't_org_type' } },
    // The organisation tree of nv_organize sets it: the children of the organisation picked there.
    { name: 'parentId', label: { zh: '上级组织', en: 'Parent' }, kind: 'select', options: { names: 't_org' } },
  ],
  rights: { preview: Right.OrgPreview, edit: Right.OrgEdit, delete: Right.OrgDelete },
  scope: { kind: 'org', field: 'id', owner: 'parentId' },
  search: ['name', 'code'],
  unique: ['code'],
  references: [
    { table: 't_org', column: 'parent_id', what: { zh: '下级组织', en: 'child organisations' } },
    { table: 't_user', column: 'org_id', what: { zh: '用户', en: 'users' } },
    { table: 't_project', column: 'org_id', what: { zh: '项目', en: 'projects' } },
    { table: 't_role', column: 'org_id', what: { zh: '角色', en: 'roles' } },
    { table: 't_contacts', column: 'org_id', what: { zh: '联系人', en: 'contacts' } },
    { table: 't_project_group', column: 'org_id', what: { zh: '项目分组', en: 'project groups' } },
  ],
  label: 'name',
  defaultSort: 'id',
  createdAt: true,
  parent: 'parentId',
});
