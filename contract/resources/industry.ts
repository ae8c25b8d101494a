import { z } from 'zod';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/** An industry (基础数据 › 行业): organisations and projects name one. */
export const Industry = RowBase.extend({ name: z.string() });
export type Industry = z.infer<typeof Industry>;

export const industryResource = defineResource({
  name: 't_industry',
  table: 't_industry',
  title: { zh: '行业', en: 'Industries' },
  noun: { zh: '行业', en: 'industry' },
  row: Industry,
  save: z.object({ name: z.string().trim().min(1, 'name is required').max(64) }),
  filter: KeywordFilter,
  columns: [{ name: 'name', label: { zh: '行业名称', en: 'Name' }, sortable: true }],
  fields: [{ name: 'name', label: { zh: '行业名称', en: 'Name' }, kind: 'text' }],
  filters: [{ name: 'keyword', label: { zh: '名称', en: 'Name' }, kind: 'keyword' }],
  rights: { preview: Right.BaseDataPreview, edit: Right.BaseDataEdit },
  scope: { kind: 'global' },
  search: ['name'],
  unique: ['name'],
  references: [
    { table: 't_org', column: 'industry_id', what: { zh: '组织', en: 'organisations' } },
    { table: 't_project', column: 'industry_id', what: { zh: '项目', en: 'projects' } },
  ],
  label: 'name',
  defaultSort: 'id',
});
