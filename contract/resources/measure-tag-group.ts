import { z } from 'zod';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/** A group of measure tags (测点标签分组: 空气质量, 运行参数, 环境, …). */
export const MeasureTagGroupRow = RowBase.extend({ name: z.string() });
export type MeasureTagGroupRow = z.infer<typeof MeasureTagGroupRow>;

export const SaveMeasureTagGroup = z.object({ name: z.string().trim().min(1, 'name is required').max(64) });

/** `t_measure_tag_group`: a global catalogue; a group is deleted only once no tag is in it. */
export const measureTagGroupResource = defineResource({
  name: 't_measure_tag_group',
  table: 't_measure_tag_group',
  title: { zh: '标签分组', en: 'Tag groups' },
  noun: { zh: '标签分组', en: 'tag group' },
  row: MeasureTagGroupRow,
  save: SaveMeasureTagGroup,
  filter: KeywordFilter,
  columns: [{ name: 'name', label: { zh: '分组名称', en: 'Name' }, sortable: true }],
  fields: [{ name: 'name', label: { zh: '分组名称', en: 'Name' }, kind: 'text' }],
  filters: [{ name: 'keyword', label: { zh: '名称', en: 'Name' }, kind: 'keyword' }],
  rights: { preview: Right.ProductPreview, edit: Right.ProductEdit },
  scope: { kind: 'global' },
  search: ['name'],
  unique: ['name'],
  references: [{ table: 't_measure_tag', column: 'group_id', what: { zh: '测点标签', en: 'measure tags' } }],
  label: 'name',
  defaultSort: 'id',
});
