import { z } from 'zod';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';
import { ORG_TYPE_OPTIONS } from './org';

/**
 * An organisation type (组织类型): the six fixed kinds of SPEC §3, seeded with every installation.
 * Their names and remarks can be changed; the kind itself (`orgType`) never, and none is added or
 * removed (`fixed`). Its rights and roles are pages of their own (nv_org_type_rights/{orgType},
 * nv_org_type_roles/{orgType}).
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
    { name: 'orgType', label: { zh: '类型', en: 'Kind' }, sortable: true, options: { values: ORG_TYPE_OPTIONS }, width: 140 },
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
  label: 'name',
  defaultSort: 'orgType',
  fixed: true,
});
