import { z } from 'zod';
import { Id, QueryId } from '../envelope';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/** A project group (项目分组): an organisation's way of sorting its projects. */
export const ProjectGroup = RowBase.extend({
  name: z.string(),
  orgId: z.number().int(),
  /** How many projects are in it (the family's hooks). */
  projectCount: z.number().int(),
});
export type ProjectGroup = z.infer<typeof ProjectGroup>;

export const SaveProjectGroup = z.object({
  name: z.string().trim().min(1, 'name is required').max(64),
  orgId: Id,
});

/**
 * `t_project_group` on the kit (/nv_project/nv_project_group): groups of the organisations in the
 * caller's data scope; a new group belongs to the organisation it names (in that scope). A group
 * with projects is not deleted (the projects name it).
 */
export const projectGroupResource = defineResource({
  name: 't_project_group',
  table: 't_project_group',
  title: { zh: '项目分组', en: 'Project groups' },
  noun: { zh: '项目分组', en: 'project group' },
  row: ProjectGroup,
  save: SaveProjectGroup,
  filter: KeywordFilter.extend({ orgId: QueryId.optional() }),
  columns: [
    { name: 'name', label: { zh: '分组名称', en: 'Name' }, sortable: true },
    { name: 'orgId', label: { zh: '所属组织', en: 'Organisation' }, kind: 'ref', options: { names: 't_org' } },
    { name: 'projectCount', label: { zh: '项目数', en: 'Projects' }, kind: 'number' },
  ],
  fields: [
    { name: 'name', label: { zh: '分组名称', en: 'Name' }, kind: 'text' },
    { name: 'orgId', label: { zh: '所属组织', en: 'Organisation' }, kind: 'select', options: { names: 't_org' } },
  ],
  filters: [
    { name: 'keyword', label: { zh: '分组名称', en: 'Name' }, kind: 'keyword' },
    { name: 'orgId', label: { zh: '组织', en: 'Organisation' }, kind: 'select', options: { names: 't_org' } },
  ],
  rights: { preview: Right.ProjectPreview, edit: Right.ProjectEdit },
  scope: { kind: 'org', owner: 'orgId' },
  search: ['name'],
  unique: [['orgId', 'name']],
  references: [{ table: 't_project', column: 'group_id', what: { zh: '项目', en: 'projects' } }],
  virtual: ['projectCount'],
  label: 'name',
  defaultSort: 'id',
});
