import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TYPE_LABELS, MEASURE_TAGS } from '../../contract/enums';
import { FIRST_CUSTOM_DEVICE_TYPE, IOT_DEVICE_TYPES } from '../../contract/resources/device-type';
import { FIRST_CUSTOM_MEASURE_TAG } from '../../contract/resources/measure-tag';
import { expectNoChange } from './db-snapshot';
import { type ApiClient, loginAs, startTestServer, type TestServer } from './harness';
import { fileForm, makePng } from './png';

/**
 * The product catalogue of issue 17 beyond what the kit's parametrised suite covers for every
 * resource: SPEC §3's seeded device types and measure tags, the IoT / device-type filters of the
 * product lists, what a device model refers to (type, manufacturer, category, picture) and what
 * refers to it, and the category trees per scheme. `npm run test:pg` runs it on PostgreSQL too.
 */
describe('product catalogue', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  let n = 0;
  const unique = (prefix: string) => `${prefix}${++n}x${Date.now() % 100_000}`;
  type Row = Record<string, unknown> & { id: number; version: number };
  const save = async (resource: string, body: Record<string, unknown>): Promise<Row> => {
    const r = await admin.post(`/api/${resource}/save`, body);
    expect(r.body.error).toBeUndefined();
    return r.body.data;
  };
  const newModel = (extra: Record<string, unknown> = {}) =>
    save('t_device_model', { name: unique('测试型号'), code: unique('TM-'), deviceTypeId: 2001, ...extra });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
  });
  afterAll(async () => { await server?.dispose(); });

  describe('measure tags', () => {
    it('has the twelve tags of SPEC §3 by id, each in a group, with its unit', async () => {
      const rows: Row[] = (await admin.get('/api/t_measure_tag/all')).body.data;
      for (const [id, tag] of Object.entries(MEASURE_TAGS)) {
        expect(rows.find((r) => r.id === Number(id)), id).toMatchObject({ name: tag.name, unit: tag.unit, groupId: expect.any(Number) });
      }
      const groups = (await admin.get('/api/t_measure_tag_group/names')).body.data.map((g: { id: number }) => g.id);
      expect(rows.every((r) => groups.includes(r.groupId))).toBe(true);
    });

    it('never deletes a seeded tag, naming it; edits it', async () => {
      const refused = await expectNoChange(server, () => admin.post('/api/t_measure_tag/del/2'));
      expect([refused.status, refused.body.error]).toEqual([400, '无法删除测点标签“PM2.5”：系统内置的测点标签不能删除']);
      // Even one no measure point has (PM0.3 is not in the demo's models).
      const unused = await expectNoChange(server, () => admin.post('/api/t_measure_tag/del/10'));
      expect([unused.status, unused.body.error]).toEqual([400, expect.stringContaining('“PM0.3”')]);

      const tag = (await admin.get('/api/t_measure_tag/12')).body.data;
      const edited = await save('t_measure_tag', { groupId: tag.groupId, name: tag.name, unit: 'mg/m³', id: 12, version: tag.version });
      expect(edited).toMatchObject({ id: 12, unit: 'mg/m³', version: tag.version + 1 });
      await save('t_measure_tag', { groupId: tag.groupId, name: tag.name, unit: tag.unit, id: 12, version: edited.version });
    });

    it('numbers a new tag from the first custom id on, refuses an unknown group, deletes an unused one', async () => {
      const first = await save('t_measure_tag', { groupId: 1, name: unique('甲醛'), unit: 'mg/m³' });
      const second = await save('t_measure_tag', { groupId: null, name: unique('TVOC'), unit: 'mg/m³' });
      expect(first.id).toBeGreaterThanOrEqual(FIRST_CUSTOM_MEASURE_TAG);
      expect(second.id).toBe(first.id + 1);
      expect(second.groupId).toBeNull();

      const badGroup = await expectNoChange(server, () => admin.post('/api/t_measure_tag/save', { groupId: 999_999, name: unique('臭氧') }));
      expect([badGroup.status, badGroup.body.error]).toEqual([400, 'body.groupId: 标签分组 #999999 不存在']);

      expect((await admin.post(`/api/t_measure_tag/del/${second.id}`)).body).toEqual({ success: true, data: true });
    });

    it('refuses to delete a group that still holds tags, naming how many', async () => {
      const group = await save('t_measure_tag_group', { name: unique('气体') });
      await save('t_measure_tag', { groupId: group.id, name: unique('氨气'), unit: 'ppm' });
      const refused = await expectNoChange(server, () => admin.post(`/api/t_measure_tag_group/del/${group.id}`));
      expect([refused.status, refused.body.error]).toEqual([400, '无法删除标签分组：仍有 1 个测点标签引用它']);
    });
  });

  describe('device types', () => {
    it('has the ten types of SPEC §3 by id, each never deleted', async () => {
      const names = (await admin.get('/api/t_device_type/names')).body.data;
      for (const [id, name] of Object.entries(DEVICE_TYPE_LABELS)) expect(names).toContainEqual({ id: Number(id), name });
      const refused = await expectNoChange(server, () => admin.post('/api/t_device_type/del/1'));
      expect([refused.status, refused.body.error]).toEqual([400, '无法删除设备类型“4G-DTU”：系统内置的设备类型不能删除']);
    });

    it('numbers a new type from the first custom id on and refuses to delete it while a model is of it', async () => {
      const type = await save('t_device_type', { name: unique('风机') });
      expect(type.id).toBeGreaterThanOrEqual(FIRST_CUSTOM_DEVICE_TYPE);
      const model = await newModel({ deviceTypeId: type.id });
      const refused = await expectNoChange(server, () => admin.post(`/api/t_device_type/del/${type.id}`));
      expect([refused.status, refused.body.error]).toEqual([400, '无法删除设备类型：仍有 1 个设备型号引用它']);
      await admin.post(`/api/t_device_model/del/${model.id}`);
      expect((await admin.post(`/api/t_device_type/del/${type.id}`)).body.success).toBe(true);
    });
  });

  describe('device models', () => {
    it('lists the IoT products (iot=1, or deviceTypeId=1,3,4) apart from the others (iot=0)', async () => {
      const all: Row[] = (await admin.get('/api/t_device_model/all')).body.data;
      const iotOf = (rows: Row[]) => rows.map((r) => r.id).sort((a, b) => a - b);
      const expectedIot = iotOf(all.filter((m) => IOT_DEVICE_TYPES.includes(m.deviceTypeId as number)));
      expect(expectedIot.length).toBeGreaterThanOrEqual(3);

      const iot = (await admin.get('/api/t_device_model?Size=200&iot=1')).body.data;
      expect(iotOf(iot.list)).toEqual(expectedIot);
      const byTypes = (await admin.get('/api/t_device_model?Size=200&deviceTypeId=1,3,4')).body.data;
      expect(iotOf(byTypes.list)).toEqual(expectedIot);
      const others = (await admin.get('/api/t_device_model?Size=200&iot=0')).body.data;
      expect(others.list.some((m: Row) => IOT_DEVICE_TYPES.includes(m.deviceTypeId as number))).toBe(false);
      expect(iot.count + others.count).toBe(all.length);
      // One type, and a type within the IoT set.
      const filters = (await admin.get('/api/t_device_model?Size=200&deviceTypeId=2006')).body.data.list;
      expect(filters.length).toBeGreaterThan(0);
      expect(filters.every((m: Row) => m.deviceTypeId === 2006)).toBe(true);
      const gateways = (await admin.get('/api/t_device_model?Size=200&iot=1&deviceTypeId=4')).body.data.list;
      expect(gateways.map((m: Row) => m.deviceTypeId)).toEqual(gateways.map(() => 4));
      expect((await admin.get('/api/t_device_model?iot=0&deviceTypeId=4')).body.data.count).toBe(0);

      for (const [query, field] of [['iot=2', 'iot'], ['iot=yes', 'iot'], ['deviceTypeId=1,,3', 'deviceTypeId'], ['deviceTypeId=DTU', 'deviceTypeId']]) {
        const bad = await admin.get(`/api/t_device_model?${query}`);
        expect([bad.status, bad.body.error], query).toEqual([400, expect.stringMatching(new RegExp(`^query\\.${field}: `))]);
      }
    });

    it('keeps GET /api/t_device_model/names for every signed-in user', async () => {
      const names = (await operator.get('/api/t_device_model/names')).body.data;
      const all: Row[] = (await admin.get('/api/t_device_model/all')).body.data;
      expect(names).toEqual(all.map((m) => ({ id: m.id, name: m.name })));
    });

    it('refuses a device type, manufacturer or category that does not exist, naming the field', async () => {
      const base = { name: unique('型号'), code: unique('X-'), deviceTypeId: 2001 };
      for (const [field, value, text] of [
        ['deviceTypeId', 77, 'body.deviceTypeId: 设备类型 #77 不存在'],
        ['manufactorId', 999_999, 'body.manufactorId: 厂家 #999999 不存在'],
        ['categoryId', 999_999, 'body.categoryId: 产品分类 #999999 不存在'],
      ] as const) {
        const r = await expectNoChange(server, () => admin.post('/api/t_device_model/save', { ...base, [field]: value }));
        expect([r.status, r.body.error]).toEqual([400, text]);
      }
    });

    it('refuses to delete a model its devices and measure points use, naming both with their counts', async () => {
      const db = server.database.db;
      const model = await db.selectFrom('t_device_model').select(['id', 'name']).where('code', '=', 'NV-AP900').executeTakeFirstOrThrow();
      const count = async (table: 't_device' | 't_measure') =>
        Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('device_model_id', '=', model.id).executeTakeFirstOrThrow()).n);
      const [devices, measures] = [await count('t_device'), await count('t_measure')];
      expect(devices).toBeGreaterThan(0);
      const refused = await expectNoChange(server, () => admin.post(`/api/t_device_model/del/${model.id}`));
      expect([refused.status, refused.body.error]).toEqual([400, `无法删除设备型号：仍有 ${devices} 个设备、${measures} 个测点引用它`]);

      // A model with measure points only.
      const fresh = await newModel();
      await db.insertInto('t_measure').values({ device_model_id: fresh.id, name: 'PM2.5', tag_id: 2 }).execute();
      const onlyMeasures = await expectNoChange(server, () => admin.post(`/api/t_device_model/del/${fresh.id}`));
      expect(onlyMeasures.body.error).toBe('无法删除设备型号：仍有 1 个测点引用它');
    });

    it('keeps the device type of a model devices are of (they carry the type too)', async () => {
      const db = server.database.db;
      const model = (await admin.get('/api/t_device_model?keyword=NV-AP900')).body.data.list[0];
      const body = { name: model.name, code: model.code, deviceTypeId: 2001, manufactorId: model.manufactorId, categoryId: model.categoryId,
        picture: model.picture, remark: model.remark, id: model.id, version: model.version };
      const devices = Number((await db.selectFrom('t_device').select((eb) => eb.fn.countAll().as('n')).where('device_model_id', '=', model.id).executeTakeFirstOrThrow()).n);
      const refused = await expectNoChange(server, () => admin.post('/api/t_device_model/save', body));
      expect([refused.status, refused.body.error]).toEqual([400, `body.deviceTypeId: 已有 ${devices} 个设备使用该型号，不能修改设备类型`]);
      // Without devices the type changes.
      const fresh = await newModel();
      expect((await save('t_device_model', { ...fresh, deviceTypeId: 3, createdAt: undefined })).deviceTypeId).toBe(3);
    });

    it('takes a picture uploaded through /api/file and served from this server, nothing else', async () => {
      const upload = await admin.post('/api/file?category=image', fileForm(makePng(4, 3), 'model.png', 'image/png'));
      const picture: string = upload.body.data.path;
      const model = await newModel({ picture });
      expect(model.picture).toBe(picture);
      const image = await fetch(server.url + picture);
      expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);

      const fake = picture.replace(/[a-f0-9]{32}/, 'f'.repeat(32));
      for (const [value, text] of [
        ['https://cdn.example.com/model.png', 'body.picture: picture must be an image uploaded through /api/file'],
        ['//cdn.example.com/api/files/image/x.png', 'body.picture: picture must be an image uploaded through /api/file'],
        ['javascript:alert(1)', 'body.picture: picture must be an image uploaded through /api/file'],
        [`${picture}?x=1`, 'body.picture: picture must be an image uploaded through /api/file'],
        [fake, 'body.picture: 图片不存在，请先通过 /api/file 上传'],
      ]) {
        const r = await expectNoChange(server, () => admin.post('/api/t_device_model/save', { name: unique('图'), code: unique('P-'), deviceTypeId: 2001, picture: value }));
        expect([r.status, r.body.error], value).toEqual([400, text]);
      }
      // Removed again with ''.
      const cleared = await save('t_device_model', { ...model, picture: '', createdAt: undefined });
      expect(cleared.picture).toBe('');
    });
  });

  describe('category trees', () => {
    let schemeA: Row;
    let schemeB: Row;
    beforeAll(async () => {
      schemeA = await save('t_device_category_scheme', { name: unique('按用途') });
      schemeB = await save('t_device_category_scheme', { name: unique('按行业') });
    });
    const category = (schemeId: number, parentId: number | null = null) => save('t_device_category', { schemeId, parentId, name: unique('分类') });

    it('puts a parent only in the same scheme, never a category under itself or below', async () => {
      const top = await category(schemeA.id);
      const child = await category(schemeA.id, top.id);
      const grandchild = await category(schemeA.id, child.id);
      expect(grandchild.parentId).toBe(child.id);

      const across = await expectNoChange(server, () => admin.post('/api/t_device_category/save', { schemeId: schemeB.id, parentId: top.id, name: unique('跨方案') }));
      expect([across.status, across.body.error]).toEqual([400, `body.parentId: 上级分类“${top.name}”属于另一个分类方案`]);
      const cycle = await expectNoChange(server, () => admin.post('/api/t_device_category/save', {
        schemeId: schemeA.id, parentId: grandchild.id, name: top.name, id: top.id, version: top.version,
      }));
      expect([cycle.status, cycle.body.error]).toEqual([400, 'body.parentId: 不能是自身或其下级']);
      const noScheme = await expectNoChange(server, () => admin.post('/api/t_device_category/save', { schemeId: 999_999, name: unique('无方案') }));
      expect([noScheme.status, noScheme.body.error]).toEqual([400, 'body.schemeId: 分类方案 #999999 不存在']);

      // A category with children stays in its scheme; a leaf moves (to the top of the other tree).
      const move = await expectNoChange(server, () => admin.post('/api/t_device_category/save', {
        schemeId: schemeB.id, parentId: null, name: child.name, id: child.id, version: child.version,
      }));
      expect([move.status, move.body.error]).toEqual([400, 'body.schemeId: 该分类下还有 1 个下级分类，不能移到另一个分类方案']);
      const moved = await save('t_device_category', { schemeId: schemeB.id, parentId: null, name: grandchild.name, id: grandchild.id, version: grandchild.version });
      expect([moved.schemeId, moved.parentId]).toEqual([schemeB.id, null]);

      const listed = (await admin.get(`/api/t_device_category?Size=200&schemeId=${schemeA.id}`)).body.data.list.map((r: Row) => r.id);
      expect(listed.sort()).toEqual([top.id, child.id].sort());
    });

    it('refuses to delete a category with children or device models, and a scheme with categories', async () => {
      const top = await category(schemeA.id);
      const child = await category(schemeA.id, top.id);
      const model = await newModel({ categoryId: child.id });
      const withChild = await expectNoChange(server, () => admin.post(`/api/t_device_category/del/${top.id}`));
      expect([withChild.status, withChild.body.error]).toEqual([400, '无法删除产品分类：仍有 1 个下级分类引用它']);
      const withModel = await expectNoChange(server, () => admin.post(`/api/t_device_category/del/${child.id}`));
      expect([withModel.status, withModel.body.error]).toEqual([400, '无法删除产品分类：仍有 1 个设备型号引用它']);
      const scheme = await expectNoChange(server, () => admin.post(`/api/t_device_category_scheme/del/${schemeA.id}`));
      expect(scheme.body.error).toMatch(/^无法删除分类方案：仍有 \d+ 个产品分类引用它$/);

      await admin.post(`/api/t_device_model/del/${model.id}`);
      expect((await admin.post(`/api/t_device_category/del/${child.id}`)).body.success).toBe(true);
      expect((await admin.post(`/api/t_device_category/del/${top.id}`)).body.success).toBe(true);
    });
  });
});

/** A database of the previous release gets the picture column on its next start. */
describe('migration 010: the product picture for existing databases', () => {
  let server: TestServer;
  afterAll(async () => { await server?.dispose(); });

  it('adds t_device_model.picture, empty for every model', async () => {
    server = await startTestServer();
    const db = server.database.db;
    await sql`alter table t_device_model drop column picture`.execute(db);
    await sql`delete from nv_migration where name = '010-product-catalogue'`.execute(db);
    server = await server.restart();
    expect(server.migrations).toEqual(['010-product-catalogue']);
    const pictures = await server.database.db.selectFrom('t_device_model').select('picture').execute();
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.every((p) => p.picture === '')).toBe(true);
  });
});
