import { z } from 'zod';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/**
 * An organisation type (组织类型), known everywhere by its number `orgType` (t_org.org_type, the
 * user state's orgType). The six kinds of SPEC §3 (0 internal … 5 operator) are seeded and can be
 * renamed but never deleted; an administrator adds types of its own (numbered from 6 on by the
 * server), deletable while no organisation is of them. Its rights and roles are pages of their own
 * (nv_org_type_rights/{orgType}, nv_org_type_roles/{orgType}).
 */
export const OrgTypeRow = RowBase.extend({
  orgType: z.number().int(),
  name: z.string(),
  remark: z.string(),
});
export type OrgTypeRow = z.infer<typeof OrgTypeRow>;

export const orgTypeResource = defineResource({
  name: 't_org_type',
  table: 't_org_type',
  title: { zh: '组织类型', en: 'Organisation types' },
  noun: { zh: '组织类型', en: 'organisation type' },
  row: OrgTypeRow,
  save: z.object({
    name: z.string().trim().min(1, 'name is required').max(32),
    remark: z.string().trim().max(256).default(''),
  }),
  filter: KeywordFilter,
  columns: [
    { name: 'orgType', label: { zh: '类型编号', en: 'Number' }, kind: 'number', sortable: true, width: 120 },
    { name: 'name', label: { zh: '类型名称', en: 'Name' }, sortable: true },
    { name: 'remark', label: { zh: '备注', en: 'Remark' } },
  ],
  fields: [
    { name: 'name', label: { zh: '类型名称', en: 'Name' }, kind: 'text' },
    { name: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea' },
  ],
  filters: [{ name: 'keyword', label: { zh: '名称/备注', en: 'Name or remark' }, kind: 'keyword' }],
  rights: { preview: Right.OrgTypePreview, edit: Right.OrgTypeEdit },
  scope: { kind: 'global' },
  search: ['name', 'remark'],
  unique: ['name'],
  references: [{ table: 't_org', column: 'org_type', key: 'orgType', what: { zh: '组织', en: 'organisations' } }],
  label: 'name',
  nameKey: 'orgType',
  defaultSort: 'orgType',
});

/** The kinds of SPEC §3 (0–5): seeded, never deleted. */
export const BUILT_IN_ORG_TYPES = 6;
