import { z } from 'zod';
import { DATA_RIGHT_TYPES, DataScopeType } from '../access';
import { Id, QueryId } from '../envelope';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/** The right types of SPEC §3 as select options (data scope of a role). */
export const DATA_SCOPE_OPTIONS = DATA_RIGHT_TYPES.map((t) => ({ value: t.type, label: t.label }));

/**
 * A role (角色管理): a named set of rights and a data scope, belonging to an organisation. Its
 * rights, data-right targets and measure rights are set by the calls of server/routes/roles/.
 */
export const Role = RowBase.extend({
  orgId: z.number().int().nullable(),
  name: z.string(),
  dataScope: z.string(),
  remark: z.string(),
  createdAt: z.number(),
});
export type Role = z.infer<typeof Role>;

export const roleResource = defineResource({
  name: 'role',
  table: 't_role',
  title: { zh: '角色管理', en: 'Roles' },
  noun: { zh: '角色', en: 'role' },
  row: Role,
  save: z.object({
    orgId: Id,
    name: z.string().trim().min(1, 'name is required').max(64),
    dataScope: DataScopeType.default('VDept'),
    remark: z.string().trim().max(256).default(''),
  }),
  filter: KeywordFilter.extend({
    orgId: QueryId.optional(),
    dataScope: DataScopeType.optional(),
  }),
  columns: [
    { name: 'name', label: { zh: '角色名称', en: 'Name' }, sortable: true },
    { name: 'orgId', label: { zh: '所属组织', en: 'Organisation' }, kind: 'ref', options: { names: 't_org' } },
    { name: 'dataScope', label: { zh: '数据权限', en: 'Data scope' }, sortable: true, options: { values: DATA_SCOPE_OPTIONS } },
    { name: 'remark', label: { zh: '备注', en: 'Remark' } },
    { name: 'createdAt', label: { zh: '创建时间', en: 'Created' }, kind: 'datetime', sortable: true },
  ],
  fields: [
    { name: 'name', label: { zh: '角色名称', en: 'Name' }, kind: 'text' },
    { name: 'orgId', label: { zh: '所属组织', en: 'Organisation' }, kind: 'select', options: { names: 't_org' } },
    {
      name: 'dataScope', label: { zh: '数据权限', en: 'Data scope' }, kind: 'select', options: { values: DATA_SCOPE_OPTIONS },
      help: { zh: '指定项目、区域、行业或组织在“数据权限”中选择', en: 'Projects, regions, industries or organisations are chosen under “Data scope”' },
    },
    { name: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea' },
  ],
  filters: [
    { name: 'keyword', label: { zh: '角色名称', en: 'Name' }, kind: 'keyword' },
    { name: 'orgId', label: { zh: '所属组织', en: 'Organisation' }, kind: 'select', options: { names: 't_org' } },
    { name: 'dataScope', label: { zh: '数据权限', en: 'Data scope' }, kind: 'select', options: { values: DATA_SCOPE_OPTIONS } },
  ],
  rights: { preview: Right.RolePreview, edit: Right.RoleEdit, delete: Right.RoleDelete },
  scope: { kind: 'org', owner: 'orgId' },
  search: ['name'],
  unique: [['orgId', 'name']],
  references: [
    { table: 't_user_role', column: 'role_id', what: { zh: '用户', en: 'users' } },
  ],
  label: 'name',
  defaultSort: 'id',
  createdAt: true,
});
