import { z } from 'zod';
import { Id, QueryId } from '../envelope';
import { Right } from '../rights';
import { NewPassword } from '../session';
import { OptionalPhone } from './fields';
import { KeywordFilter } from './filters';
import { defineResource, RemovedFilter, RowBase } from './kit';

/** A login name: 3–32 letters, digits, `_`, `-` or `.` (trimmed). */
export const Username = z.string().trim()
  .min(3, 'username must be 3 to 32 characters').max(32, 'username must be 3 to 32 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'username may hold letters, digits, _, - and .');

/** Role ids of a user: each once, in ascending order (so an unchanged set reads unchanged). */
export const RoleIds = z.array(Id).max(100).transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

export const SEX_OPTIONS = [
  { value: 0, label: { zh: '未知', en: 'Unknown' } },
  { value: 1, label: { zh: '男', en: 'Male' } },
  { value: 2, label: { zh: '女', en: 'Female' } },
] as const;

/**
 * A user account (用户管理) as the list and `/{id}` answer it: never its password hash. `locked`
 * (a lock after failed logins still running), `roleIds` and `roles` are not columns of t_user:
 * the family's hooks fill them (virtual).
 */
export const User = RowBase.extend({
  username: z.string(),
  nickName: z.string(),
  orgId: z.number().int(),
  phone: z.string(),
  email: z.string(),
  sex: z.number().int(),
  wxOpenId: z.string(),
  appOpenId: z.string(),
  isSuper: z.number().int(),
  isGuest: z.number().int(),
  disabled: z.number().int(),
  locked: z.boolean(),
  createdAt: z.number(),
  deletedAt: z.number().nullable(),
  roleIds: z.array(z.number().int()),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type User = z.infer<typeof User>;

/**
 * `t_user`, the 用户管理 page: organisation-scoped (a user is created in an organisation of the
 * caller's scope), unique login name (a removed user keeps it), removal to the 回收站 instead of
 * deletion. `password` is given on insert only (the NewPassword rule) and never logged; `roleIds`
 * is written to t_user_role by the family's hooks (server/routes/user-manage/user-hooks.ts), which
 * also hold the rules of who may give which role.
 */
export const userResource = defineResource({
  name: 'user-manage',
  table: 't_user',
  title: { zh: '用户管理', en: 'Users' },
  noun: { zh: '用户', en: 'user' },
  row: User,
  save: z.object({
    username: Username,
    nickName: z.string().trim().min(1, 'nickName is required').max(64),
    orgId: Id,
    phone: OptionalPhone,
    email: z.union([z.literal(''), z.string().trim().email().max(128)]).default(''),
    sex: z.number().int().min(0).max(2).default(0),
    /** Left out of an update: the roles stay as they are. */
    roleIds: RoleIds.optional(),
    /** Required on insert; given on an update, it replaces the password and the user's other sessions end. */
    password: NewPassword.optional(),
  }),
  filter: KeywordFilter.extend({
    orgId: QueryId.optional(),
    disabled: z.coerce.number().int().min(0).max(1).optional(),
  }).extend(RemovedFilter.shape),
  columns: [
    { name: 'username', label: { zh: '用户名', en: 'Username' }, sortable: true },
    { name: 'nickName', label: { zh: '昵称', en: 'Nickname' }, sortable: true },
    { name: 'orgId', label: { zh: '所属组织', en: 'Organisation' }, kind: 'ref', options: { names: 't_org' } },
    { name: 'roles', label: { zh: '角色', en: 'Roles' }, kind: 'list' },
    { name: 'phone', label: { zh: '电话', en: 'Phone' } },
    { name: 'email', label: { zh: '邮箱', en: 'Email' } },
    { name: 'disabled', label: { zh: '已禁用', en: 'Disabled' }, kind: 'switch', sortable: true },
    { name: 'locked', label: { zh: '已锁定', en: 'Locked' }, kind: 'switch' },
    { name: 'createdAt', label: { zh: '创建时间', en: 'Created' }, kind: 'datetime', sortable: true },
  ],
  fields: [
    { name: 'username', label: { zh: '用户名', en: 'Username' }, kind: 'text',
      help: { zh: '3–32 位字母、数字、_、- 或 .', en: '3–32 letters, digits, _, - or .' } },
    { name: 'nickName', label: { zh: '昵称', en: 'Nickname' }, kind: 'text' },
    { name: 'password', label: { zh: '密码', en: 'Password' }, kind: 'password', insertOnly: true,
      help: { zh: '至少 8 位，须含字母和数字', en: 'At least 8 characters with a letter and a digit' } },
    { name: 'orgId', label: { zh: '所属组织', en: 'Organisation' }, kind: 'select', options: { names: 't_org' } },
    { name: 'roleIds', label: { zh: '角色', en: 'Roles' }, kind: 'multiselect',
      help: { zh: '所属组织及其上级组织的角色', en: 'Roles of the organisation and the organisations above it' } },
    { name: 'phone', label: { zh: '电话', en: 'Phone' }, kind: 'text' },
    { name: 'email', label: { zh: '邮箱', en: 'Email' }, kind: 'text' },
    { name: 'sex', label: { zh: '性别', en: 'Sex' }, kind: 'select', options: { values: SEX_OPTIONS } },
  ],
  filters: [
    { name: 'keyword', label: { zh: '用户名/昵称/电话', en: 'Username, nickname or phone' }, kind: 'keyword' },
    { name: 'orgId', label: { zh: '所属组织', en: 'Organisation' }, kind: 'select', options: { names: 't_org' } },
    { name: 'disabled', label: { zh: '状态', en: 'State' }, kind: 'select', options: { values: [
      { value: 0, label: { zh: '正常', en: 'Enabled' } }, { value: 1, label: { zh: '已禁用', en: 'Disabled' } },
    ] } },
    { name: 'removed', label: { zh: '回收站', en: 'Recycle bin' }, kind: 'select', options: { values: [
      { value: 1, label: { zh: '已移出的用户', en: 'Removed users' } },
    ] } },
  ],
  rights: { preview: Right.UserPreview, edit: Right.UserEdit, delete: Right.UserDelete },
  scope: { kind: 'org', owner: 'orgId' },
  search: ['username', 'nickName', 'phone'],
  unique: ['username'],
  secret: ['password'],
  label: 'nickName',
  defaultSort: 'id',
  createdAt: true,
  virtual: ['locked', 'roleIds', 'roles'],
  softDelete: 'deletedAt',
});
