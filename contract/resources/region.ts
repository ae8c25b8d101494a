import { z } from 'zod';
import { QueryId } from '../envelope';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/** A region (基础数据 › 区域), a tree by parent: organisations and projects lie in one. */
export const Region = RowBase.extend({
  parentId: z.number().int().nullable(),
  name: z.string(),
  code: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
});
export type Region = z.infer<typeof Region>;

export const SaveRegion = z.object({
  parentId: QueryId.nullable().default(null),
  name: z.string().trim().min(1, 'name is required').max(64),
  code: z.string().trim().max(32).regex(/^[A-Za-z0-9_-]*$/, 'code may hold letters, digits, _ and -').default(''),
  lng: z.number().min(-180).max(180).nullable().default(null),
  lat: z.number().min(-90).max(90).nullable().default(null),
});

export const regionResource = defineResource({
  name: 't_region',
  table: 't_region',
  title: { zh: '区域', en: 'Regions' },
  noun: { zh: '区域', en: 'region' },
  row: Region,
  save: SaveRegion,
  filter: KeywordFilter.extend({ parentId: QueryId.optional() }),
  columns: [
    { name: 'name', label: { zh: '区域名称', en: 'Name' }, sortable: true },
    { name: 'code', label: { zh: '区域编码', en: 'Code' }, sortable: true },
    { name: 'parentId', label: { zh: '上级区域', en: 'Parent' }, kind: 'ref', options: { names: 't_region' } },
    { name: 'lng', label: { zh: '经度', en: 'Longitude' }, kind: 'number' },
    { name: 'lat', label: { zh: '纬度', en: 'Latitude' }, kind: 'number' },
  ],
  fields: [
    { name: 'name', label: { zh: '区域名称', en: 'Name' }, kind: 'text' },
    { name: 'code', label: { zh: '区域编码', en: 'Code' }, kind: 'text' },
    { name: 'parentId', label: { zh: '上级区域', en: 'Parent' }, kind: 'select', options: { names: 't_region' } },
    { name: 'lng', label: { zh: '经度', en: 'Longitude' }, kind: 'number' },
    { name: 'lat', label: { zh: '纬度', en: 'Latitude' }, kind: 'number' },
  ],
  filters: [
    { name: 'keyword', label: { zh: '名称/编码', en: 'Name or code' }, kind: 'keyword' },
    { name: 'parentId', label: { zh: '上级区域', en: 'Parent' }, kind: 'select', options: { names: 't_region' } },
  ],
  rights: { preview: Right.BaseDataPreview, edit: Right.BaseDataEdit },
  scope: { kind: 'global' },
  search: ['name', 'code'],
  unique: [['parentId', 'name']],
  references: [
    { table: 't_region', column: 'parent_id', what: { zh: '下级区域', en: 'child regions' } },
    { table: 't_org', column: 'region_id', what: { zh: '组织', en: 'organisations' } },
    { table: 't_project', column: 'region_id', what: { zh: '项目', en: 'projects' } },
  ],
  label: 'name',
  defaultSort: 'id',
  parent: 'parentId',
});
