import { z } from 'zod';
import { DataScopeType } from '../access';
import { MAX_DB_INT } from '../envelope';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';
import { DATA_SCOPE_OPTIONS } from './role';

/**
 * A role an organisation type offers (nv_org_type_roles/{id}): imported into an organisation of
 * that type as one of its roles (POST /api/t_org/import-type-roles/{id}). Its rights lie within the
 * type's rights (POST /api/t_org_type_role/rights/{id}).
 */
export const OrgTypeRole = RowBase.extend({
  orgType: z.number().int(),
  name: z.string(),
  dataScope: z.string(),
  remark: z.string(),
  createdAt: z.number(),
});
export type OrgTypeRole = z.infer<typeof OrgTypeRole>;

const OrgTypeValue = z.number().int().min(0).max(MAX_DB_INT);

export const orgTypeRoleResource = defineResource({
  name: 't_org_type_role',
  table: 't_org_type_role',
  title: { zh: '组织类型角色', en: 'Organisation type roles' },
  noun: { zh: '组织类型角色', en: 'organisation type role' },
  row: OrgTypeRole,
  save: z.object({
    orgType: OrgTypeValue,
    name: z.string().trim().min(1, 'name is required').max(64),
    dataScope: DataScopeType.default('VOrg'),
    remark: z.string().trim().max(256).default(''),
  }),
  filter: KeywordFilter.extend({ orgType: z.coerce.number().int().min(0).max(MAX_DB_INT).optional() }),
  columns: [
    { name: 'name', label: { zh: '角色名称', en: 'Name' }, sortable: true },
    { name: 'orgType', label: { zh: '组织类型', en: 'Organisation type' }, sortable: true, options: { names: 't_org_type' } },
    { name: 'dataScope', label: { zh: '数据权限', en: 'Data scope' }, sortable: true, options: { values: DATA_SCOPE_OPTIONS } },
    { name: 'remark', label: { zh: '备注', en: 'Remark' } },
    { name: 'createdAt', label: { zh: '创建时间', en: 'Created' }, kind: 'datetime', sortable: true },
  ],
  fields: [
    { name: 'name', label: { zh: '角色名称', en: 'Name' }, kind: 'text' },
    { name: 'orgType', label: { zh: '组织类型', en: 'Organisation type' }, kind: 'select', options: { names: 't_org_type' } },
    { name: 'dataScope', label: { zh: '数据权限', en: 'Data scope' }, kind: 'select', options: { values: DATA_SCOPE_OPTIONS } },
    { name: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea' },
  ],
  filters: [
    { name: 'keyword', label: { zh: '角色名称', en: 'Name' }, kind: 'keyword' },
    { name: 'orgType', label: { zh: '组织类型', en: 'Organisation type' }, kind: 'select', options: { names: 't_org_type' } },
  ],
  rights: { preview: Right.OrgTypePreview, edit: Right.OrgTypeEdit },
  scope: { kind: 'global' },
  search: ['name'],
  unique: [['orgType', 'name']],
  label: 'name',
  defaultSort: 'id',
  createdAt: true,
});
