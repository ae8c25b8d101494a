import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RealAlarmPage } from '../../contract/alarms';
import { loginAs, startTestServer, type TestServer } from './harness';

describe('real-time alarms', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server.dispose(); });

  it('lists the open alarms newest first, five for the bell, with the SPEC fields', async () => {
    const admin = await loginAs(server, 'admin');
    const count = (await admin.get('/api/t_real_measure_warning/count?appId=1')).body.data;
    const alarmDevices = await server.database.db.selectFrom('t_device').select('id').where('state', '=', 2).execute();
    expect(count).toBe(alarmDevices.length);
    expect(count).toBeGreaterThan(5);
    const page = await admin.get('/api/t_real_measure_warning?Page=1&Size=5');
    const data = RealAlarmPage.parse(page.body.data);
    expect(data.count).toBe(count);
    expect(data.list).toHaveLength(5);
    const times = data.list.map((a) => a.raisedAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const a of data.list) {
      expect(a.deviceState).toBe(2);
      expect(a.projectName).not.toBe('');
      expect(a.alarmContent).toContain(a.measureName);
    }
  });

  it('words the content per SPEC §5 and keeps the operator within its projects', async () => {
    const admin = await loginAs(server, 'admin');
    const all = RealAlarmPage.parse((await admin.get('/api/t_real_measure_warning?Page=1&Size=50')).body.data).list;
    const resistance = all.find((a) => a.measureName === '阻力');
    if (resistance) expect(resistance.alarmContent).toBe(`阻力当前值${resistance.sampleValue}Pa，大于设定值450Pa`);
    const operator = await loginAs(server, 'operator');
    const mine = RealAlarmPage.parse((await operator.get('/api/t_real_measure_warning?Page=1&Size=50')).body.data).list;
    const names = new Set(((await operator.get('/api/t_project/names')).body.data as { name: string }[]).map((p) => p.name));
    expect(mine.length).toBeLessThan(all.length);
    for (const a of mine) expect(names.has(a.projectName)).toBe(true);
    expect((await operator.get('/api/t_real_measure_warning/count')).body.data).toBe(mine.length);
  });
});
