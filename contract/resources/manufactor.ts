import { z } from 'zod';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { OptionalPhone } from './fields';
import { defineResource, RowBase } from './kit';

/** A manufacturer of device models (基础数据 › 厂家). */
export const Manufactor = RowBase.extend({
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
});
export type Manufactor = z.infer<typeof Manufactor>;

export const SaveManufactor = z.object({
  name: z.string().trim().min(1, 'name is required').max(64),
  contact: z.string().trim().max(64).default(''),
  phone: OptionalPhone,
});

/** `t_manufactor`: a global catalogue, referred to by device models. */
export const manufactorResource = defineResource({
  name: 't_manufactor',
  table: 't_manufactor',
  title: { zh: '厂家', en: 'Manufacturers' },
  noun: { zh: '厂家', en: 'manufacturer' },
  row: Manufactor,
  save: SaveManufactor,
  filter: KeywordFilter,
  columns: [
    { name: 'name', label: { zh: '厂家名称', en: 'Name' }, sortable: true },
    { name: 'contact', label: { zh: '联系人', en: 'Contact' }, sortable: true },
    { name: 'phone', label: { zh: '电话', en: 'Phone' } },
  ],
  fields: [
    { name: 'name', label: { zh: '厂家名称', en: 'Name' }, kind: 'text' },
    { name: 'contact', label: { zh: '联系人', en: 'Contact' }, kind: 'text' },
    { name: 'phone', label: { zh: '电话', en: 'Phone' }, kind: 'text' },
  ],
  filters: [{ name: 'keyword', label: { zh: '名称/联系人', en: 'Name or contact' }, kind: 'keyword' }],
  rights: { preview: Right.BaseDataPreview, edit: Right.BaseDataEdit },
  scope: { kind: 'global' },
  search: ['name', 'contact'],
  unique: ['name'],
  references: [{ table: 't_device_model', column: 'manufactor_id', what: { zh: '设备型号', en: 'device models' } }],
  label: 'name',
  defaultSort: 'id',
});
