import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../contract/analysis/filter-life';
import { MeasureTag, MessageType } from '../../contract/enums';
import { listDueFilters, recalcDeviceLife, siteDayStart, startNewLifeCycle } from '../../server/analysis/life/life-service';
import { prng } from '../../server/seed/prng';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';

const HOUR = 3_600_000;
/** Days of the synthetic histories are whole site days ending at NOW. */
const NOW = siteDayStart(Date.now()) + 12 * HOUR;

let server: TestServer;
let admin: ApiClient;
let operator: ApiClient;
const db = () => server.database.db;

/** Ids of the operator's project P-SH-01, an F600 model and its resistance, air volume and PM2.5 points. */
let project: { id: number; modelId: number; resistance: number; air: number; pm: number };
let filterTypeId: number;

/** A new filter model with only the resistance criterion (no dust, no service-day limit) unless given. */
async function makeModel(code: string, over: Record<string, unknown> = {}): Promise<number> {
  return (await db().insertInto('t_filter').values({
    code, name: `测试滤材 ${code}`, filter_type_id: filterTypeId, initial_pa: 80, final_pa: 450, final_multiple: null, rated_air_m3h: 7200,
    dust_capacity_g: null, max_days: null, warn_days: 0, alg: 'auto', created_at: NOW, updated_at: NOW, ...over,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

let serial = 0;
/**
 * A new F600 device in P-SH-01 holding `filterId` since `installedAt`, with hourly rollups of
 * resistance `pa(dayOffset)` (days since `start`) from `start` to NOW, plus air volume and PM.
 */
async function makeDevice(filterId: number, installedAt: number, start: number, pa: (x: number, random: () => number) => number): Promise<number> {
  serial++;
  const id = (await db().insertInto('t_device').values({
    name: `寿命测试设备 ${serial}`, code: `LIFE-T-${serial}`, project_id: project.id, device_model_id: project.modelId, device_type_id: 2006, created_at: NOW,
  }).returning('id').executeTakeFirstOrThrow()).id;
  await db().insertInto('t_device_filter').values({ device_id: id, filter_id: filterId, quantity: 2, installed_at: installedAt, installed_by: null }).execute();
  const random = prng(serial * 7919);
  const rows = [];
  for (let t = Math.ceil(start / HOUR) * HOUR; t < NOW; t += HOUR) {
    const x = (t - start) / DAY_MS;
    const v = pa(x, random);
    rows.push({ device_id: id, measure_id: project.resistance, bucket: t, min_value: v, max_value: v, sum_value: v * 4, sample_count: 4 });
    rows.push({ device_id: id, measure_id: project.air, bucket: t, min_value: 7000, max_value: 7000, sum_value: 7000, sample_count: 1 });
    rows.push({ device_id: id, measure_id: project.pm, bucket: t, min_value: 50, max_value: 50, sum_value: 50, sample_count: 1 });
  }
  for (let i = 0; i < rows.length; i += 500) await db().insertInto('t_history_measure_1h').values(rows.slice(i, i + 500)).execute();
  return id;
}

const life = (deviceId: number) => db().selectFrom('t_device_life').selectAll().where('device_id', '=', deviceId).executeTakeFirstOrThrow();
const daysOff = (at: number | null, truth: number) => Math.abs((at! - truth) / DAY_MS);

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginAs(server, 'admin');
  operator = await loginAs(server, 'operator');
  const p = await db().selectFrom('t_project').select('id').where('code', '=', 'P-SH-01').executeTakeFirstOrThrow();
  const m = await db().selectFrom('t_device_model').select('id').where('code', '=', 'NV-F600').executeTakeFirstOrThrow();
  const point = async (tag: number) => (await db().selectFrom('t_measure').select('id').where('device_model_id', '=', m.id).where('tag_id', '=', tag).executeTakeFirstOrThrow()).id;
  project = { id: p.id, modelId: m.id, resistance: await point(MeasureTag.Resistance), air: await point(MeasureTag.AirVolume), pm: await point(MeasureTag.PM25) };
  filterTypeId = (await db().selectFrom('t_filter_type').select('id').where('code', '=', 'F').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => server?.dispose());

describe('life prediction on synthetic histories (known answers)', () => {
  it('linear, exponential, noisy and with a replacement in the middle land within 3 days of the truth', async () => {
    const model = await makeModel('T-TREND');
    const start = NOW - 50 * DAY_MS;
    // Linear: 80 + 5 Pa/day reaches 450 Pa on day 74.
    const linear = await makeDevice(model, start, start, (x) => 80 + 5 * x);
    // Exponential: 60 + 20·e^(0.04x) reaches 450 Pa at ln(19.5)/0.04 = 74.26 days.
    const expo = await makeDevice(model, start, start, (x) => 60 + 20 * Math.exp(0.04 * x));
    // Noisy linear (σ ≈ 6 Pa a reading, dropouts and spikes): 80 + 4 Pa/day reaches 450 on day 92.5.
    const noisy = await makeDevice(model, start, start, (x, r) => {
      const u = r();
      if (u < 0.01) return 0;
      if (u < 0.02) return 80 + 4 * x + 150;
      return 80 + 4 * x + 6 * Math.sqrt(-2 * Math.log(r() || 1e-9)) * Math.cos(2 * Math.PI * r());
    });
    // Replaced (unrecorded) on day 40 of 80: the old filter rose 8 Pa/day, the new one 5 Pa/day → due day 40 + 74.
    const s2 = NOW - 80 * DAY_MS;
    const replaced = await makeDevice(model, s2, s2, (x) => (x < 40 ? 80 + 8 * x : 80 + 5 * (x - 40)));

    const r = await recalcDeviceLife(db(), [linear, expo, noisy, replaced], NOW);
    expect(r.computed).toBe(4);
    const l = await life(linear);
    expect(l.reason).toBe('trend');
    expect(daysOff(l.predicted_at, start + 74 * DAY_MS)).toBeLessThan(3);
    expect(l.interval_low!).toBeLessThanOrEqual(l.predicted_at!);
    expect(l.interval_high!).toBeGreaterThanOrEqual(l.predicted_at!);
    expect(l.used_ratio!).toBeCloseTo(50 / 74, 1);
    expect(daysOff((await life(expo)).predicted_at, start + (Math.log(19.5) / 0.04) * DAY_MS)).toBeLessThan(3);
    expect(daysOff((await life(noisy)).predicted_at, start + 92.5 * DAY_MS)).toBeLessThan(3);
    const rep = await life(replaced);
    expect(daysOff(rep.cycle_start, s2 + 40 * DAY_MS)).toBeLessThanOrEqual(1);
    expect(daysOff(rep.predicted_at, s2 + 114 * DAY_MS)).toBeLessThan(3);
    expect(JSON.parse(rep.detail).replacements.length).toBe(1);
  }, 60_000);

  it('takes whichever criterion comes first and says why: service days, dust', async () => {
    const start = NOW - 30 * DAY_MS;
    const days = await makeDevice(await makeModel('T-DAYS', { max_days: 40 }), start, start, (x) => 80 + 5 * x);
    // Dust: 50 μg/m³ × 7000 m³/h × 0.9 × 24 h = 7.56 g/day; 30 days loaded 226.8 g of 300 g → 9.7 days left.
    const dust = await makeDevice(await makeModel('T-DUST', { dust_capacity_g: 300 }), start, start, (x) => 80 + 5 * x);
    await recalcDeviceLife(db(), [days, dust], NOW);
    const d = await life(days);
    expect(d.reason).toBe('days');
    expect(daysOff(d.predicted_at, start + 40 * DAY_MS)).toBeLessThan(0.01);
    const u = await life(dust);
    expect(u.reason).toBe('dust');
    expect(daysOff(u.predicted_at, NOW + ((300 - 30 * 7.56) / 7.56) * DAY_MS)).toBeLessThan(1.5);
  }, 60_000);

  it('evaluates a model\'s formula through the safe evaluator (alg formula)', async () => {
    const f = (await admin.post('/app-api/t_life_formula/save', { name: '按天数 ×2', source: 'serviceDays * 2' })).body.data;
    const start = NOW - 20 * DAY_MS;
    const model = await makeModel('T-FORMULA', { alg: 'formula', formula_id: f.id });
    const device = await makeDevice(model, start, start, (x) => 80 + 5 * x);
    await recalcDeviceLife(db(), [device], NOW);
    // 20 days → 40 % used → 30 more days at the same pace (before the trend's 54 days).
    const l = await life(device);
    expect(l.reason).toBe('formula');
    expect(daysOff(l.predicted_at, NOW + 30 * DAY_MS)).toBeLessThan(0.1);
    expect(l.used_ratio).toBeCloseTo(0.4, 3);
    // A formula that cannot run says why on the row and predicts by the other criteria.
    await db().updateTable('t_life_formula').set({ source: 'dust / dustCapacity * 100' }).where('id', '=', f.id).execute();
    await recalcDeviceLife(db(), [device], NOW);
    const again = await life(device);
    expect(JSON.parse(again.detail).formulaError.code).toBe('missing-value');
  }, 60_000);
});

describe('life alarm (message type 8)', () => {
  it('is sent once per life cycle to the project\'s users, again after an installation', async () => {
    const start = NOW - 50 * DAY_MS;
    const model = await makeModel('T-WARN', { warn_days: 30 });
    const device = await makeDevice(model, start, start, (x) => 80 + 5 * x);
    const count = async () => Number((await db().selectFrom('t_history_message').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', MessageType.LifeAlarm).where('data', 'like', `%"deviceId":${device},%`).executeTakeFirstOrThrow()).n);
    const first = await recalcDeviceLife(db(), [device], NOW);
    expect(first.warned).toBe(1);
    const sent = await count();
    expect(sent).toBeGreaterThan(0);
    const mine = await operator.get(`/api/t_history_message?Page=1&Size=50&type=${MessageType.LifeAlarm}`);
    expect(mine.body.data.list.some((m: { content: string }) => m.content.includes(`寿命测试设备`))).toBe(true);
    // Recalculated again (and by the API): no second message.
    expect((await recalcDeviceLife(db(), [device], NOW + HOUR)).warned).toBe(0);
    expect((await admin.post('/app-api/t_device/recalc-devlife', { deviceIds: [device] })).body.data.warned).toBe(0);
    expect(await count()).toBe(sent);
    // Its model's settings saved again (the cycle is found afresh from every day): still the one message.
    const m = (await admin.get(`/app-api/t_filter/${model}`)).body.data;
    const resaved = await admin.post('/app-api/t_filter/setting', {
      id: model, initialPa: m.initialPa, finalPa: m.finalPa, finalMultiple: m.finalMultiple, ratedAirM3h: m.ratedAirM3h,
      dustCapacityG: m.dustCapacityG, captureEfficiency: m.captureEfficiency, maxDays: m.maxDays, warnDays: m.warnDays,
    });
    expect(resaved.status, JSON.stringify(resaved.body)).toBe(200);
    expect(await count()).toBe(sent);
    // A new filter: a new cycle that may warn again when it is near its end (here at once: its model lasts 10 days).
    const short = await makeModel('T-WARN-2', { warn_days: 30, max_days: 10 });
    await startNewLifeCycle(db(), { deviceId: device, filterId: short, quantity: 3, at: NOW - DAY_MS, by: null }, { now: NOW });
    const l = await life(device);
    expect(l.filter_id).toBe(short);
    expect(l.reason).toBe('days');
    expect(l.warned_at).toBe(NOW);
    expect(await count()).toBe(sent * 2);
    const df = await db().selectFrom('t_device_filter').selectAll().where('device_id', '=', device).executeTakeFirstOrThrow();
    expect({ quantity: df.quantity, installed_at: Number(df.installed_at) }).toEqual({ quantity: 3, installed_at: NOW - DAY_MS });
  }, 60_000);
});

describe('/app-api life family', () => {
  it('demo: every purifier holds a filter model, a handful due within 30 days', async () => {
    const held = await db().selectFrom('t_device_filter').select('device_id').execute();
    expect(held.length).toBeGreaterThan(20);
    const due = await listDueFilters(db(), { projectIds: 'all', dueBefore: Date.now() + 30 * DAY_MS });
    expect(due.length).toBeGreaterThanOrEqual(3);
    const models = (await admin.get('/app-api/t_filter/all')).body.data as { code: string; supplierName: string | null; deviceCount: number }[];
    expect(models.map((m) => m.code)).toEqual(expect.arrayContaining(['LF-G4-592', 'LF-F8-592', 'LF-H13-610']));
    expect(models.find((m) => m.code === 'LF-F8-592')!.supplierName).toBeTruthy();
  });

  it('lists life within the caller\'s scope, with filters and paging', async () => {
    const all = (await admin.get('/app-api/t_device/life-analyze?Page=1&Size=500')).body.data;
    const mine = (await operator.get('/app-api/t_device/life-analyze?Page=1&Size=500')).body.data;
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.count).toBeLessThan(all.count);
    const visible = new Set((await operator.get('/api/t_device?Page=1&Size=500')).body.data.list.map((d: { id: number }) => d.id));
    for (const row of mine.list) expect(visible.has(row.deviceId)).toBe(true);
    const page2 = (await admin.get('/app-api/t_device/life-analyze?Page=2&Size=5&order=device')).body.data;
    expect(page2.list.length).toBe(5);
    const due = (await admin.get(`/app-api/t_device/life-analyze?Page=1&Size=500&dueBefore=${Date.now() + 30 * DAY_MS}`)).body.data;
    for (const row of due.list) expect(row.predictedAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    // Someone else's device: recalculating it answers 404, as if it did not exist.
    const other = all.list.find((r: { deviceId: number }) => !visible.has(r.deviceId));
    const refused = await operator.post('/app-api/t_device/recalc-devlife', { deviceIds: [other.deviceId] });
    expect(refused.status).toBe(404);
    expect((await operator.get(`/app-api/t_device/life-trend?deviceId=${other.deviceId}`)).status).toBe(404);
  });

  it('a changed final resistance moves the prediction; bad settings answer 400 naming the field', async () => {
    const start = NOW - 50 * DAY_MS;
    const id = await makeModel('T-MOVE');
    const device = await makeDevice(id, start, start, (x) => 80 + 5 * x);
    await recalcDeviceLife(db(), [device], Date.now());
    const before = (await admin.get(`/app-api/t_device/life-trend?deviceId=${device}`)).body.data;
    expect(before.fit.length).toBeGreaterThan(2);
    expect(before.finalPa).toBe(450);
    const model = (await admin.get(`/app-api/t_filter/${id}`)).body.data;
    const setting = { id, initialPa: 80, finalPa: 500, finalMultiple: null, ratedAirM3h: 7200, dustCapacityG: null, captureEfficiency: 0.9, maxDays: null, warnDays: 0 };
    const saved = await admin.post('/app-api/t_filter/setting', setting);
    expect(saved.body.data.finalPa).toBe(500);
    expect(saved.body.data.version).toBe(model.version + 1);
    const after = (await admin.get(`/app-api/t_device/life-trend?deviceId=${device}`)).body.data;
    expect((after.row.predictedAt - before.row.predictedAt) / DAY_MS).toBeCloseTo(10, 0);

    const bad = await admin.post('/app-api/t_filter/setting', { ...setting, finalPa: 50 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^body\.finalPa/);
    const noFormula = await admin.post('/app-api/t_filter/alg', { id, alg: 'formula' });
    expect(noFormula.status).toBe(400);
    expect(noFormula.body.error).toMatch(/^body\.formulaId/);
    expect((await admin.post('/app-api/t_filter/alg', { id: 999_999, alg: 'auto' })).status).toBe(404);
    const dupe = await admin.post('/app-api/t_filter/save', { ...setting, id: undefined, code: 'LF-F8-592', name: 'x', filterTypeId });
    expect(dupe.status).toBe(400);
    expect(dupe.body.error).toMatch(/^body\.code/);
    expect((await admin.get(`/app-api/t_filter/${id}`)).body.data.finalPa).toBe(500);
    expect((await admin.post(`/app-api/t_filter/del/${id}`)).status).toBe(409);
  }, 60_000);

  it('tests formulas on sample values with clear errors naming the position; refuses to save a bad one', async () => {
    const ok = (await admin.post('/app-api/t_life_formula/test', { source: '(resistance - initialResistance) / (finalResistance - initialResistance) * 100', sample: { resistance: 300 } })).body.data;
    expect(ok).toEqual({ ok: true, usedPercent: 50, uses: ['resistance', 'initialResistance', 'finalResistance'] });
    const syntax = (await admin.post('/app-api/t_life_formula/test', { source: 'resistance * (2 +' })).body.data;
    expect(syntax).toMatchObject({ ok: false, code: 'syntax', position: 17 });
    expect(syntax.errorZh).toMatch(/^第 18 个字符处/);
    const unknown = (await admin.post('/app-api/t_life_formula/test', { source: 'resistance + pressure' })).body.data;
    expect(unknown).toMatchObject({ ok: false, code: 'unknown-variable', position: 13, unknown: ['pressure'] });
    const code = (await admin.post('/app-api/t_life_formula/test', { source: 'process.exit(1)' })).body.data;
    expect(code.ok).toBe(false);
    const refused = await admin.post('/app-api/t_life_formula/save', { name: '坏公式', source: 'resistance +' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^body\.source: 第 13 个字符处/);
    expect((await admin.get('/app-api/t_life_formula')).body.data.some((f: { name: string }) => f.name === '坏公式')).toBe(false);
    const badSample = await admin.post('/app-api/t_life_formula/test', { source: 'resistance', sample: { resistance: 'x' } });
    expect(badSample.status).toBe(400);
    expect(badSample.body.error).toMatch(/^body\.sample\.resistance/);
  });
});
