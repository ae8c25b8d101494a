import { z } from 'zod';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/** A category scheme (分类方案): one tree of product categories (t_device_category) per scheme. */
export const DeviceCategorySchemeRow = RowBase.extend({ name: z.string() });
export type DeviceCategorySchemeRow = z.infer<typeof DeviceCategorySchemeRow>;

export const SaveDeviceCategoryScheme = z.object({ name: z.string().trim().min(1, 'name is required').max(64) });

/** `t_device_category_scheme`: a global catalogue; a scheme is deleted only once it has no category. */
export const deviceCategorySchemeResource = defineResource({
  name: 't_device_category_scheme',
  table: 't_device_category_scheme',
  title: { zh: '分类方案', en: 'Category schemes' },
  noun: { zh: '分类方案', en: 'category scheme' },
  row: DeviceCategorySchemeRow,
  save: SaveDeviceCategoryScheme,
  filter: KeywordFilter,
  columns: [{ name: 'name', label: { zh: '方案名称', en: 'Name' }, sortable: true }],
  fields: [{ name: 'name', label: { zh: '方案名称', en: 'Name' }, kind: 'text' }],
  filters: [{ name: 'keyword', label: { zh: '名称', en: 'Name' }, kind: 'keyword' }],
  rights: { preview: Right.ProductPreview, edit: Right.ProductEdit },
  scope: { kind: 'global' },
  search: ['name'],
  unique: ['name'],
  references: [{ table: 't_device_category', column: 'scheme_id', what: { zh: '产品分类', en: 'categories' } }],
  label: 'name',
  defaultSort: 'id',
});
