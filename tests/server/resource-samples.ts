import type { Kysely } from 'kysely';
import { hashPassword } from '../../server/auth/passwords';
import type { DB } from '../../server/db/schema';

/** What the kit's parametrised tests need to know of a resource beyond its definition. */
export interface ResourceSample {
  /**
   * A valid save body; `tag` makes its unique and searchable fields distinct, `orgId` is the
   * organisation of whoever saves it (where the body names one, it must be in their scope).
   */
  valid(tag: string, orgId: number): Record<string, unknown>;
  /** A change of one field for an update: the field and its new value (made from a tag where unique). */
  change: { field: string; value: unknown | ((tag: string) => unknown) };
  /** A body the save schema refuses, and the field the error must name. */
  invalid: { body: Record<string, unknown>; field: string };
  /** Makes a row of another table refer to record `id` (resources with `references`). */
  refer?(db: Kysely<DB>, id: number): Promise<void>;
  /**
   * The row's columns as stored, where they are not the save body's (a password stored as its
   * hash, roles kept in another table): what the rights matrix inserts directly.
   */
  stored?(tag: string, orgId: number): Promise<Record<string, unknown>>;
}

/** A login name from a test tag: its letters and digits kept, every other character as its code. */
export const usernameOf = (tag: string) =>
  `u${[...tag].map((c) => (/[A-Za-z0-9_.-]/.test(c) ? c : (c.codePointAt(0) ?? 0).toString(36))).join('')}`.slice(-32);
const SAMPLE_PASSWORD = 'Sample@2026';

export const RESOURCE_SAMPLES: Record<string, ResourceSample> = {
  t_contacts: {
    valid: (tag) => ({ name: `联系人${tag}`, phone: '021-5555 0000', email: '' }),
    change: { field: 'email', value: 'duty@example.com' },
    invalid: { body: { name: '无联系方式' }, field: 'phone' },
  },
  t_manufactor: {
    valid: (tag) => ({ name: `厂家${tag}`, contact: '张工', phone: '0512-6666 0000' }),
    change: { field: 'contact', value: '李工' },
    invalid: { body: { name: '', contact: 'x' }, field: 'name' },
    async refer(db, id) {
      await db.insertInto('t_device_model').values({
        name: `型号-${id}`, code: `KIT-${id}-${Date.now()}`, device_type_id: 2, manufactor_id: id, created_at: Date.now(),
      }).execute();
    },
  },
  t_industry: {
    valid: (tag) => ({ name: `行业${tag}` }),
    change: { field: 'name', value: (tag: string) => `改名行业${tag}` },
    invalid: { body: { name: '   ' }, field: 'name' },
    async refer(db, id) {
      const org = await db.selectFrom('t_org').select('id')
        .where((eb) => eb.or([eb('industry_id', 'is', null), eb('industry_id', '!=', id)])).orderBy('id').executeTakeFirstOrThrow();
      await db.updateTable('t_org').set({ industry_id: id }).where('id', '=', org.id).execute();
    },
  },
  t_region: {
    valid: (tag) => ({ name: `区域${tag}`, code: `R${tag.replace(/\W/g, '').slice(-20)}`, lng: 121.5, lat: 31.2 }),
    change: { field: 'lat', value: 30.1 },
    invalid: { body: { name: '区域', lat: 91 }, field: 'lat' },
    async refer(db, id) {
      await db.insertInto('t_region').values({ parent_id: id, name: `下级-${id}-${Date.now()}` }).execute();
    },
  },
  t_data_dict: {
    valid: (tag) => ({ dictType: 'kit_test', code: `c${tag.replace(/\W/g, '').slice(-40)}`, label: `字典${tag}`, sortOrder: 5 }),
    change: { field: 'sortOrder', value: 9 },
    invalid: { body: { dictType: 'kit test', code: 'x', label: 'y' }, field: 'dictType' },
  },
  t_application: {
    valid: (tag) => ({ name: `应用${tag}`, code: `app-${tag.replace(/\W/g, '').slice(-40)}`, remark: '', canLogin: 1 }),
    change: { field: 'canLogin', value: 0 },
    invalid: { body: { name: '应用', code: 'has space' }, field: 'code' },
  },
  role: {
    valid: (tag, orgId) => ({ orgId, name: `角色${tag}`, dataScope: 'VDept', remark: '' }),
    change: { field: 'remark', value: '值班角色' },
    invalid: { body: { orgId: 1, name: ' ', dataScope: 'VDept' }, field: 'name' },
    // A user holding the role (each call a new one).
    async refer(db, id) {
      const role = await db.selectFrom('t_role').select('org_id').where('id', '=', id).executeTakeFirstOrThrow();
      const user = await db.insertInto('t_user').values({
        username: `kit-role-${id}-${Date.now()}-${Math.random()}`, password_hash: 'x', org_id: role.org_id!, created_at: Date.now(),
      }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('t_user_role').values({ user_id: user.id, role_id: id }).execute();
    },
  },
  t_org_type_role: {
    valid: (tag) => ({ orgType: 3, name: `类型角色${tag}`, dataScope: 'VOrg', remark: '' }),
    change: { field: 'remark', value: '经销商默认角色' },
    invalid: { body: { orgType: 9, name: '类型角色' }, field: 'orgType' },
  },
  'user-manage': {
    valid: (tag, orgId) => ({ username: usernameOf(tag), nickName: `用户${tag}`, orgId, phone: '', email: '', sex: 0, roleIds: [], password: SAMPLE_PASSWORD }),
    change: { field: 'phone', value: '0512-6666 1234' },
    invalid: { body: { username: 'a b', nickName: '用户', orgId: 1, password: SAMPLE_PASSWORD }, field: 'username' },
    async stored(tag, orgId) {
      return { username: usernameOf(tag), nick_name: `用户${tag}`, org_id: orgId, password_hash: await hashPassword(SAMPLE_PASSWORD) };
    },
  },
  t_org: {
    valid: (tag, orgId) => ({ parentId: orgId, name: `组织${tag}`, code: `O${tag.replace(/\W/g, '').slice(-30)}`, orgType: 3 }),
    change: { field: 'address', value: '苏州工业园区星湖街 1 号' },
    invalid: { body: { name: '组织', code: 'X1', orgType: -1 }, field: 'orgType' },
    async refer(db, id) {
      await db.insertInto('t_role').values({ org_id: id, name: `角色-${id}-${Date.now()}`, created_at: Date.now() }).execute();
    },
  },
  t_org_type: {
    valid: (tag) => ({ name: `类型${tag}`, remark: '' }),
    change: { field: 'remark', value: (tag: string) => `说明${tag}` },
    invalid: { body: { name: '  ' }, field: 'name' },
    // The server numbers a new type; a row made directly takes a number no seeded or added type has.
    async stored(tag) {
      return { name: `类型${tag}`, remark: '', org_type: 9000 + tag.length };
    },
    async refer(db, id) {
      const type = await db.selectFrom('t_org_type').select('org_type').where('id', '=', id).executeTakeFirstOrThrow();
      await db.insertInto('t_org').values({ name: `类型组织-${id}-${Math.random().toString(36).slice(2, 8)}`, code: `OT-${id}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, org_type: type.org_type, created_at: Date.now() }).execute();
    },
  },
  t_device_type: {
    valid: (tag) => ({ name: `类型${tag}` }),
    change: { field: 'name', value: (tag: string) => `改名类型${tag}` },
    invalid: { body: { name: ' ' }, field: 'name' },
    // The server numbers a new type; a row made directly takes a number no seeded or added type has.
    async stored(tag) {
      return { id: 90_000 + tag.length, name: `类型${tag}` };
    },
    async refer(db, id) {
      await db.insertInto('t_device_model').values({
        name: `类型型号-${id}`, code: `KIT-T${id}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, device_type_id: id, created_at: Date.now(),
      }).execute();
    },
  },
  t_device_model: {
    valid: (tag) => ({ name: `型号${tag}`, code: `M${tag.replace(/[^A-Za-z0-9_.-]/g, '').slice(-40)}`, deviceTypeId: 2001, remark: '' }),
    change: { field: 'remark', value: '二代产品' },
    invalid: { body: { name: '型号', code: 'M-1', deviceTypeId: 'DTU' }, field: 'deviceTypeId' },
    // A device of the model (each call a new one).
    async refer(db, id) {
      await db.insertInto('t_device').values({
        name: `型号设备-${id}`, code: `KIT-D${id}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, device_model_id: id,
        device_type_id: 2001, created_at: Date.now(),
      }).execute();
    },
  },
  t_measure_tag_group: {
    valid: (tag) => ({ name: `分组${tag}` }),
    change: { field: 'name', value: (tag: string) => `改名分组${tag}` },
    invalid: { body: { name: '' }, field: 'name' },
    async refer(db, id) {
      const top = await db.selectFrom('t_measure_tag').select((eb) => eb.fn.max('id').as('top')).executeTakeFirstOrThrow();
      const tagId = Math.max(Number(top.top ?? 0) + 1, 50_000);
      await db.insertInto('t_measure_tag').values({ id: tagId, group_id: id, name: `分组标签-${id}-${tagId}` }).execute();
    },
  },
  t_measure_tag: {
    valid: (tag) => ({ groupId: 1, name: `标签${tag}`, unit: 'ppm' }),
    change: { field: 'unit', value: 'mg/m³' },
    invalid: { body: { name: '标签', groupId: 0 }, field: 'groupId' },
    async stored(tag) {
      return { id: 90_000 + tag.length, group_id: 1, name: `标签${tag}`, unit: 'ppm' };
    },
    // A measure point of the first model with the tag.
    async refer(db, id) {
      const model = await db.selectFrom('t_device_model').select('id').orderBy('id').executeTakeFirstOrThrow();
      await db.insertInto('t_measure').values({ device_model_id: model.id, tag_id: id, name: `标签测点-${id}` }).execute();
    },
  },
  t_device_category_scheme: {
    valid: (tag) => ({ name: `方案${tag}` }),
    change: { field: 'name', value: (tag: string) => `改名方案${tag}` },
    invalid: { body: { name: 'x'.repeat(65) }, field: 'name' },
    async refer(db, id) {
      await db.insertInto('t_device_category').values({ scheme_id: id, name: `方案分类-${id}-${Math.random()}` }).execute();
    },
  },
  // The demo's category scheme (标准分类) is the first.
  t_device_category: {
    valid: (tag) => ({ schemeId: 1, name: `分类${tag}` }),
    change: { field: 'name', value: (tag: string) => `改名分类${tag}` },
    invalid: { body: { schemeId: 1, parentId: -3, name: '分类' }, field: 'parentId' },
    // A child category.
    async refer(db, id) {
      const row = await db.selectFrom('t_device_category').select('scheme_id').where('id', '=', id).executeTakeFirstOrThrow();
      await db.insertInto('t_device_category').values({ scheme_id: row.scheme_id, parent_id: id, name: `下级-${id}-${Math.random()}` }).execute();
    },
  },
  // A project of the saver's organisation: its code from the tag (letters and digits kept).
  t_project: {
    valid: (tag, orgId) => ({ name: `项目${tag}`, code: `P${usernameOf(tag)}`, orgId, city: '上海', address: `浦东新区${tag}`, lng: 121.5, lat: 31.2 }),
    change: { field: 'city', value: '苏州' },
    invalid: { body: { name: '项目', code: 'no spaces', orgId: 1 }, field: 'code' },
    // A device of the project.
    async refer(db, id) {
      await db.insertInto('t_device').values({
        name: `项目设备-${id}`, code: `KIT-PD-${id}-${Math.random().toString(36).slice(2)}`, project_id: id, device_model_id: 1, device_type_id: 2, created_at: Date.now(),
      }).execute();
    },
  },
  t_project_group: {
    valid: (tag, orgId) => ({ name: `分组${tag}`, orgId }),
    change: { field: 'name', value: (tag: string) => `改名分组${tag}` },
    invalid: { body: { name: ' ', orgId: 1 }, field: 'name' },
    // A project of the group's organisation in the group.
    async refer(db, id) {
      const group = await db.selectFrom('t_project_group').select('org_id').where('id', '=', id).executeTakeFirstOrThrow();
      const code = `KIT-PG-${id}-${Math.random().toString(36).slice(2)}`;
      await db.insertInto('t_project').values({ name: code, code, org_id: group.org_id, group_id: id, created_at: Date.now() }).execute();
    },
  },
  // Groups of the demo's first model (NV-F600).
  t_measure_group: {
    valid: (tag) => ({ deviceModelId: 1, name: `测点分组${tag}`, sortOrder: 3 }),
    change: { field: 'sortOrder', value: 7 },
    invalid: { body: { deviceModelId: 1, name: ' ' }, field: 'name' },
    // A point of the group's model in the group.
    async refer(db, id) {
      const group = await db.selectFrom('t_measure_group').select('device_model_id').where('id', '=', id).executeTakeFirstOrThrow();
      await db.insertInto('t_measure').values({ device_model_id: group.device_model_id, group_id: id, name: `分组测点-${id}-${Math.random()}`, register_addr: 9000 }).execute();
    },
  },
};
