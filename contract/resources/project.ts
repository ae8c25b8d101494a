import { z } from 'zod';
import { Id, QueryId } from '../envelope';
import { Right } from '../rights';
import { KeywordFilter } from './filters';
import { defineResource, RowBase } from './kit';

/** A project code: letters, digits, `_`, `.` and `-` (unique among all projects). */
export const PROJECT_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;

/**
 * A project (项目列表 /nv_project/nv_project_list) as the API answers it. `orgName`, `groupName`
 * and the counts are filled by the family's hooks (a member may see a project of an organisation
 * outside their data scope, whose name no `/names` list of theirs holds).
 */
export const Project = RowBase.extend({
  name: z.string(),
  code: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  groupId: z.number().int().nullable(),
  groupName: z.string(),
  regionId: z.number().int().nullable(),
  industryId: z.number().int().nullable(),
  city: z.string(),
  address: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  remark: z.string(),
  createdBy: z.number().int().nullable(),
  createdAt: z.number(),
  deviceCount: z.number().int(),
  gatewayCount: z.number().int(),
  memberCount: z.number().int(),
});
export type Project = z.infer<typeof Project>;

/**
 * POST /api/t_project/save: a new project (no id) or a change (id with the version read). The
 * organisation must lie in the caller's data scope (on a change, only when it changes: a member
 * may edit a project of another organisation); the group must be one of that organisation's;
 * longitude and latitude are given both or neither.
 */
export const SaveProject = z.object({
  name: z.string().trim().min(1, 'name is required').max(64),
  code: z.string().trim().min(1, 'code is required').max(64).regex(PROJECT_CODE_PATTERN, 'code may hold letters, digits, _, . and -'),
  orgId: Id,
  groupId: Id.nullable().default(null),
  regionId: Id.nullable().default(null),
  industryId: Id.nullable().default(null),
  city: z.string().trim().max(32).default(''),
  address: z.string().trim().max(200).default(''),
  lng: z.number().min(-180).max(180).nullable().default(null),
  lat: z.number().min(-90).max(90).nullable().default(null),
  remark: z.string().trim().max(500).default(''),
});
export type SaveProject = z.output<typeof SaveProject>;

export const ProjectFilter = KeywordFilter.extend({
  orgId: QueryId.optional(),
  groupId: QueryId.optional(),
  regionId: QueryId.optional(),
});

/**
 * `t_project` on the kit: visible to its organisation's users by data scope and to its members
 * (scope `projects`), `project-delete` to delete. The family's own calls (members, devices,
 * gateways, the XML export) are contract/projects.ts, served by server/routes/projects/.
 */
export const projectResource = defineResource({
  name: 't_project',
  table: 't_project',
  title: { zh: '项目', en: 'Projects' },
  noun: { zh: '项目', en: 'project' },
  row: Project,
  save: SaveProject,
  filter: ProjectFilter,
  columns: [
    { name: 'name', label: { zh: '项目名称', en: 'Name' }, sortable: true },
    { name: 'code', label: { zh: '项目编码', en: 'Code' }, sortable: true },
    { name: 'orgName', label: { zh: '所属组织', en: 'Organisation' } },
    { name: 'groupName', label: { zh: '项目分组', en: 'Group' } },
    { name: 'regionId', label: { zh: '区域', en: 'Region' }, kind: 'ref', options: { names: 't_region' } },
    { name: 'city', label: { zh: '城市', en: 'City' }, sortable: true },
    { name: 'deviceCount', label: { zh: '设备', en: 'Devices' }, kind: 'number', width: 72 },
    { name: 'memberCount', label: { zh: '成员', en: 'Members' }, kind: 'number', width: 72 },
    { name: 'createdAt', label: { zh: '创建时间', en: 'Created' }, kind: 'datetime', sortable: true },
  ],
  fields: [
    { name: 'name', label: { zh: '项目名称', en: 'Name' }, kind: 'text' },
    { name: 'code', label: { zh: '项目编码', en: 'Code' }, kind: 'text', help: { zh: '字母、数字、_、. 和 -，全局唯一', en: 'Letters, digits, _, . and -; unique' } },
    { name: 'orgId', label: { zh: '所属组织', en: 'Organisation' }, kind: 'select', options: { names: 't_org' } },
    { name: 'groupId', label: { zh: '项目分组', en: 'Group' }, kind: 'select', options: { names: 't_project_group' },
      help: { zh: '所属组织的分组', en: 'A group of the project\'s organisation' } },
    { name: 'regionId', label: { zh: '区域', en: 'Region' }, kind: 'select', options: { names: 't_region' } },
    { name: 'industryId', label: { zh: '行业', en: 'Industry' }, kind: 'select', options: { names: 't_industry' } },
    { name: 'city', label: { zh: '城市', en: 'City' }, kind: 'text' },
    { name: 'address', label: { zh: '详细地址', en: 'Address' }, kind: 'text' },
    { name: 'lng', label: { zh: '经度', en: 'Longitude' }, kind: 'number' },
    { name: 'lat', label: { zh: '纬度', en: 'Latitude' }, kind: 'number' },
    { name: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea' },
  ],
  filters: [
    { name: 'keyword', label: { zh: '名称/编码/城市', en: 'Name, code or city' }, kind: 'keyword' },
    { name: 'orgId', label: { zh: '组织', en: 'Organisation' }, kind: 'select', options: { names: 't_org' } },
    { name: 'groupId', label: { zh: '分组', en: 'Group' }, kind: 'select', options: { names: 't_project_group' } },
    { name: 'regionId', label: { zh: '区域', en: 'Region' }, kind: 'select', options: { names: 't_region' } },
  ],
  rights: { preview: Right.ProjectPreview, edit: Right.ProjectEdit, delete: Right.ProjectDelete },
  scope: { kind: 'projects', owner: 'orgId' },
  search: ['name', 'code', 'city'],
  unique: ['code'],
  references: [{ table: 't_device', column: 'project_id', what: { zh: '设备', en: 'devices' } }],
  virtual: ['orgName', 'groupName', 'deviceCount', 'gatewayCount', 'memberCount'],
  label: 'name',
  defaultSort: 'id',
  createdAt: true,
});
