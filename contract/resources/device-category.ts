import { z } from 'zod';
import { Id, QueryId } from '../envelope';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/**
 * A product category (产品分类): a tree per category scheme. A parent lies in the same scheme (the
 * server refuses one of another), a category never goes under itself or below, one with children
 * stays in its scheme, and one with children or device models is not deleted.
 */
export const DeviceCategoryRow = RowBase.extend({
  schemeId: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
});
export type DeviceCategoryRow = z.infer<typeof DeviceCategoryRow>;

export const SaveDeviceCategory = z.object({
  schemeId: Id,
  parentId: Id.nullable().default(null),
  name: z.string().trim().min(1, 'name is required').max(64),
});

export const deviceCategoryResource = defineResource({
  name: 't_device_category',
  table: 't_device_category',
  title: { zh: '产品分类', en: 'Product categories' },
  noun: { zh: '产品分类', en: 'category' },
  row: DeviceCategoryRow,
  save: SaveDeviceCategory,
  filter: KeywordFilter.extend({ schemeId: QueryId.optional(), parentId: QueryId.optional() }),
  columns: [
    { name: 'name', label: { zh: '分类名称', en: 'Name' }, sortable: true },
    { name: 'schemeId', label: { zh: '分类方案', en: 'Scheme' }, kind: 'ref', options: { names: 't_device_category_scheme' }, sortable: true },
    { name: 'parentId', label: { zh: '上级分类', en: 'Parent' }, kind: 'ref', options: { names: 't_device_category' } },
  ],
  fields: [
    { name: 'schemeId', label: { zh: '分类方案', en: 'Scheme' }, kind: 'select', options: { names: 't_device_category_scheme' } },
    { name: 'parentId', label: { zh: '上级分类', en: 'Parent' }, kind: 'select', options: { names: 't_device_category' },
      help: { zh: '须属于同一分类方案；不选则为顶级分类', en: 'Of the same scheme; none for a top-level category' } },
    { name: 'name', label: { zh: '分类名称', en: 'Name' }, kind: 'text' },
  ],
  filters: [
    { name: 'keyword', label: { zh: '名称', en: 'Name' }, kind: 'keyword' },
    { name: 'schemeId', label: { zh: '分类方案', en: 'Scheme' }, kind: 'select', options: { names: 't_device_category_scheme' } },
  ],
  rights: { preview: Right.ProductPreview, edit: Right.ProductEdit },
  scope: { kind: 'global' },
  search: ['name'],
  unique: [['schemeId', 'parentId', 'name']],
  references: [
    { table: 't_device_category', column: 'parent_id', what: { zh: '下级分类', en: 'child categories' } },
    { table: 't_device_model', column: 'category_id', what: { zh: '设备型号', en: 'device models' } },
  ],
  label: 'name',
  defaultSort: 'id',
  parent: 'parentId',
});
