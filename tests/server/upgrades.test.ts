import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceState, MessageType } from '../../contract/enums';
import type { CommandKind } from '../../contract/gateway-commands';
import { FIRMWARE_MAX_BYTES } from '../../contract/upgrades';
import { hashPassword } from '../../server/auth/passwords';
import { GatewayCommandQueue } from '../../server/gateway/command-queue';
import { DEMO_FIRMWARE } from '../../server/seed/demo-firmware';
import { SimGateways } from '../../server/simulator/sim-gateways';
import { issueGatewayKey } from '../../server/telemetry/gateway-keys';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';
import { fileForm } from './png';

interface Item { deviceId: number; deviceName: string; gatewayId: number | null; commandId: number | null; fromVer: string; state: string; code: number | null; codeText: string | null; sentAt: number | null }
interface Task { id: number; state: string; canAudit: boolean; counts: Record<string, number>; items: Item[]; auditedByName: string; finishedAt: number | null }

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const firmware = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed * 7) % 251));
const ZERO_DELAYS = Object.fromEntries(['write', 'config', 'refresh', 'restart', 'upgrade'].map((k) => [k, [0, 0]])) as Record<CommandKind, [number, number]>;

describe('firmware upgrade and remote debugging', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  /** A second auditor who sees everything and holds only the upgrade and debug rights. */
  let auditor: ApiClient;
  let ids: { admin: number; operator: number; auditor: number; zhang: number };
  let s200: number;
  /** NV-S200 sensors of the operator's project 上海张江 (P-SH-01), by name. */
  let shSensors: { id: number; name: string; firmware_ver: string; gateway_id: number | null }[];

  const db = () => server.database.db;
  const modelId = async (code: string) => (await db().selectFrom('t_device_model').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const devicesOf = (projectCode: string, modelCode: string) => db().selectFrom('t_device as d').innerJoin('t_project as p', 'p.id', 'd.project_id')
    .innerJoin('t_device_model as m', 'm.id', 'd.device_model_id').select(['d.id', 'd.name', 'd.firmware_ver', 'd.gateway_id', 'd.state'])
    .where('p.code', '=', projectCode).where('m.code', '=', modelCode).orderBy('d.name').execute();
  const upload = (api: ApiClient, modelId: number, fileVer: string, content: Buffer, name = 'nv-s200.bin') =>
    api.post(`/api/t_upgrade_file/upload?deviceModelId=${modelId}&fileVer=${encodeURIComponent(fileVer)}&remark=test`, fileForm(content, name, 'application/octet-stream'));
  const task = async (api: ApiClient, id: number): Promise<Task> => {
    const r = await api.get(`/api/t_upgrade/${id}`);
    expect(r.status, r.body.error).toBe(200);
    return r.body.data;
  };
  const messagesOf = (userId: number, type: number) => db().selectFrom('t_history_message').selectAll()
    .where('user_id', '=', userId).where('type', '=', type).orderBy('id').execute();
  const counts = async () => {
    const n = async (t: 't_upgrade_file' | 't_upgrade_task' | 't_upgrade_item' | 't_gateway_command' | 't_history_message' | 't_debug_session') =>
      Number((await db().selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    return {
      files: await n('t_upgrade_file'), tasks: await n('t_upgrade_task'), items: await n('t_upgrade_item'), commands: await n('t_gateway_command'),
      messages: await n('t_history_message'), debug: await n('t_debug_session'),
    };
  };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
    const hq = await db().selectFrom('t_org').select('id').where('code', '=', 'NV-HQ').executeTakeFirstOrThrow();
    const role = (await db().insertInto('t_role').values({ org_id: hq.id, name: '升级审核', data_scope: 'VAll', created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_role_right').values(['upgrade-preview', 'upgrade-edit', 'upgrade-audit', 'debug-audit'].map((right_code) => ({ role_id: role, right_code }))).execute();
    const auditorId = (await db().insertInto('t_user').values({
      username: 'auditor', nick_name: '审核员', password_hash: await hashPassword('Audit@2026'), org_id: hq.id, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_user_role').values({ user_id: auditorId, role_id: role }).execute();
    auditor = await new ApiClient(server.url).login('auditor', 'Audit@2026');
    const idOf = async (username: string) => (await db().selectFrom('t_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    ids = { admin: await idOf('admin'), operator: await idOf('operator'), auditor: auditorId, zhang: await idOf('zhang.wei') };
    s200 = await modelId('NV-S200');
    shSensors = await devicesOf('P-SH-01', 'NV-S200');
  });
  afterAll(async () => { await server?.dispose(); });

  it('seeds the demo devices\' firmware: the last of each model in a project is already newer', () => {
    expect(shSensors.map((d) => d.firmware_ver)).toEqual([DEMO_FIRMWARE.base, DEMO_FIRMWARE.base, DEMO_FIRMWARE.fieldUpdated]);
  });

  let fileId: number;
  const content = firmware(70_000);
  it('uploads a firmware: size and md5 recorded, the file kept for the gateways', async () => {
    const r = await upload(admin, s200, 'V2.0.0', content, 'C:\\build\\nv-s200 v2.0.0.bin');
    expect(r.status, r.body.error).toBe(200);
    expect(r.body.data).toMatchObject({
      fileName: 'nv-s200 v2.0.0.bin', deviceModelId: s200, deviceModelName: 'NV-S200 空气质量传感器', fileVer: 'V2.0.0', md5: md5(content),
      size: content.length, remark: 'test', createdBy: ids.admin, createdByName: '系统管理员', taskCount: 0,
    });
    fileId = r.body.data.id;
    const stored = await db().selectFrom('t_upgrade_file').select('stored_name').where('id', '=', fileId).executeTakeFirstOrThrow();
    expect(md5(fs.readFileSync(path.join(server.config.dataDir, 'firmware', stored.stored_name)))).toBe(md5(content));
    const list = await operator.get(`/api/t_upgrade_file?Page=1&Size=20&deviceModelId=${s200}`);
    expect(list.body.data).toMatchObject({ count: 1, list: [{ id: fileId, md5: md5(content) }] });
    expect((await admin.get('/api/t_upgrade_file?keyword=v2.0')).body.data.count).toBe(1);
    expect((await admin.get('/api/t_upgrade_file?keyword=nothing')).body.data.count).toBe(0);
  });

  it('refuses a bad upload with the field named, and keeps nothing', async () => {
    const before = await counts();
    const files = () => fs.readdirSync(path.join(server.config.dataDir, 'firmware')).length;
    const onDisk = files();
    const refused = async (r: Promise<{ status: number; body: { error?: string } }>, status: number, error: RegExp) => {
      const got = await r;
      expect({ status: got.status, error: got.body.error }).toEqual({ status, error: expect.stringMatching(error) });
    };
    await refused(upload(admin, s200, 'V2.0.0', content), 400, /^query\.fileVer: 该产品已有版本 V2\.0\.0/);
    await refused(upload(admin, s200, '2.0 beta!', content), 400, /^query\.fileVer:/);
    await refused(upload(admin, s200, '', content), 400, /^query\.fileVer:/);
    await refused(admin.post(`/api/t_upgrade_file/upload?fileVer=V1`, fileForm(content, 'a.bin', 'application/octet-stream')), 400, /^query\.deviceModelId:/);
    await refused(upload(admin, 999_999, 'V9', content), 404, /产品不存在/);
    await refused(upload(admin, s200, 'V2.0.9', Buffer.alloc(0)), 400, /^file: 固件文件为空/);
    await refused(admin.post(`/api/t_upgrade_file/upload?deviceModelId=${s200}&fileVer=V2.0.9`, { file: 'x' }), 400, /^body:/);
    await refused(upload(admin, s200, 'V2.0.9', Buffer.alloc(FIRMWARE_MAX_BYTES + 1)), 413, /^file: 固件文件不能超过 32MB/);
    await refused(admin.post('/api/t_upgrade_file/del/999999'), 404, /固件不存在/);
    // Firmware is the platform's: a tenant's operator with upgrade-edit may not delete it (issue 32).
    await refused(operator.post('/api/t_upgrade_file/del/999999'), 403, /^只有平台管理员/);
    expect(await counts()).toEqual(before);
    expect(files()).toBe(onDisk);
  });

  it('offers the devices of a model the caller sees, with their versions', async () => {
    const all = (await admin.get(`/api/t_upgrade/devices?deviceModelId=${s200}`)).body.data as { id: number; projectName: string; firmwareVer: string }[];
    expect(all).toHaveLength(24);
    const mine = (await operator.get(`/api/t_upgrade/devices?deviceModelId=${s200}`)).body.data as typeof all;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(24);
    expect(mine.map((d) => d.id)).toEqual(expect.arrayContaining(shSensors.map((d) => d.id)));
    expect(mine.find((d) => d.id === shSensors[2].id)).toMatchObject({ projectName: '上海张江洁净厂房', firmwareVer: DEMO_FIRMWARE.fieldUpdated });
    expect((await admin.get('/api/t_upgrade/devices?deviceModelId=999999')).status).toBe(404);
  });

  it('refuses a task with a device of another model or one the submitter does not see, and writes nothing', async () => {
    const before = await counts();
    const [filter] = await devicesOf('P-SH-01', 'NV-F600');
    const [beijing] = await devicesOf('P-BJ-01', 'NV-S200');
    const save = (api: ApiClient, body: unknown) => api.post('/api/t_upgrade/save', body);
    let r = await save(operator, { fileId, deviceIds: [shSensors[0].id, filter.id] });
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 400, error: expect.stringMatching(/^body\.deviceIds\.1: 设备 \d+ 不是“NV-S200 空气质量传感器”的设备/) });
    r = await save(operator, { fileId, deviceIds: [shSensors[0].id, beijing.id] });
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 404, error: '设备不存在' });
    r = await save(operator, { fileId, deviceIds: [999_999] });
    expect(r.status).toBe(404);
    r = await save(operator, { fileId: 999_999, deviceIds: [shSensors[0].id] });
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 404, error: '固件不存在' });
    r = await save(operator, { fileId, deviceIds: [shSensors[0].id, shSensors[0].id] });
    expect(r.body.error).toMatch(/^body\.deviceIds: a device is listed twice/);
    r = await save(operator, { fileId, deviceIds: [] });
    expect(r.body.error).toMatch(/^body\.deviceIds:/);
    r = await save(operator, { fileId, deviceIds: [shSensors[0].id], timeoutS: 5 });
    expect(r.body.error).toMatch(/^body\.timeoutS:/);
    expect(await counts()).toEqual(before);
  });

  let taskId: number;
  it('submits a pending task and tells the auditors who see its devices, not the submitter', async () => {
    const before = {
      admin: (await messagesOf(ids.admin, MessageType.Upgrade)).length, zhang: (await messagesOf(ids.zhang, MessageType.Upgrade)).length,
      operator: (await messagesOf(ids.operator, MessageType.Upgrade)).length,
    };
    const r = await operator.post('/api/t_upgrade/save', { fileId, deviceIds: shSensors.map((d) => d.id), remark: '季度升级' });
    expect(r.status, r.body.error).toBe(200);
    const t = r.body.data as Task;
    taskId = t.id;
    expect(t).toMatchObject({ state: 'pending', canAudit: false, counts: { total: 3, waiting: 3 } });
    expect(t.items.map((i) => [i.deviceName, i.fromVer, i.state, i.commandId])).toEqual(
      shSensors.map((d) => [d.name, d.firmware_ver, 'waiting', null]));
    // Nothing is sent before the audit.
    expect(await db().selectFrom('t_gateway_command').select('id').where('kind', '=', 'upgrade').execute()).toEqual([]);
    const told = await messagesOf(ids.admin, MessageType.Upgrade);
    expect(told).toHaveLength(before.admin + 1);
    expect(told.at(-1)!.content).toBe(`固件升级待审核：任务 #${taskId} NV-S200 空气质量传感器 V2.0.0，3 台设备（提交人 业主运维）`);
    expect(JSON.parse(told.at(-1)!.data)).toEqual({ projectName: '上海张江洁净厂房', deviceModelName: 'NV-S200 空气质量传感器', fileVer: 'V2.0.0', taskId });
    expect(await messagesOf(ids.auditor, MessageType.Upgrade)).toHaveLength(1);
    expect(await messagesOf(ids.operator, MessageType.Upgrade)).toHaveLength(before.operator);
    // 张伟 holds upgrade-audit but does not see 上海张江.
    expect(await messagesOf(ids.zhang, MessageType.Upgrade)).toHaveLength(before.zhang);
    expect((await task(admin, taskId)).canAudit).toBe(true);
  });

  it('refuses the submitter\'s own audit, and changes nothing', async () => {
    const before = await counts();
    const r = await operator.post('/api/t_upgrade/audit', { id: taskId, approved: true });
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 403, error: '不能审核自己提交的任务' });
    expect((await operator.post('/api/t_upgrade/audit', { id: taskId, approved: 'yes' })).body.error).toMatch(/^body\.approved:/);
    expect((await admin.post('/api/t_upgrade/audit', { id: 999_999, approved: true })).status).toBe(404);
    expect(await counts()).toEqual(before);
    expect((await task(admin, taskId)).state).toBe('pending');
  });

  it('lets two concurrent audits not both win: one approval, one 409, one command per device', async () => {
    const [a, b] = await Promise.all([
      admin.post('/api/t_upgrade/audit', { id: taskId, approved: true, remark: '同意' }),
      auditor.post('/api/t_upgrade/audit', { id: taskId, approved: false, remark: '不同意' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.error).toBe('该任务已审核，不能再次审核');
    const t = await task(admin, taskId);
    const approved = a.status === 200;
    expect(t.state).toBe(approved ? 'running' : 'rejected');
    const commands = await db().selectFrom('t_gateway_command').select(['device_id', 'payload']).where('kind', '=', 'upgrade').execute();
    expect(commands).toHaveLength(approved ? 3 : 0);
    // Whichever won, an audited task cannot be audited again.
    expect((await auditor.post('/api/t_upgrade/audit', { id: taskId, approved: true })).status).toBe(409);
    if (!approved) {
      // The test goes on with an approved task: a fresh one, approved alone.
      taskId = (await operator.post('/api/t_upgrade/save', { fileId, deviceIds: shSensors.map((d) => d.id) })).body.data.id;
      expect((await admin.post('/api/t_upgrade/audit', { id: taskId, approved: true, remark: '同意' })).status).toBe(200);
    }
    const sent = await db().selectFrom('t_gateway_command').select(['device_id', 'payload', 'gateway_id']).where('kind', '=', 'upgrade').execute();
    expect(sent.map((c) => c.device_id).sort()).toEqual(shSensors.map((d) => d.id).sort());
    expect(JSON.parse(sent[0].payload)).toEqual({
      taskId, fileId, fileVer: 'V2.0.0', md5: md5(content), size: content.length, url: `/api/gateway/firmware/${fileId}`, deviceModelId: s200,
    });
    const told = await messagesOf(ids.operator, MessageType.Upgrade);
    expect(told.at(-1)!.content).toMatch(new RegExp(`^固件升级任务 #${taskId} 已由 (系统管理员|审核员) 审核通过，开始升级：同意$`));
    expect((await task(operator, taskId)).items.every((i) => i.state === 'queued')).toBe(true);
  });

  it('runs on the simulated gateways to mixed results with the upgrade codes of SPEC §4, and tells the submitter once', async () => {
    const offline = shSensors[1];
    await db().updateTable('t_device').set({ state: DeviceState.Offline, last_seen_at: Date.now() - 3_600_000 }).where('id', '=', offline.id).execute();
    try {
      const sim = new SimGateways({ db: db(), queue: new GatewayCommandQueue(db()), seed: 4, delays: ZERO_DELAYS });
      const answered = await sim.poll();
      expect(answered).toHaveLength(3);
      const t = await task(operator, taskId);
      expect(t.state).toBe('partial');
      expect(t.finishedAt).not.toBeNull();
      expect(t.counts).toMatchObject({ total: 3, succeeded: 1, failed: 2 });
      const byDevice = new Map(t.items.map((i) => [i.deviceId, i]));
      expect(byDevice.get(shSensors[0].id)).toMatchObject({ state: 'succeeded', code: 0 });
      expect(byDevice.get(offline.id)).toMatchObject({ state: 'failed', code: 10, codeText: '固件未下载' });
      expect(byDevice.get(shSensors[2].id)).toMatchObject({ state: 'failed', code: 2, codeText: '已是最新版本' });
      for (const i of t.items) expect(i.sentAt).not.toBeNull();
      // The device that took it runs the new version; the others keep theirs.
      const versions = await db().selectFrom('t_device').select(['id', 'firmware_ver']).where('id', 'in', shSensors.map((d) => d.id)).orderBy('name').execute();
      expect(versions.map((v) => v.firmware_ver)).toEqual(['V2.0.0', DEMO_FIRMWARE.base, DEMO_FIRMWARE.fieldUpdated]);
      const done = (await messagesOf(ids.operator, MessageType.Upgrade)).filter((m) => m.content.includes('部分失败'));
      expect(done.map((m) => m.content)).toEqual([`固件升级任务 #${taskId} 部分失败：NV-S200 空气质量传感器 V2.0.0，成功 1 台，失败 2 台`]);
      expect(await sim.poll()).toEqual([]);
    } finally {
      await db().updateTable('t_device').set({ state: DeviceState.Online }).where('id', '=', offline.id).execute();
    }
  });

  it('follows a real gateway: taken is sent, the firmware downloads with its key, a result code reads as its text, a silent one times out', async () => {
    const [sensor, other] = await devicesOf('P-CD-01', 'NV-S200');
    const r = await admin.post('/api/t_upgrade/save', { fileId, deviceIds: [sensor.id, other.id], timeoutS: 60 });
    const id = r.body.data.id;
    expect((await operator.get(`/api/t_upgrade/${id}`)).status).toBe(404); // 成都 is not the operator's
    expect((await auditor.post('/api/t_upgrade/audit', { id, approved: true })).status).toBe(200);
    const key = await issueGatewayKey(db(), sensor.gateway_id!);
    const asGateway = (method: string, url: string, body?: unknown) => new ApiClient(server.url).request(method, url, body, { 'x-gateway-key': key });
    const taken = (await asGateway('POST', '/api/gateway/commands/take', { max: 10 })).body.data.commands as { id: number; deviceId: number; payload: { url: string } }[];
    const mine = taken.filter((c) => [sensor.id, other.id].includes(c.deviceId));
    expect(mine).toHaveLength(2);
    expect((await task(admin, id)).items.map((i) => i.state)).toEqual(['sent', 'sent']);

    const download = await fetch(`${server.url}${mine[0].payload.url}`, { headers: { 'x-gateway-key': key } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(md5(Buffer.from(await download.arrayBuffer()))).toBe(md5(content));
    // Another gateway, or no key: nothing.
    const elsewhere = await issueGatewayKey(db(), shSensors[0].gateway_id!);
    expect((await fetch(`${server.url}${mine[0].payload.url}`, { headers: { 'x-gateway-key': elsewhere } })).status).toBe(404);
    expect((await fetch(`${server.url}${mine[0].payload.url}`)).status).toBe(401);

    const first = mine.find((c) => c.deviceId === sensor.id)!;
    expect((await asGateway('POST', `/api/gateway/commands/${first.id}/result`, { code: 4, message: 'md5 mismatch' })).status).toBe(200);
    let t = await task(admin, id);
    expect(t.items.find((i) => i.deviceId === sensor.id)).toMatchObject({ state: 'failed', code: 4, codeText: 'MD5校验失败' });
    expect(t.state).toBe('running');
    // The other never answers: past its deadline it expires with 99 任务超时, and the task ends.
    await db().updateTable('t_gateway_command').set({ deadline: Date.now() - 1 }).where('kind', '=', 'upgrade').where('device_id', '=', other.id).execute();
    t = await task(admin, id);
    expect(t.items.find((i) => i.deviceId === other.id)).toMatchObject({ state: 'expired', code: 99, codeText: '任务超时' });
    expect(t.state).toBe('failed');
    expect((await messagesOf(ids.admin, MessageType.Upgrade)).at(-1)!.content).toBe(`固件升级任务 #${id} 失败：NV-S200 空气质量传感器 V2.0.0，成功 0 台，失败 2 台`);
    // The download ends with the upgrade.
    expect((await fetch(`${server.url}${mine[0].payload.url}`, { headers: { 'x-gateway-key': key } })).status).toBe(404);
  });

  it('fails a device without a gateway at approval (98), and a task of only such devices ends at once', async () => {
    const dtuModel = await modelId('NV-DTU4G');
    const up = await upload(admin, dtuModel, 'V3.0', firmware(1000, 3), 'dtu.bin');
    const dtus = await devicesOf('P-SH-01', 'NV-DTU4G');
    expect(dtus[0].gateway_id).toBeNull();
    const id = (await admin.post('/api/t_upgrade/save', { fileId: up.body.data.id, deviceIds: [dtus[0].id] })).body.data.id;
    const r = await operator.post('/api/t_upgrade/audit', { id, approved: true });
    expect(r.status, r.body.error).toBe(200);
    expect(r.body.data).toMatchObject({ state: 'failed', counts: { failed: 1 }, items: [{ state: 'failed', code: 98, codeText: '设备未接入网关', commandId: null }] });
    expect((await messagesOf(ids.admin, MessageType.Upgrade)).at(-1)!.content).toMatch(new RegExp(`^固件升级任务 #${id} 失败`));
  });

  it('sends nothing for a rejected task and tells the submitter', async () => {
    const before = await counts();
    const id = (await admin.post('/api/t_upgrade/save', { fileId, deviceIds: [shSensors[0].id] })).body.data.id;
    const r = await operator.post('/api/t_upgrade/audit', { id, approved: false, remark: '等待停产窗口' });
    expect(r.status, r.body.error).toBe(200);
    expect(r.body.data).toMatchObject({ state: 'rejected', auditedByName: '业主运维', items: [{ state: 'cancelled', commandId: null }] });
    const after = await counts();
    expect(after.commands).toBe(before.commands);
    expect((await messagesOf(ids.admin, MessageType.Upgrade)).at(-1)!.content).toBe(`固件升级任务 #${id} 已被 业主运维 驳回：等待停产窗口`);
    expect((await auditor.post('/api/t_upgrade/audit', { id, approved: true })).status).toBe(409);
    // A task with devices the auditor does not see cannot be audited by them.
    const [beijing] = await devicesOf('P-BJ-01', 'NV-S200');
    const mixed = (await admin.post('/api/t_upgrade/save', { fileId, deviceIds: [shSensors[0].id, beijing.id] })).body.data;
    expect((await task(operator, mixed.id)).canAudit).toBe(false);
    const refused = await operator.post('/api/t_upgrade/audit', { id: mixed.id, approved: true });
    expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 403, error: '任务中有您无权查看的设备，不能审核' });
    expect((await admin.post(`/api/t_upgrade/del/${mixed.id}`)).status).toBe(200);
  });

  it('lists tasks by state and deletes only what is not running; a firmware goes once no task sends it', async () => {
    const list = (await admin.get(`/api/t_upgrade?Page=1&Size=50&deviceModelId=${s200}`)).body.data;
    expect(list.count).toBeGreaterThanOrEqual(3);
    expect((await admin.get('/api/t_upgrade?state=rejected')).body.data.list.every((t: Task) => t.state === 'rejected')).toBe(true);
    expect((await admin.get('/api/t_upgrade?state=nope')).body.error).toMatch(/^query\.state:/);
    const running = (await admin.post('/api/t_upgrade/save', { fileId, deviceIds: [shSensors[0].id] })).body.data.id;
    await operator.post('/api/t_upgrade/audit', { id: running, approved: true });
    const del = await admin.post(`/api/t_upgrade/del/${running}`);
    expect({ status: del.status, error: del.body.error }).toEqual({ status: 409, error: '任务正在升级，不能删除' });
    const stillUsed = await admin.post(`/api/t_upgrade_file/del/${fileId}`);
    expect(stillUsed.status).toBe(400);
    expect(stillUsed.body.error).toMatch(/^id: 仍有 \d+ 个升级任务使用该固件/);
    await db().updateTable('t_gateway_command').set({ deadline: Date.now() - 1 }).where('kind', '=', 'upgrade').execute();
    for (const t of (await admin.get(`/api/t_upgrade?Size=100&deviceModelId=${s200}`)).body.data.list as Task[]) {
      const r = await admin.post(`/api/t_upgrade/del/${t.id}`);
      expect(r.status, r.body.error).toBe(200);
    }
    const stored = await db().selectFrom('t_upgrade_file').select('stored_name').where('id', '=', fileId).executeTakeFirstOrThrow();
    expect((await admin.post(`/api/t_upgrade_file/del/${fileId}`)).status).toBe(200);
    expect(fs.existsSync(path.join(server.config.dataDir, 'firmware', stored.stored_name))).toBe(false);
    expect((await admin.get(`/api/t_upgrade_file?deviceModelId=${s200}`)).body.data.count).toBe(0);
  });

  it('audits a debug session once: auditors told, never one\'s own, a window that opens on approval and can end early', async () => {
    const device = shSensors[0];
    const before = (await messagesOf(ids.admin, MessageType.Debug)).length;
    expect((await operator.post('/api/t_debug/save', { deviceId: device.id, durationMin: 5, reason: 'x' })).body.error).toMatch(/^body\.durationMin:/);
    expect((await operator.post('/api/t_debug/save', { deviceId: device.id, durationMin: 30, reason: ' ' })).body.error).toMatch(/^body\.reason:/);
    const [beijing] = await devicesOf('P-BJ-01', 'NV-S200');
    expect((await operator.post('/api/t_debug/save', { deviceId: beijing.id, durationMin: 30, reason: '排查' })).status).toBe(404);
    const r = await operator.post('/api/t_debug/save', { deviceId: device.id, durationMin: 30, reason: '读取寄存器日志' });
    expect(r.status, r.body.error).toBe(200);
    const id = r.body.data.id;
    expect(r.body.data).toMatchObject({ state: 'pending', deviceName: device.name, projectName: '上海张江洁净厂房', canAudit: false, startsAt: null });
    const told = await messagesOf(ids.admin, MessageType.Debug);
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)!.content).toBe(`远程调试待审核：${device.name}，30 分钟（申请人 业主运维）：读取寄存器日志`);
    expect(JSON.parse(told.at(-1)!.data)).toMatchObject({ projectName: '上海张江洁净厂房', deviceModelName: 'NV-S200 空气质量传感器', devices: { name: device.name } });

    expect((await operator.post('/api/t_debug/audit', { id, approved: true })).body.error).toBe('不能审核自己提交的调试申请');
    expect((await operator.post(`/api/t_debug/close/${id}`)).status).toBe(409);
    const [a, b] = await Promise.all([
      admin.post('/api/t_debug/audit', { id, approved: true }),
      auditor.post('/api/t_debug/audit', { id, approved: true }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const open = (await operator.get(`/api/t_debug/${id}`)).body.data;
    expect(open).toMatchObject({ state: 'active', canClose: true });
    expect(open.endsAt - open.startsAt).toBe(30 * 60_000);
    expect((await messagesOf(ids.operator, MessageType.Debug)).at(-1)!.content).toMatch(/^远程调试申请已由 (系统管理员|审核员) 通过：/);
    expect((await admin.get('/api/t_debug?state=active')).body.data.list.map((s: { id: number }) => s.id)).toContain(id);
    const closed = await operator.post(`/api/t_debug/close/${id}`);
    expect(closed.body.data).toMatchObject({ state: 'ended' });
    expect((await admin.get('/api/t_debug?state=ended')).body.data.list.map((s: { id: number }) => s.id)).toContain(id);

    const rejected = (await operator.post('/api/t_debug/save', { deviceId: device.id, durationMin: 10, reason: '再次排查' })).body.data.id;
    expect((await admin.post('/api/t_debug/audit', { id: rejected, approved: false, remark: '非维护时段' })).body.data).toMatchObject({ state: 'rejected', endsAt: null });
    expect((await messagesOf(ids.operator, MessageType.Debug)).at(-1)!.content).toBe(`远程调试申请已被 系统管理员 驳回：${device.name}：非维护时段`);
  });
});

/** A database from before firmware upgrades gets the tables, the device versions column, rights and menu entries on its next start. */
describe('migration 017: firmware upgrade for existing databases', () => {
  let server: TestServer;
  afterAll(async () => { await server?.dispose(); });

  it('adds the tables, the four rights where device-preview / device-edit are, and 固件升级 and 远程调试 under 物联网', async () => {
    server = await startTestServer();
    const db = server.database.db;
    for (const table of ['t_upgrade_item', 't_upgrade_task', 't_upgrade_file', 't_debug_session']) await sql`drop table ${sql.table(table)}`.execute(db);
    await sql`alter table t_device drop column firmware_ver`.execute(db);
    const codes = ['upgrade-preview', 'upgrade-edit', 'upgrade-audit', 'debug-audit'];
    await db.deleteFrom('t_role_right').where('right_code', 'in', codes).execute();
    await db.deleteFrom('t_org_type_right').where('right_code', 'in', codes).execute();
    await db.deleteFrom('t_right').where('code', 'in', codes).execute();
    await db.deleteFrom('t_menu').where('name', 'in', ['nv_upgrade', 'nv_debug']).execute();
    await sql`delete from nv_migration where name = '017-firmware-upgrade'`.execute(db);

    server = await server.restart();
    expect(server.migrations).toEqual(['017-firmware-upgrade']);
    const after = server.database.db;
    expect((await after.selectFrom('t_right').select('code').where('code', 'in', codes).execute()).map((r) => r.code).sort()).toEqual([...codes].sort());
    const rolesWith = async (code: string) => (await after.selectFrom('t_role_right').select('role_id').where('right_code', '=', code).orderBy('role_id').execute()).map((r) => r.role_id);
    expect(await rolesWith('upgrade-preview')).toEqual(await rolesWith('device-preview'));
    for (const code of codes.slice(1)) expect(await rolesWith(code)).toEqual(await rolesWith('device-edit'));
    const menu = await after.selectFrom('t_menu').select(['name', 'parent_id', 'sort_order', 'right_code', 'path']).where('type', '=', 'app').execute();
    const iot = (await after.selectFrom('t_menu').select('id').where('name', '=', 'nv_iot').executeTakeFirstOrThrow()).id;
    const children = menu.filter((m) => m.parent_id === iot).sort((a, b) => a.sort_order - b.sort_order).map((m) => m.name);
    expect(children.slice(0, 5)).toEqual(['nv_iot_monitor', 'nv_iot_device_list', 'nv_iot_device', 'nv_upgrade', 'nv_debug']);
    expect(menu.find((m) => m.name === 'nv_upgrade')).toMatchObject({ path: '/nv_iot/nv_upgrade', right_code: 'upgrade-preview' });
    const operator = await loginAs(server, 'operator');
    expect((await operator.get('/api/user/rights')).body.data).toEqual(expect.arrayContaining(codes));
    expect(JSON.stringify((await operator.get('/api/menu/all?type=app')).body.data)).toContain('/nv_iot/nv_debug');
    expect((await operator.get('/api/t_upgrade?Page=1&Size=5')).body.data).toEqual({ list: [], count: 0 });

    server = await server.restart();
    expect(server.migrations).toEqual([]);
  });
});
