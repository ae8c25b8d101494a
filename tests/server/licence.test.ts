import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LicenceInfo, LicencePayload } from '../../contract/licence';
import { generateLicenceKeyPair, licenceText, signLicence } from '../../server/licence/licence-sign';
import { SHIPPED_LICENCE_FILE, SHIPPED_LICENCE_KEY_FILE } from '../../server/licence/shipped-licence';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

/**
 * The licence (issue 22, server/licence/): Ed25519-signed files verified with the keys the server
 * trusts. This server trusts the shipped key (the demo licence) and a key of the test's own, which
 * signs the licences imported here; a second key stands for a signer the server does not know.
 */
describe('licence', () => {
  const testKey = generateLicenceKeyPair();
  const strangerKey = generateLicenceKeyPair();
  const shippedKey = fs.readFileSync(SHIPPED_LICENCE_KEY_FILE, 'utf8');
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  let seq = 0;

  const db = () => server.database.db;
  const payload = (extra: Partial<LicencePayload> = {}): LicencePayload => ({
    format: 1, id: `T-${++seq}`, licensee: '测试客户有限公司', issued: '2026-01-01', expiry: '2099-12-31',
    maxDevices: 100_000, maxUsers: 10_000, features: ['analysis', 'video'], ...extra,
  });
  const issue = (extra: Partial<LicencePayload> = {}, key = testKey.privateKey) => licenceText(signLicence(payload(extra), key));
  const info = async (api = admin) => {
    const r = await api.get('/api/licence');
    expect(r.status, r.body.error).toBe(200);
    return r.body.data as LicenceInfo;
  };
  const importLicence = (content: string, api = admin) => api.post('/api/licence/import', { content });
  const count = async (table: 't_device' | 't_licence') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const userCount = async () => Number((await db().selectFrom('t_user').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null).where('is_guest', '=', 0).executeTakeFirstOrThrow()).n);
  const ids = async () => ({
    project: (await db().selectFrom('t_project').select('id').where('code', '=', 'P-SH-01').executeTakeFirstOrThrow()).id,
    model: (await db().selectFrom('t_device_model').select('id').where('code', '=', 'NV-S200').executeTakeFirstOrThrow()).id,
    org: (await db().selectFrom('t_org').select('id').where('code', '=', 'NV-HQ').executeTakeFirstOrThrow()).id,
  });
  const newDevice = async (n: number) => {
    const { project, model } = await ids();
    return { name: `授权测试设备${n}`, code: `LIC-${n}`, projectId: project, deviceModelId: model, gatewayId: null };
  };

  beforeAll(async () => {
    server = await startTestServer({ licencePublicKeys: [shippedKey, testKey.publicKey] });
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
  });
  afterAll(async () => { await server?.dispose(); });

  it('runs on the shipped demo licence until one is imported', async () => {
    const shipped = JSON.parse(fs.readFileSync(SHIPPED_LICENCE_FILE, 'utf8')).payload as LicencePayload;
    const now = await info();
    expect(now).toMatchObject({
      state: 'valid', source: 'shipped', problem: null, importedAt: null, warnings: [],
      payload: { id: shipped.id, licensee: shipped.licensee, maxDevices: shipped.maxDevices, maxUsers: shipped.maxUsers },
      usage: { devices: await count('t_device'), users: await userCount() },
    });
    expect(now.daysLeft).toBeGreaterThan(365 * 50);
    // Every signed-in user reads it (授权信息 is open to all); importing takes licence-edit.
    expect((await info(operator)).payload?.id).toBe(shipped.id);
    const refused = await importLicence(issue(), operator);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/licence-edit/);
  });

  it('refuses a tampered, wrongly signed, expired or malformed file, and nothing changes', async () => {
    const valid = JSON.parse(issue({ maxDevices: 10 }));
    const cases: [string, string, RegExp][] = [
      ['tampered payload', JSON.stringify({ ...valid, payload: { ...valid.payload, maxDevices: 1_000_000 } }), /^body\.content\.signature: 授权文件签名无效/],
      ['an added field', JSON.stringify({ ...valid, payload: { ...valid.payload, extra: true } }), /^body\.content\.payload: /],
      ['another signer', issue({}, strangerKey.privateKey), /^body\.content\.signature: 授权文件签名无效/],
      ['expired', issue({ issued: '2020-01-01', expiry: '2024-12-31' }), /^body\.content\.payload\.expiry: 授权已于 2024-12-31 到期/],
      ['not JSON', '{"payload": ', /^body\.content: 不是授权文件/],
      ['a bad date', issue().replace('"2099-12-31"', '"2099-13-01"'), /^body\.content\.payload\.expiry: /],
      ['no signature', JSON.stringify({ payload: valid.payload }), /^body\.content\.signature: /],
    ];
    const before = await info();
    for (const [what, content, error] of cases) {
      const r = await expectNoChange(server, () => importLicence(content));
      expect({ what, status: r.status, error: r.body.error }).toEqual({ what, status: 400, error: expect.stringMatching(error) });
    }
    expect(await info()).toEqual(before);
  });

  it('imports a valid licence, with its audit line, and it is in force from then on', async () => {
    const content = issue({ licensee: '上海洁净科技', maxDevices: 5000, maxUsers: 300, features: ['analysis'] });
    const r = await importLicence(content);
    expect(r.status, r.body.error).toBe(200);
    expect(r.body.data).toMatchObject({
      state: 'valid', source: 'imported', importedBy: expect.any(String),
      payload: { licensee: '上海洁净科技', maxDevices: 5000, maxUsers: 300, features: ['analysis'] },
    });
    expect(await info()).toEqual(r.body.data);
    const log = await db().selectFrom('t_history_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.target).toMatch(/^t_licence T-\d+ 上海洁净科技$/);
    // The stored row is the file as uploaded.
    expect((await db().selectFrom('t_licence').select('content').orderBy('id', 'desc').executeTakeFirstOrThrow()).content).toBe(content);
  });

  it('refuses new devices beyond the limit; the existing ones keep working', async () => {
    const devices = await count('t_device');
    expect((await importLicence(issue({ maxDevices: devices + 1 }))).status).toBe(200);
    const made = await admin.post('/api/t_device/save', await newDevice(1));
    expect(made.status, made.body.error).toBe(200);
    expect((await info()).warnings).toEqual(['devices-full']);

    const one = await expectNoChange(server, async () => admin.post('/api/t_device/save', await newDevice(2)));
    expect(one.status).toBe(403);
    expect(one.body.error).toBe(`授权设备数已达上限（${devices + 1} 台，现有 ${devices + 1} 台），不能再添加设备；已有设备照常工作。请在“关于 › 授权信息”导入新的授权文件`);
    const copy = await admin.post('/api/t_device/copy', { id: made.body.data.id, name: '副本', code: 'LIC-COPY' });
    expect(copy.status).toBe(403);
    const row = (code: string) => ({ name: '导入', code, project: 'P-SH-01', deviceModel: 'NV-S200', gateway: '', iotId: '', iccid: '', installDate: null, lng: null, lat: null });
    const batch = await admin.post('/api/t_device/batch', { rows: [row('LIC-IMP-1'), row('LIC-IMP-2')] });
    expect(batch.status).toBe(403);
    expect(batch.body.error).toBe(`本次添加 2 台将超出授权设备数上限（${devices + 1} 台，现有 ${devices + 1} 台）；已有设备照常工作。请在“关于 › 授权信息”导入新的授权文件`);
    expect(await count('t_device')).toBe(devices + 1);

    // Existing devices: edited, listed, deleted as before.
    const edited = await admin.post('/api/t_device/save', { ...(await newDevice(1)), name: '改名后', id: made.body.data.id, version: made.body.data.version });
    expect(edited.status, edited.body.error).toBe(200);
    expect((await admin.get('/api/t_device?Page=1&Size=5')).body.data.count).toBe(devices + 1);
    expect((await admin.post(`/api/t_device/del/${made.body.data.id}`)).status).toBe(200);
    // Room again after the delete.
    const again = await admin.post('/api/t_device/save', await newDevice(3));
    expect(again.status, again.body.error).toBe(200);
    expect((await admin.post(`/api/t_device/del/${again.body.data.id}`)).status).toBe(200);
  });

  it('refuses new users beyond the limit; the existing ones keep working', async () => {
    const users = await userCount();
    expect((await importLicence(issue({ maxUsers: users }))).status).toBe(200);
    expect((await info()).warnings).toEqual(['users-full']);
    const { org } = await ids();
    const r = await expectNoChange(server, () => admin.post('/api/user-manage/save', {
      username: 'lic.user', nickName: '授权测试', orgId: org, password: 'Lic@2026x', roleIds: [],
    }));
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/^授权用户数已达上限（\d+ 个，现有 \d+ 个），不能再添加用户；已有用户照常工作/);
    // Existing users sign in and are edited as before.
    const me = await admin.get('/api/user/info');
    expect(me.status).toBe(200);
    expect((await loginAs(server, 'operator')).token).toBeTruthy();
  });

  it('an expired licence refuses new devices and users and warns; the data keeps working', async () => {
    // Stored as it was imported while valid: it expires in the database.
    await db().insertInto('t_licence').values({
      licence_id: 'T-OLD', licensee: '过期客户', expiry: '2025-06-30', content: issue({ id: 'T-OLD', issued: '2024-01-01', expiry: '2025-06-30' }),
      imported_by: null, imported_at: Date.now(),
    }).execute();
    const now = await info();
    expect(now).toMatchObject({ state: 'expired', daysLeft: 0, warnings: ['expired'], payload: { id: 'T-OLD', expiry: '2025-06-30' } });
    const r = await admin.post('/api/t_device/save', await newDevice(4));
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/^授权已于 2025-06-30 到期，不能添加新设备；已有设备照常工作/);
    expect((await admin.get('/api/t_device?Page=1&Size=5')).status).toBe(200);
  });

  it('keeps the imported licence over a restart, and re-verifies it with the keys configured then', async () => {
    const content = issue({ licensee: '重启后仍在', maxDevices: 50_000 });
    expect((await importLicence(content)).status).toBe(200);
    server = await server.restart();
    admin = await loginAs(server, 'admin');
    expect((await info()).payload?.licensee).toBe('重启后仍在');

    // A server that no longer trusts the key reads the stored licence as invalid and adds nothing.
    server = await server.restart({ licencePublicKeys: [shippedKey] });
    admin = await loginAs(server, 'admin');
    const untrusted = await info();
    expect(untrusted).toMatchObject({ state: 'invalid', payload: null, warnings: ['invalid'], problem: expect.stringMatching(/^授权文件签名无效/) });
    const r = await admin.post('/api/t_device/save', await newDevice(5));
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/^授权文件无效，不能添加新设备/);

    // The shipped demo licence imports like any other and is in force again.
    const demo = await importLicence(fs.readFileSync(SHIPPED_LICENCE_FILE, 'utf8'));
    expect(demo.status, demo.body.error).toBe(200);
    expect(demo.body.data).toMatchObject({ state: 'valid', source: 'imported', warnings: [] });
  });
});
