import { z } from 'zod';
import { Id, QueryId } from '../envelope';
import { MEASURE_TAGS } from '../enums';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/**
 * A measure tag (测点标签): what a measure point means (PM2.5, resistance, …), whatever a model
 * calls it; analysis and the big screens find points by it. The twelve tags of SPEC §3 are seeded
 * with their ids and can be edited but never deleted; tags an administrator adds are numbered by
 * the server from {@link FIRST_CUSTOM_MEASURE_TAG} on and deleted while no measure point has them.
 */
export const MeasureTagRow = RowBase.extend({
  groupId: z.number().int().nullable(),
  name: z.string(),
  unit: z.string(),
});
export type MeasureTagRow = z.infer<typeof MeasureTagRow>;

export const SaveMeasureTag = z.object({
  groupId: Id.nullable().default(null),
  name: z.string().trim().min(1, 'name is required').max(64),
  unit: z.string().trim().max(16).default(''),
});

/** The seeded tags of SPEC §3 (1–12): never deleted. */
export const BUILT_IN_MEASURE_TAGS: readonly number[] = Object.keys(MEASURE_TAGS).map(Number);

/** The first id of a tag an administrator adds (clear of SPEC §3's 1–12 and any it may add). */
export const FIRST_CUSTOM_MEASURE_TAG = 1001;

export const measureTagResource = defineResource({
  name: 't_measure_tag',
  table: 't_measure_tag',
  title: { zh: '测点标签', en: 'Measure tags' },
  noun: { zh: '测点标签', en: 'measure tag' },
  row: MeasureTagRow,
  save: SaveMeasureTag,
  filter: KeywordFilter.extend({ groupId: QueryId.optional() }),
  columns: [
    { name: 'id', label: { zh: '标签编号', en: 'Number' }, kind: 'number', sortable: true, width: 120 },
    { name: 'name', label: { zh: '标签名称', en: 'Name' }, sortable: true },
    { name: 'groupId', label: { zh: '分组', en: 'Group' }, kind: 'ref', options: { names: 't_measure_tag_group' }, sortable: true },
    { name: 'unit', label: { zh: '单位', en: 'Unit' } },
  ],
  fields: [
    { name: 'name', label: { zh: '标签名称', en: 'Name' }, kind: 'text' },
    { name: 'groupId', label: { zh: '分组', en: 'Group' }, kind: 'select', options: { names: 't_measure_tag_group' } },
    { name: 'unit', label: { zh: '单位', en: 'Unit' }, kind: 'text' },
  ],
  filters: [
    { name: 'keyword', label: { zh: '名称/单位', en: 'Name or unit' }, kind: 'keyword' },
    { name: 'groupId', label: { zh: '分组', en: 'Group' }, kind: 'select', options: { names: 't_measure_tag_group' } },
  ],
  rights: { preview: Right.ProductPreview, edit: Right.ProductEdit },
  scope: { kind: 'global' },
  search: ['name', 'unit'],
  unique: ['name'],
  references: [{ table: 't_measure', column: 'tag_id', what: { zh: '测点', en: 'measure points' } }],
  label: 'name',
  defaultSort: 'id',
});
