import { z } from 'zod';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/** An application (应用管理): what a login names with `appId`; it may be closed to logins. */
export const Application = RowBase.extend({
  name: z.string(),
  code: z.string(),
  remark: z.string(),
  canLogin: z.number().int(),
  createdAt: z.number(),
});
export type Application = z.infer<typeof Application>;

export const applicationResource = defineResource({
  name: 't_application',
  table: 't_application',
  title: { zh: '应用列表', en: 'Applications' },
  noun: { zh: '应用', en: 'application' },
  row: Application,
  save: z.object({
    name: z.string().trim().min(1, 'name is required').max(64),
    code: z.string().trim().min(1, 'code is required').max(64).regex(/^[A-Za-z0-9_-]+$/, 'code may hold letters, digits, _ and -'),
    remark: z.string().trim().max(256).default(''),
    canLogin: z.union([z.literal(0), z.literal(1)]).default(1),
  }),
  filter: KeywordFilter.extend({ canLogin: z.coerce.number().int().min(0).max(1).optional() }),
  columns: [
    { name: 'name', label: { zh: '应用名称', en: 'Name' }, sortable: true },
    { name: 'code', label: { zh: '应用编码', en: 'Code' }, sortable: true },
    { name: 'canLogin', label: { zh: '允许登录', en: 'Login allowed' }, kind: 'switch', sortable: true },
    { name: 'remark', label: { zh: '备注', en: 'Remark' } },
    { name: 'createdAt', label: { zh: '创建时间', en: 'Created' }, kind: 'datetime', sortable: true },
  ],
  fields: [
    { name: 'name', label: { zh: '应用名称', en: 'Name' }, kind: 'text' },
    { name: 'code', label: { zh: '应用编码', en: 'Code' }, kind: 'text' },
    { name: 'canLogin', label: { zh: '允许登录', en: 'Login allowed' }, kind: 'switch' },
    { name: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea' },
  ],
  filters: [
    { name: 'keyword', label: { zh: '名称/编码', en: 'Name or code' }, kind: 'keyword' },
    { name: 'canLogin', label: { zh: '允许登录', en: 'Login allowed' }, kind: 'select', options: { values: [
      { value: 1, label: { zh: '是', en: 'Yes' } }, { value: 0, label: { zh: '否', en: 'No' } },
    ] } },
  ],
  rights: { preview: Right.ApplicationPreview, edit: Right.ApplicationEdit },
  scope: { kind: 'global' },
  search: ['name', 'code'],
  unique: ['code'],
  label: 'name',
  defaultSort: 'id',
  createdAt: true,
});
