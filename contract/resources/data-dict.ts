import { z } from 'zod';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/** One item of a data dictionary (基础数据 › 数据字典): a code and its label within a type. */
export const DataDictItem = RowBase.extend({
  dictType: z.string(),
  code: z.string(),
  label: z.string(),
  sortOrder: z.number().int(),
});
export type DataDictItem = z.infer<typeof DataDictItem>;

const code = z.string().trim().min(1, 'is required').max(64).regex(/^[A-Za-z0-9_.-]+$/, 'may hold letters, digits, _, . and -');

export const dataDictResource = defineResource({
  name: 't_data_dict',
  table: 't_data_dict',
  title: { zh: '数据字典', en: 'Data dictionary' },
  noun: { zh: '字典项', en: 'dictionary item' },
  row: DataDictItem,
  save: z.object({
    dictType: code,
    code,
    label: z.string().trim().min(1, 'label is required').max(128),
    sortOrder: z.number().int().min(0).max(100_000).default(0),
  }),
  filter: KeywordFilter.extend({ dictType: z.string().trim().max(64).optional() }),
  columns: [
    { name: 'dictType', label: { zh: '字典类型', en: 'Type' }, sortable: true },
    { name: 'code', label: { zh: '编码', en: 'Code' }, sortable: true },
    { name: 'label', label: { zh: '名称', en: 'Label' }, sortable: true },
    { name: 'sortOrder', label: { zh: '排序', en: 'Order' }, kind: 'number', sortable: true },
  ],
  fields: [
    { name: 'dictType', label: { zh: '字典类型', en: 'Type' }, kind: 'text' },
    { name: 'code', label: { zh: '编码', en: 'Code' }, kind: 'text' },
    { name: 'label', label: { zh: '名称', en: 'Label' }, kind: 'text' },
    { name: 'sortOrder', label: { zh: '排序', en: 'Order' }, kind: 'number' },
  ],
  filters: [
    { name: 'keyword', label: { zh: '编码/名称', en: 'Code or label' }, kind: 'keyword' },
    { name: 'dictType', label: { zh: '字典类型', en: 'Type' }, kind: 'select', options: { values: [
      { value: 'command_error', label: { zh: '命令错误码', en: 'Command errors' } },
      { value: 'upgrade_error', label: { zh: '升级错误码', en: 'Upgrade errors' } },
    ] } },
  ],
  rights: { preview: Right.BaseDataPreview, edit: Right.BaseDataEdit },
  scope: { kind: 'global' },
  search: ['code', 'label'],
  unique: [['dictType', 'code']],
  label: 'label',
  defaultSort: 'sortOrder',
});
