import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoChange } from './db-snapshot';
import { loginAs, startTestServer, type TestServer } from './harness';

describe('alarm contacts', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server.dispose(); });

  it('creates, edits and assigns contacts to a project, replacing the list as a whole', async () => {
    const admin = await loginAs(server, 'admin');
    const created = await admin.post('/api/t_contacts/save', { name: '  王工 ', phone: '138 0000 0000' });
    expect(created.body).toMatchObject({ success: true, data: { name: '王工', phone: '138 0000 0000', email: '' } });
    const id = created.body.data.id;
    const edited = await admin.post('/api/t_contacts/save', { id, version: created.body.data.version, name: '王工', email: 'wang@example.com' });
    expect(edited.body.data).toMatchObject({ id, email: 'wang@example.com', phone: '' });
    const assigned = await admin.post('/api/t_project_contacts/save', { projectId: 2, contactIds: [id, id] });
    expect(assigned.body.data.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await admin.get('/api/t_project_contacts?projectId=2')).body.data).toHaveLength(1);
    expect((await admin.post('/api/t_project_contacts/save', { projectId: 2, contactIds: [] })).body.data).toEqual([]);
  });

  it('refuses bad input and what lies outside the caller\'s scope, changing nothing', async () => {
    const admin = await loginAs(server, 'admin');
    const operator = await loginAs(server, 'operator');
    const noWay = await expectNoChange(server, () => admin.post('/api/t_contacts/save', { name: '无联系方式' }));
    expect(noWay.status).toBe(400);
    expect(noWay.body.error).toBe('body.phone: phone, email or webhookUrl is required');
    const badPhone = await expectNoChange(server, () => admin.post('/api/t_contacts/save', { name: 'x', phone: 'call me' }));
    expect(badPhone.body.error).toMatch(/^body\.phone: /);
    // Operator (OWN-EAST) cannot see the Beijing project (OWN-NORTH) or its contacts.
    const list = (await operator.get('/api/t_contacts?Page=1&Size=50')).body.data;
    expect(list.count).toBe(3);
    const foreign = (await admin.get('/api/t_project_contacts?projectId=4')).body.data[0].id;
    expect((await expectNoChange(server, () => operator.post(`/api/t_contacts/del/${foreign}`))).status).toBe(404);
    expect((await expectNoChange(server, () => operator.get('/api/t_project_contacts?projectId=4'))).status).toBe(404);
    expect((await expectNoChange(server, () => operator.post('/api/t_project_contacts/save', { projectId: 1, contactIds: [foreign] }))).status).toBe(404);
  });
});
