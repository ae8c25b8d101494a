import { z } from 'zod';
import { MAX_DB_INT } from '../envelope';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/** A group of a device model's measure points (测点分组): how the register table is sectioned. */
export const MeasureGroup = RowBase.extend({
  deviceModelId: z.number().int(),
  name: z.string(),
  sortOrder: z.number().int(),
});
export type MeasureGroup = z.infer<typeof MeasureGroup>;

/**
 * `t_measure_group`: groups belong to one model (a save cannot move a group to another model;
 * server/routes/measures/measure-group-hooks.ts checks the model exists). Names are unique within
 * a model; a group with points cannot be deleted.
 */
export const measureGroupResource = defineResource({
  name: 't_measure_group',
  table: 't_measure_group',
  title: { zh: '测点分组', en: 'Measure groups' },
  noun: { zh: '测点分组', en: 'measure group' },
  row: MeasureGroup,
  save: z.object({
    /** Required for a new group; an update may leave it out (it cannot change). */
    deviceModelId: z.number().int().positive().max(MAX_DB_INT).optional(),
    name: z.string().trim().min(1, 'name is required').max(64),
    sortOrder: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  }),
  filter: KeywordFilter.extend({ deviceModelId: z.coerce.number().int().positive().max(MAX_DB_INT).optional() }),
  columns: [
    { name: 'name', label: { zh: '分组名称', en: 'Name' }, sortable: true },
    { name: 'deviceModelId', label: { zh: '产品型号', en: 'Device model' }, kind: 'ref', options: { names: 't_device_model' } },
    { name: 'sortOrder', label: { zh: '排序', en: 'Order' }, kind: 'number', sortable: true },
  ],
  fields: [
    { name: 'deviceModelId', label: { zh: '产品型号', en: 'Device model' }, kind: 'select', options: { names: 't_device_model' }, insertOnly: true },
    { name: 'name', label: { zh: '分组名称', en: 'Name' }, kind: 'text' },
    { name: 'sortOrder', label: { zh: '排序', en: 'Order' }, kind: 'number' },
  ],
  filters: [
    { name: 'keyword', label: { zh: '分组名称', en: 'Name' }, kind: 'keyword' },
    { name: 'deviceModelId', label: { zh: '产品型号', en: 'Device model' }, kind: 'select', options: { names: 't_device_model' } },
  ],
  rights: { preview: Right.ProductPreview, edit: Right.ProductEdit },
  scope: { kind: 'global' },
  search: ['name'],
  unique: [['deviceModelId', 'name']],
  references: [{ table: 't_measure', column: 'group_id', what: { zh: '测点', en: 'measure points' } }],
  label: 'name',
  defaultSort: 'sortOrder',
});
