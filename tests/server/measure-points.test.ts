import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConditionType } from '../../contract/conditions';
import { MeasureTag } from '../../contract/enums';
import type { MeasureProblem } from '../../contract/measure-points';
import type { MeasurePoint, RegisterTable } from '../../contract/resources/measure';
import { Right } from '../../contract/rights';
import { hashPassword } from '../../server/auth/passwords';
import type { DB } from '../../server/db/schema';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type ApiResponse, type TestServer } from './harness';
import { createDevice } from './telemetry-fixtures';

type Row = Record<string, unknown>;

/** A 40-row register table: PM points, then a run of 16-bit status words and one String serial number. */
function fortyRows(): Row[] {
  const rows: Row[] = [
    { name: 'PM2.5', tagId: MeasureTag.PM25, unit: 'μg/m³', registerAddr: 0, minValue: 0, maxValue: 500, groupName: '环境' },
    { name: 'PM10', tagId: MeasureTag.PM10, unit: 'μg/m³', registerAddr: 2, groupName: '环境' },
    { name: '温度', tagId: MeasureTag.Temperature, registerAddr: 4, conditionType: ConditionType.LtOrGt, conditionVal1: 10, conditionVal2: 35, alarmEnabled: 1, groupName: '环境' },
    { name: '湿度', tagId: MeasureTag.Humidity, registerAddr: 6, groupName: '环境' },
    { name: '总电能', tagId: MeasureTag.TotalEnergy, dataType: 'Double', registerAddr: 8, groupName: '电能' },
    { name: '故障字', dataType: 'UInt16', measureType: 1, decimals: 0, modbusCode: 4, registerAddr: 0,
      conditionType: ConditionType.Bitwise, alarmEnabled: 1, warnLevel: 2, printf: '0:滤网堵塞;1:风机故障' },
    { name: '序列号', dataType: 'String', length: 8, modbusCode: 4, registerAddr: 1 },
    { name: '风机启停', dataType: 'Boolean', modbusCode: 1, registerAddr: 0, access: 2, decimals: 0 },
  ];
  for (let i = rows.length; i < 40; i++) {
    rows.push({ name: `状态${i}`, dataType: 'UInt16', decimals: 0, registerAddr: 100 + i, access: i % 3, printf: i % 2 ? '' : 'x / 10' });
  }
  return rows;
}

describe('measure points: register tables, printf, measure rights', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  let db: Kysely<DB>;
  let models = 0;

  const newModel = async (code = `MP-${++models}`) => (await db.insertInto('t_device_model').values({
    name: `测点测试 ${code}`, code, device_type_id: 2001, created_at: Date.now(),
  }).returning('id').executeTakeFirstOrThrow()).id;
  const table = async (modelId: number): Promise<RegisterTable> => {
    const r = await admin.get(`/api/t_device_model_measure?deviceModelId=${modelId}`);
    expect(r.status).toBe(200);
    return r.body.data;
  };
  const batch = (api: ApiClient, deviceModelId: number, rows: Row[], removeIds: number[] = []) =>
    api.post('/api/t_device_model_measure/batchSave', { deviceModelId, rows, removeIds });
  /** The stored points as rows that keep them as they are. */
  const asRows = (points: MeasurePoint[]): Row[] => points.map(({ deviceModelId: _m, ...p }) => p);
  const problems = (r: ApiResponse): MeasureProblem[] => r.body.data?.problems ?? [];
  const brief = (r: ApiResponse) => problems(r).map((p) => [p.row, p.field, p.code]);
  const refused = async (send: () => Promise<ApiResponse>, status = 400) => {
    const r = await expectNoChange(server, send);
    expect({ status: r.status, success: r.body.success }).toEqual({ status, success: false });
    return r;
  };

  beforeAll(async () => {
    server = await startTestServer();
    db = server.database.db;
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
  });
  afterAll(async () => { await server?.dispose(); });

  it('reads a model\'s register table with its groups; an unknown model is 404', async () => {
    const s200 = await db.selectFrom('t_device_model').select('id').where('code', '=', 'NV-S200').executeTakeFirstOrThrow();
    const t = await table(s200.id);
    expect(t.model).toMatchObject({ id: s200.id, code: 'NV-S200', deviceTypeId: 2001 });
    expect(t.groups.map((g) => g.name)).toEqual(['默认分组']);
    expect(t.points.map((p) => p.name)).toEqual(['PM2.5', 'PM10', 'PM1', '温度', '湿度', '硫化氢', '二氧化硫']);
    expect(t.points[0]).toMatchObject({
      dataType: 'Float', length: null, modbusCode: 3, registerAddr: 0, access: 0, tagId: MeasureTag.PM25, groupId: t.groups[0].id,
      conditionType: ConditionType.Gte, conditionVal1: 75, conditionVal2: null, alarmEnabled: 1, version: 1,
    });
    // The seeded tables keep every rule: saved back unchanged, nothing moves.
    const same = await batch(admin, s200.id, asRows(t.points));
    expect(same.body.data).toMatchObject({ inserted: 0, updated: 0, unchanged: 7, removed: [] });
    expect((await admin.get('/api/t_device_model_measure?deviceModelId=999999')).status).toBe(404);
    expect((await admin.get('/api/t_device_model_measure')).body.error).toMatch(/^query\.deviceModelId: /);
    const list = await admin.get(`/api/t_measure?deviceModelId=${s200.id}&keyword=pm1&Page=1&Size=1`);
    expect(list.body.data.count).toBe(2);
    expect(list.body.data.list.map((p: MeasurePoint) => p.name)).toEqual(['PM10']);
    expect((await admin.get(`/api/t_measure/${t.points[1].id}`)).body.data).toEqual(t.points[1]);
    expect((await admin.get('/api/t_measure/999999')).status).toBe(404);
  });

  it('batchSave: a 40-row table with two bad rows writes nothing and reports both; fixed, it writes all', async () => {
    const modelId = await newModel();
    const rows = fortyRows();
    rows[12] = { ...rows[12], registerAddr: 111 }; // 状态12 over 状态11
    rows[30] = { ...rows[30], conditionType: ConditionType.GtAndLt, conditionVal1: 5 }; // a range without its second value
    const r = await refused(() => batch(admin, modelId, rows));
    expect(brief(r)).toEqual([[30, 'conditionVal2', 'condition.val2'], [12, 'registerAddr', 'register.overlap']]);
    expect(r.body.error).toBe('body.rows.30.conditionVal2: 范围条件需要条件值2（数字）（共 2 处问题）');
    expect(problems(r)[1].message).toBe('功能码 3 寄存器重叠：「状态12」（第 13 行）占 111，「状态11」（第 12 行）占 111');
    expect(problems(r)[1].messageEn).toMatch(/"状态12" \(row 13\) takes 111, "状态11" \(row 12\) takes 111/);

    const fixed = fortyRows();
    const ok = await batch(admin, modelId, fixed);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ inserted: 40, updated: 0, unchanged: 0, removed: [] });
    const t = await table(modelId);
    expect(t.points.map((p) => p.name)).toEqual(fixed.map((f) => f.name));
    expect(t.points.map((p) => p.sortOrder)).toEqual(fixed.map((_f, i) => i));
    expect(t.groups.map((g) => g.name)).toEqual(['环境', '电能']);
    const byName = new Map(t.points.map((p) => [p.name, p]));
    expect(byName.get('PM2.5')!.groupId).toBe(t.groups[0].id);
    expect(byName.get('序列号')).toMatchObject({ dataType: 'String', length: 8, decimals: 0 });
    expect(byName.get('故障字')!.printf).toBe('{"0":"滤网堵塞","1":"风机故障"}');
    const log = await db.selectFrom('t_history_log').selectAll().where('target', 'like', `t_device_model#${modelId} %`).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'edit', username: 'admin' });
    expect(JSON.parse(log[0].detail).registerTable.added).toHaveLength(40);
  });

  it('batchSave refuses every rule through the API, naming the row and field, and writes nothing', async () => {
    const modelId = await newModel();
    const otherModel = await newModel();
    const otherGroup = await db.insertInto('t_measure_group').values({ device_model_id: otherModel, name: '别的' }).returning('id').executeTakeFirstOrThrow();
    const otherPoint = await db.insertInto('t_measure').values({ device_model_id: otherModel, name: '别的' }).returning('id').executeTakeFirstOrThrow();
    const good = (): Row[] => [{ name: 'A', registerAddr: 0 }, { name: 'B', registerAddr: 2 }];
    const cases: [change: (rows: Row[]) => void, expected: [number | null, string, string][]][] = [
      [(rows) => { rows[1].registerAddr = 65536; }, [[1, 'registerAddr', 'range']]],
      [(rows) => { rows[1].registerAddr = 65535; }, [[1, 'registerAddr', 'register.width']]],
      [(rows) => { Object.assign(rows[1], { dataType: 'String', length: 0 }); }, [[1, 'length', 'range']]],
      [(rows) => { rows[1].dataType = 'Int64'; }, [[1, 'dataType', 'one_of']]],
      [(rows) => { Object.assign(rows[1], { modbusCode: 4, access: 2 }); }, [[1, 'access', 'code.access']]],
      [(rows) => { Object.assign(rows[1], { modbusCode: 2, dataType: 'Boolean', access: 1 }); }, [[1, 'access', 'code.access']]],
      [(rows) => { rows[1].modbusCode = 1; }, [[1, 'dataType', 'code.dataType']]],
      [(rows) => { rows[1].registerAddr = 1; }, [[1, 'registerAddr', 'register.overlap']]],
      [(rows) => { rows[1].name = 'A'; }, [[1, 'name', 'name.duplicate']]],
      [(rows) => { Object.assign(rows[1], { conditionType: ConditionType.Gt, conditionVal1: '75' }); }, [[1, 'conditionVal1', 'number']]],
      [(rows) => { Object.assign(rows[1], { conditionType: ConditionType.Gt, alarmEnabled: 1 }); }, [[1, 'conditionVal1', 'condition.val1']]],
      [(rows) => { Object.assign(rows[1], { conditionType: ConditionType.LteOrGte, conditionVal1: 80, conditionVal2: 20 }); }, [[1, 'conditionVal2', 'condition.order']]],
      [(rows) => { rows[1].alarmEnabled = 1; }, [[1, 'conditionType', 'condition.required']]],
      [(rows) => { rows[1].tagId = 9999; }, [[1, 'tagId', 'tag.unknown']]],
      [(rows) => { rows[1].groupId = otherGroup.id; }, [[1, 'groupId', 'group.unknown']]],
      [(rows) => { Object.assign(rows[1], { id: otherPoint.id, version: 1 }); }, [[1, 'id', 'id.unknown']]],
      [(rows) => { rows[1].printf = 'x > 1 ? "高" : '; }, [[1, 'printf', 'printf']]],
      [(rows) => { rows[1].bogus = 1; }, [[1, 'bogus', 'unknown_field']]],
      [(rows) => { rows[1] = 'B' as never; }, [[1, '', 'object']]],
    ];
    for (const [change, expected] of cases) {
      const rows = good();
      change(rows);
      const r = await refused(() => batch(admin, modelId, rows));
      expect({ rows, problems: brief(r) }).toEqual({ rows, problems: expected });
      expect(r.body.error).toMatch(new RegExp(`^body\\.rows\\.1${expected[0][1] ? `\\.${expected[0][1]}` : ''}: `));
    }
    // The printf problem carries the character position.
    const rows = good();
    rows[1].printf = 'x > 1 ? "高" : ';
    const printf = problems(await batch(admin, modelId, rows))[0];
    expect(printf).toMatchObject({ position: 13, messageEn: 'formula error at character 14: unexpected end of expression' });

    // Deletion is explicit: a stored point neither kept nor listed for removal is a problem.
    expect((await batch(admin, modelId, good())).status).toBe(200);
    const [a, b] = (await table(modelId)).points;
    const dropped = await refused(() => batch(admin, modelId, [asRows([a])[0]]));
    expect(brief(dropped)).toEqual([[null, 'removeIds', 'table.missing']]);
    expect(dropped.body.error).toBe(`body.removeIds: 测点「B」（id ${b.id}）既不在表中，也不在 removeIds 中`);
    expect(brief(await refused(() => batch(admin, modelId, asRows([a, b]), [b.id, otherPoint.id])))).toEqual([
      [1, 'id', 'remove.inRows'], [null, 'removeIds', 'remove.unknown'],
    ]);
    expect(brief(await refused(() => batch(admin, modelId, [...asRows([a, b]), asRows([a])[0]])))).toEqual([
      [2, 'id', 'id.duplicate'], [2, 'name', 'name.duplicate'], [2, 'registerAddr', 'register.overlap'],
    ]);
    // The body itself: unknown model 404, too many rows 400.
    expect((await refused(() => batch(admin, 999999, good()), 404)).body.error).toBe('产品型号不存在');
    expect((await refused(() => batch(admin, modelId, Array.from({ length: 2001 }, () => ({}))))).body.error).toMatch(/^body\.rows: /);
  });

  it('batchSave changes, keeps and removes points; a point with history is removed with it; stale versions are 409', async () => {
    const modelId = await newModel();
    await batch(admin, modelId, fortyRows());
    const before = await table(modelId);
    const pm25 = before.points[0];
    const removed = before.points.slice(38);
    // History for a point that goes: values, an alarm, a role's right and a device override.
    const deviceId = await createDevice(db, modelId, `MP-DEV-${modelId}`);
    await db.insertInto('t_history_measure').values({ device_id: deviceId, measure_id: removed[0].id, ts: Date.now(), value: 1 }).execute();
    await db.insertInto('t_real_measure').values({ device_id: deviceId, measure_id: removed[0].id, value: 1, ts: Date.now() }).execute();
    await db.insertInto('t_device_measure').values({ device_id: deviceId, measure_id: removed[0].id, alarm_enabled: 0 }).execute();

    const rows = asRows(before.points.slice(0, 38));
    rows[0] = { ...rows[0], conditionType: ConditionType.Gte, conditionVal1: 75, alarmEnabled: 1, warnLevel: 1 };
    rows.push({ name: '新增点', registerAddr: 300, groupName: '新分组' });
    const r = await batch(admin, modelId, rows, removed.map((p) => p.id));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ inserted: 1, updated: 1, unchanged: 37, removed: removed.map((p) => ({ id: p.id, name: p.name })) });
    const after = await table(modelId);
    expect(after.points).toHaveLength(39);
    expect(after.points[0]).toMatchObject({ id: pm25.id, version: 2, conditionType: ConditionType.Gte, conditionVal1: 75 });
    expect(after.points[1].version).toBe(1);
    expect(after.groups.map((g) => g.name)).toContain('新分组');
    for (const t of ['t_history_measure', 't_real_measure', 't_device_measure'] as const) {
      expect(await db.selectFrom(t).select('measure_id').where('measure_id', '=', removed[0].id).execute()).toEqual([]);
    }

    // The same rows again: PM2.5 was read at version 1, it is now 2.
    const stale = await refused(() => batch(admin, modelId, asRows(before.points.slice(0, 1)).concat(asRows(after.points.slice(1)))), 409);
    expect(brief(stale)).toEqual([[0, 'version', 'stale']]);
    expect(stale.body.error).toMatch(/^body\.rows\.0\.version: 数据已被他人修改，请刷新后重试（测点「PM2.5」）$/);
  });

  it('saves one point within its table: overlaps name the stored point, stale is 409, delete takes it away', async () => {
    const modelId = await newModel();
    await batch(admin, modelId, [{ name: '阻力', registerAddr: 0 }, { name: '风量', registerAddr: 2 }]);
    const over = await refused(() => admin.post('/api/t_measure/save', { deviceModelId: modelId, name: '新点', registerAddr: 3 }));
    expect(over.body.error).toBe('body.registerAddr: 功能码 3 寄存器重叠：「新点」占 3–4，「风量」占 2–3');
    expect((await refused(() => admin.post('/api/t_measure/save', { name: '新点', registerAddr: 4 }))).body.error).toBe('body.deviceModelId: 新测点需要产品型号');
    const added = await admin.post('/api/t_measure/save', { deviceModelId: modelId, name: '新点', registerAddr: 4, unit: 'Pa' });
    expect(added.body.data).toMatchObject({ deviceModelId: modelId, name: '新点', sortOrder: 2, version: 1 });
    const id = added.body.data.id as number;
    const changed = await admin.post('/api/t_measure/save', { id, version: 1, name: '新点', registerAddr: 4, unit: 'kPa' });
    expect(changed.body.data).toMatchObject({ id, version: 2, unit: 'kPa', sortOrder: 2 });
    await refused(() => admin.post('/api/t_measure/save', { id, version: 1, name: '新点', registerAddr: 4 }), 409);
    const other = await newModel();
    expect((await refused(() => admin.post('/api/t_measure/save', { id, version: 2, deviceModelId: other, name: '新点', registerAddr: 4 }))).body.error)
      .toBe('body.deviceModelId: 测点不能移到其他型号');
    expect((await admin.post(`/api/t_measure/del/${id}`)).body.data).toBe(true);
    expect((await admin.get(`/api/t_measure/${id}`)).status).toBe(404);
    expect((await admin.post(`/api/t_measure/del/${id}`)).status).toBe(404);
    const logs = await db.selectFrom('t_history_log').select(['action']).where('target', 'like', `t_measure#${id} %`).orderBy('id').execute();
    expect(logs.map((l) => l.action)).toEqual(['add', 'edit', 'delete']);
  });

  it('save-printf stores a mapping as JSON and refuses a bad formula with its position', async () => {
    const modelId = await newModel();
    await batch(admin, modelId, [{ name: '故障字', dataType: 'UInt16', registerAddr: 0 }]);
    const [p] = (await table(modelId)).points;
    const saved = await admin.post('/api/t_device_model_measure/save-printf', { id: p.id, version: 1, printf: '0:滤网堵塞；1:风机故障' });
    expect(saved.body.data).toMatchObject({ id: p.id, version: 2, printf: '{"0":"滤网堵塞","1":"风机故障"}' });

    const bad = await refused(() => admin.post('/api/t_device_model_measure/save-printf', { id: p.id, version: 2, printf: 'value & 4 ? "缺相" : alert(1)' }));
    expect(bad.body.error).toBe('body.printf: 公式第 20 个字符处有误：unknown name "alert": only value and x may be used');
    expect(problems(bad)).toEqual([{
      row: null, field: 'printf', code: 'printf', position: 19, message: expect.any(String),
      messageEn: 'formula error at character 20: unknown name "alert": only value and x may be used',
    }]);
    // Bits beyond a 16-bit register.
    expect(problems(await refused(() => admin.post('/api/t_device_model_measure/save-printf', { id: p.id, version: 2, printf: '0:a;16:b' }))))
      .toMatchObject([{ position: 4, messageEn: 'bit 16 is outside 0–15' }]);
    await refused(() => admin.post('/api/t_device_model_measure/save-printf', { id: p.id, version: 1, printf: 'x * 2' }), 409);
    expect((await refused(() => admin.post('/api/t_device_model_measure/save-printf', { id: 999999, version: 1, printf: '' }), 404)).body.error).toBe('测点不存在');
    const formula = await admin.post('/api/t_device_model_measure/save-printf', { id: p.id, version: 2, printf: '  x > 0 ? "运行" : "停止" ' });
    expect(formula.body.data).toMatchObject({ version: 3, printf: 'x > 0 ? "运行" : "停止"' });
  });

  it('associate-role reads and replaces a role\'s measure rights, per model or all', async () => {
    const m1 = await newModel();
    const m2 = await newModel();
    await batch(admin, m1, [{ name: 'A', registerAddr: 0 }, { name: 'B', registerAddr: 2 }]);
    await batch(admin, m2, [{ name: 'C', registerAddr: 0 }]);
    const [a, b] = (await table(m1)).points;
    const [c] = (await table(m2)).points;
    const hq = await db.selectFrom('t_org').select('id').where('code', '=', 'NV-HQ').executeTakeFirstOrThrow();
    const role = (await db.insertInto('t_role').values({ org_id: hq.id, name: '测点权限角色', created_at: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;

    const set = (body: Row) => admin.post('/api/t_device_model_measure/associate-role', { roleId: role, ...body });
    expect((await set({ measureIds: [a.id, c.id, a.id] })).body.data).toEqual({ roleId: role, measureIds: [a.id, c.id] });
    // Within m1 only: C of m2 stays.
    expect((await set({ deviceModelIds: [m1], measureIds: [b.id] })).body.data).toEqual({ roleId: role, measureIds: [b.id] });
    expect((await admin.get(`/api/t_device_model_measure/associate-role?roleId=${role}`)).body.data).toEqual({ roleId: role, deviceModelId: null, measureIds: [b.id, c.id].sort((x, y) => x - y) });
    expect((await admin.get(`/api/t_device_model_measure/associate-role?roleId=${role}&deviceModelId=${m2}`)).body.data.measureIds).toEqual([c.id]);
    // The role pages read the same rights.
    expect((await admin.get(`/api/role/measure-rights/${role}`)).body.data).toEqual([b.id, c.id].sort((x, y) => x - y));

    expect((await refused(() => set({ deviceModelIds: [m1], measureIds: [c.id] }))).body.error).toBe(`body.measureIds: 测点 ${c.id} 不属于 deviceModelIds 所列的型号`);
    expect((await refused(() => set({ measureIds: [999999] }))).body.error).toBe('body.measureIds: 测点 999999 不存在');
    expect((await refused(() => set({ deviceModelIds: [999999], measureIds: [] }))).body.error).toBe('body.deviceModelIds: 产品型号 999999 不存在');
    // The operator sees only roles of its organisation.
    expect((await refused(() => operator.post('/api/t_device_model_measure/associate-role', { roleId: role, measureIds: [] }), 404)).body.error).toBe('角色不存在');
    const log = await db.selectFrom('t_history_log').select('detail').where('target', '=', `role#${role} 测点权限角色`).orderBy('id').execute();
    expect(JSON.parse(log[1].detail)).toEqual({ deviceModelIds: [m1], measureIds: { added: [b.id], removed: [a.id] } });
  });

  it('needs product-preview to read and product-edit to write', async () => {
    const modelId = await newModel();
    await batch(admin, modelId, [{ name: 'A', registerAddr: 0 }]);
    const [p] = (await table(modelId)).points;
    const hq = await db.selectFrom('t_org').select('id').where('code', '=', 'NV-HQ').executeTakeFirstOrThrow();
    const role = (await db.insertInto('t_role').values({ org_id: hq.id, name: '只看产品', data_scope: 'VAll', created_at: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('t_role_right').values({ role_id: role, right_code: Right.ProductPreview }).execute();
    const user = (await db.insertInto('t_user').values({
      username: 'viewer', password_hash: await hashPassword('Viewer@2026'), org_id: hq.id, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('t_user_role').values({ user_id: user, role_id: role }).execute();
    const viewer = await new ApiClient(server.url).login('viewer', 'Viewer@2026');

    expect((await viewer.get(`/api/t_device_model_measure?deviceModelId=${modelId}`)).status).toBe(200);
    expect((await viewer.get(`/api/t_measure/${p.id}`)).status).toBe(200);
    expect((await viewer.get(`/api/t_device_model_measure/associate-role?roleId=${role}`)).status).toBe(200);
    for (const [url, body] of [
      ['/api/t_device_model_measure/batchSave', { deviceModelId: modelId, rows: [], removeIds: [p.id] }],
      ['/api/t_device_model_measure/save-printf', { id: p.id, version: 1, printf: 'x' }],
      ['/api/t_device_model_measure/associate-role', { roleId: role, measureIds: [p.id] }],
      ['/api/t_measure/save', { id: p.id, version: 1, name: 'B', registerAddr: 0 }],
      [`/api/t_measure/del/${p.id}`, undefined],
      ['/api/t_measure_group/save', { deviceModelId: modelId, name: '分组' }],
    ] as const) {
      const r = await refused(() => viewer.post(url, body), 403);
      expect(r.body.error).toBe(`没有权限：${Right.ProductEdit}`);
    }
    await db.deleteFrom('t_role_right').where('role_id', '=', role).execute();
    expect((await refused(() => viewer.get(`/api/t_device_model_measure?deviceModelId=${modelId}`), 403)).body.error).toBe(`没有权限：${Right.ProductPreview}`);
  });

  it('measure groups stay with their model', async () => {
    const modelId = await newModel();
    const other = await newModel();
    const g = await admin.post('/api/t_measure_group/save', { deviceModelId: modelId, name: '电气' });
    expect(g.body.data).toMatchObject({ deviceModelId: modelId, name: '电气', version: 1 });
    expect((await refused(() => admin.post('/api/t_measure_group/save', { deviceModelId: 999999, name: '电气' }))).body.error).toBe('body.deviceModelId: 产品型号不存在');
    expect((await refused(() => admin.post('/api/t_measure_group/save', { name: '电气2' }))).body.error).toBe('body.deviceModelId: 新分组需要产品型号');
    expect((await refused(() => admin.post('/api/t_measure_group/save', { deviceModelId: modelId, name: '电气' }))).body.error).toMatch(/^body\.name: /);
    expect((await refused(() => admin.post('/api/t_measure_group/save', { id: g.body.data.id, version: 1, deviceModelId: other, name: '电气' }))).body.error)
      .toBe('body.deviceModelId: 分组不能移到其他产品型号');
    // The same name in another model is fine; an update may leave the model out.
    expect((await admin.post('/api/t_measure_group/save', { deviceModelId: other, name: '电气' })).status).toBe(200);
    expect((await admin.post('/api/t_measure_group/save', { id: g.body.data.id, version: 1, name: '电气参数' })).body.data)
      .toMatchObject({ deviceModelId: modelId, name: '电气参数', version: 2 });
    expect((await admin.get(`/api/t_measure_group?deviceModelId=${other}`)).body.data.list.map((x: { name: string }) => x.name)).toEqual(['电气']);
    // A group with points cannot be deleted.
    await batch(admin, modelId, [{ name: 'A', registerAddr: 0, groupId: g.body.data.id }]);
    expect((await refused(() => admin.post(`/api/t_measure_group/del/${g.body.data.id}`))).body.error).toBe('无法删除测点分组：仍有 1 个测点引用它');
  });

  it('the alarm engine uses a changed condition from the next ingest on', async () => {
    const modelId = await newModel();
    await batch(admin, modelId, [{ name: 'PM2.5', tagId: MeasureTag.PM25, registerAddr: 0 }]);
    const deviceId = await createDevice(db, modelId, `MP-ALARM-${modelId}`);
    const [p] = (await table(modelId)).points;
    let ts = Date.now() - 60_000;
    const send = async (...values: number[]) => {
      for (const value of values) {
        const r = await admin.post('/api/ingest', { items: [{ deviceId, measureId: p.id, value, ts: ts += 5_000 }] });
        expect(r.body.data).toMatchObject({ accepted: 1, rejected: [] });
      }
    };
    const open = () => db.selectFrom('t_real_measure_warning').selectAll().where('device_id', '=', deviceId).execute();
    await send(80, 82, 85);
    expect(await open()).toEqual([]);

    const set = await batch(admin, modelId, [{ ...asRows([p])[0], conditionType: ConditionType.Gte, conditionVal1: 75, alarmEnabled: 1, warnLevel: 1 }]);
    expect(set.body.data.updated).toBe(1);
    await send(80, 81);
    const alarms = await open();
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ measure_id: p.id, condition_type: ConditionType.Gte, condition_val1: 75, content: 'PM2.5当前值81，大于等于设定值75' });
    const bell = await admin.get('/api/t_real_measure_warning?Page=1&Size=50');
    expect(bell.body.data.list.some((a: { measureName: string; deviceName: string }) => a.measureName === 'PM2.5' && a.deviceName === `测试设备 MP-ALARM-${modelId}`)).toBe(true);
  });
});
