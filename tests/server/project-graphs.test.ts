import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

interface Point { deviceId: number; measureId: number }

/** A maxGraph document: an air-handling unit bound to `point` (when given), a label and an edge. */
function graph(point?: Point, extra = ''): string {
  const binding = point ? ` deviceId="${point.deviceId}" measureId="${point.measureId}" format="0.0" unit="Pa"` : '';
  return '<mxGraphModel dx="800" dy="600" grid="1" gridSize="10"><root><mxCell id="0"/><mxCell id="1" parent="0"/>'
    + `<UserObject id="ahu" label="空调机组"${binding}><mxCell style="shape=image;image=/graph-symbols/ahu.svg" vertex="1" parent="1">`
    + '<mxGeometry x="40" y="40" width="160" height="90" as="geometry"/></mxCell></UserObject>'
    + '<mxCell id="pm" value="PM2.5" style="text" vertex="1" parent="1"><mxGeometry x="300" y="40" width="80" height="30" as="geometry"/></mxCell>'
    + '<mxCell id="e1" style="edgeStyle=orthogonalEdgeStyle" edge="1" parent="1" source="ahu" target="pm"><mxGeometry relative="1" as="geometry"/></mxCell>'
    + `${extra}</root></mxGraphModel>`;
}

describe('project graphs (t_project_graph)', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  /** A project the operator sees, with a device and one of its measures; and a project the operator does not see. */
  let own: { projectId: number; point: Point };
  let foreign: { projectId: number; point: Point };
  const db = () => server.database.db;
  const graphRows = (projectId: number) => db().selectFrom('t_project_graph').selectAll().where('project_id', '=', projectId).orderBy('id').execute();

  async function pointOf(projectId: number): Promise<Point> {
    return db().selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .select(['d.id as deviceId', 'm.id as measureId']).where('d.project_id', '=', projectId).orderBy('d.id').orderBy('m.id')
      .executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
    const seen = new Set(((await operator.get('/api/t_project/names')).body.data as { id: number }[]).map((p) => p.id));
    const projects = await db().selectFrom('t_project as p').innerJoin('t_device as d', 'd.project_id', 'p.id').select('p.id')
      .distinct().orderBy('p.id').execute();
    const ownId = projects.find((p) => seen.has(p.id))!.id;
    const foreignId = projects.find((p) => !seen.has(p.id))!.id;
    // The demo seeds a graph per project; these tests start from projects without one.
    await db().deleteFrom('t_project_graph').where('project_id', 'in', [ownId, foreignId]).execute();
    own = { projectId: ownId, point: await pointOf(ownId) };
    foreign = { projectId: foreignId, point: await pointOf(foreignId) };
  });
  afterAll(async () => { await server?.dispose(); });

  it('answers 404 for default and active while a project has no graph, and an empty list', async () => {
    expect(await graphRows(own.projectId)).toEqual([]);
    expect((await operator.get(`/api/t_project_graph/all?projectId=${own.projectId}`)).body).toEqual({ success: true, data: [] });
    for (const which of ['default', 'active']) {
      const r = await operator.get(`/api/t_project_graph/${which}?projectId=${own.projectId}`);
      expect({ status: r.status, error: r.body.error }).toEqual({ status: 404, error: '组态不存在' });
    }
  });

  it('saves, reads back, lists without xml, and edits; the first graph is the default', async () => {
    const xml = graph(own.point);
    const saved = await operator.post('/api/t_project_graph/save', { projectId: own.projectId, name: '一层空调系统', xml });
    expect(saved.body).toMatchObject({ success: true, data: { projectId: own.projectId, name: '一层空调系统', isDefault: true, isActive: true, xml, content: '', removed: [] } });
    const id = saved.body.data.id as number;

    expect((await operator.get(`/api/t_project_graph/${id}`)).body.data).toMatchObject({ id, xml });
    expect((await operator.get(`/api/t_project_graph/default?projectId=${own.projectId}`)).body.data).toMatchObject({ id, xml });
    expect((await operator.get(`/api/t_project_graph/active?projectId=${own.projectId}`)).body.data).toMatchObject({ id });
    const list = await operator.get(`/api/t_project_graph/all?projectId=${own.projectId}`);
    expect(list.body.data).toEqual([expect.objectContaining({ id, name: '一层空调系统', isDefault: true })]);
    expect(list.body.data[0].xml).toBeUndefined();

    const edited = await operator.post('/api/t_project_graph/save', {
      id, projectId: own.projectId, name: '一层空调系统（改）', xml: graph(), content: '{"zoom":1.5}',
    });
    expect(edited.body.data).toMatchObject({ id, name: '一层空调系统（改）', xml: graph(), content: '{"zoom":1.5}', isDefault: true });
    expect((await graphRows(own.projectId)).map((r) => [r.id, r.name, r.xml])).toEqual([[id, '一层空调系统（改）', graph()]]);
  });

  it('keeps one default per project: setting one clears the others; the default is not deleted while others exist', async () => {
    const [first] = await graphRows(own.projectId);
    const second = (await operator.post('/api/t_project_graph/save', { projectId: own.projectId, name: '二层', xml: graph() })).body.data;
    expect(second.isDefault).toBe(false);
    const third = (await operator.post('/api/t_project_graph/save', { projectId: own.projectId, name: '三层', xml: graph(), isDefault: true })).body.data;
    expect(third.isDefault).toBe(true);
    expect((await graphRows(own.projectId)).map((r) => [r.id, Number(r.is_default)])).toEqual([[first.id, 0], [second.id, 0], [third.id, 1]]);
    expect((await operator.get(`/api/t_project_graph/default?projectId=${own.projectId}`)).body.data.id).toBe(third.id);

    const undefault = await expectNoChange(server, () => operator.post('/api/t_project_graph/save', {
      id: third.id, projectId: own.projectId, name: '三层', xml: graph(), isDefault: false,
    }));
    expect({ status: undefault.status, error: undefault.body.error }).toMatchObject({ status: 400, error: expect.stringMatching(/^body\.isDefault: /) });
    const delDefault = await expectNoChange(server, () => operator.post(`/api/t_project_graph/del/${third.id}`));
    expect({ status: delDefault.status, error: delDefault.body.error }).toEqual({ status: 400, error: '不能删除默认组态：请先把另一个组态设为默认' });

    // Active: the default while it is active, else the first active graph.
    await operator.post('/api/t_project_graph/save', { id: third.id, projectId: own.projectId, name: '三层', xml: graph(), isActive: false });
    expect((await operator.get(`/api/t_project_graph/active?projectId=${own.projectId}`)).body.data.id).toBe(first.id);

    expect((await operator.post(`/api/t_project_graph/del/${second.id}`)).body).toEqual({ success: true, data: true });
    expect((await operator.post(`/api/t_project_graph/del/${first.id}`)).body).toEqual({ success: true, data: true });
    expect((await operator.post(`/api/t_project_graph/del/${third.id}`)).body).toEqual({ success: true, data: true });
    expect(await graphRows(own.projectId)).toEqual([]);
    expect((await operator.get(`/api/t_project_graph/${third.id}`)).status).toBe(404);
  });

  it('limits every call to the projects the user may see', async () => {
    const made = await admin.post('/api/t_project_graph/save', { projectId: foreign.projectId, name: '外部项目', xml: graph(foreign.point) });
    expect(made.body.success).toBe(true);
    const id = made.body.data.id as number;
    expect((await admin.get(`/api/t_project_graph/${id}`)).body.data.id).toBe(id);

    for (const url of [`/api/t_project_graph/${id}`, `/api/t_project_graph/default?projectId=${foreign.projectId}`,
      `/api/t_project_graph/all?projectId=${foreign.projectId}`, `/api/t_project_graph/active?projectId=${foreign.projectId}`]) {
      const r = await operator.get(url);
      expect({ url, status: r.status, data: r.body.data }).toEqual({ url, status: 404, data: undefined });
    }
    const write = await expectNoChange(server, () => operator.post('/api/t_project_graph/save', { projectId: foreign.projectId, name: 'x', xml: graph() }));
    expect(write.status).toBe(404);
    const edit = await expectNoChange(server, () => operator.post('/api/t_project_graph/save', { id, projectId: own.projectId, name: 'x', xml: graph() }));
    expect(edit.status).toBe(404);
    const del = await expectNoChange(server, () => operator.post(`/api/t_project_graph/del/${id}`));
    expect(del.status).toBe(404);
    // Nor can the admin move a graph to another project.
    const move = await expectNoChange(server, () => admin.post('/api/t_project_graph/save', { id, projectId: own.projectId, name: 'x', xml: graph() }));
    expect({ status: move.status, error: move.body.error }).toEqual({ status: 400, error: 'body.projectId: a graph cannot move to another project' });
  });

  it('sanitises hostile XML on save: the stored document no longer holds it, and the answer says what went', async () => {
    const hostile = '<mxCell id="x1" value="hi" onclick="alert(1)" style="html=1;image=https://evil.example/a.png;fillColor=#fff" vertex="1" parent="1">'
      + '<mxGeometry x="0" y="0" width="10" height="10" as="geometry"/><script>alert(2)</script></mxCell>'
      + '<UserObject id="x2" label="javascript:alert(3)" xlink:href="http://evil.example"><mxCell vertex="1" parent="1"/></UserObject>';
    const r = await operator.post('/api/t_project_graph/save', { projectId: own.projectId, name: '恶意', xml: graph(own.point, hostile) });
    expect(r.body.success).toBe(true);
    expect(r.body.data.removed).toEqual([
      'cell x1: attribute onclick (event handler)', 'cell x1: style html=1 (labels are plain text)',
      'cell x1: style image (only /files/, /graph-symbols/ or data:image base64 images)', 'cell x1: element <script> (unsafe element)',
      'cell x2: attribute label (javascript: URL)', 'cell x2: attribute xlink:href (not allowed)',
    ]);
    const stored = (await db().selectFrom('t_project_graph').select('xml').where('id', '=', r.body.data.id).executeTakeFirstOrThrow()).xml;
    expect(stored).toBe(r.body.data.xml);
    expect(stored).not.toMatch(/onclick|script|evil|html=1|xlink/i);
    expect(stored).toContain('<mxCell id="x1" value="hi" style="fillColor=#fff" vertex="1" parent="1">');
    await operator.post(`/api/t_project_graph/del/${r.body.data.id}`);
  });

  it('refuses invalid XML with 400 naming the problem, and stores nothing', async () => {
    const cases: [string, RegExp][] = [
      ['<mxGraphModel><root><mxCell id="0"></root></mxGraphModel>', /^body\.xml: line 1: unbalanced tags: <\/root> closes <mxCell>$/],
      ['<!DOCTYPE x [<!ENTITY a "aaaa">]><mxGraphModel/>', /^body\.xml: line 1: DOCTYPE declarations are not allowed$/],
      ['<html><script>alert(1)</script></html>', /^body\.xml: the root element must be <mxGraphModel>/],
      ['not xml at all', /^body\.xml: line 1: unexpected text outside the root element$/],
    ];
    for (const [xml, error] of cases) {
      const r = await expectNoChange(server, () => operator.post('/api/t_project_graph/save', { projectId: own.projectId, name: '坏', xml }));
      expect({ status: r.status, success: r.body.success }).toEqual({ status: 400, success: false });
      expect(r.body.error).toMatch(error);
    }
    const big = await expectNoChange(server, () => operator.post('/api/t_project_graph/save', {
      projectId: own.projectId, name: '大', xml: graph(undefined, `<mxCell id="big" value="${'很'.repeat(800_000)}" vertex="1" parent="1"/>`),
    }));
    expect({ status: big.status, error: big.body.error }).toMatchObject({ status: 400, error: expect.stringMatching(/^body\.xml: the graph is \d+ bytes; at most 2097152/) });
  });

  it('refuses a cell bound to a device of another project, naming the cell', async () => {
    const r = await expectNoChange(server, () => operator.post('/api/t_project_graph/save', {
      projectId: own.projectId, name: '越权绑定', xml: graph(foreign.point),
    }));
    expect({ status: r.status, error: r.body.error }).toEqual({
      status: 400, error: `body.xml: cell ahu: device ${foreign.point.deviceId} is not a device of this project`,
    });
    const other = await db().selectFrom('t_measure').select('id')
      .where('device_model_id', 'not in', db().selectFrom('t_device').select('device_model_id').where('id', '=', own.point.deviceId))
      .executeTakeFirstOrThrow();
    const m = await expectNoChange(server, () => operator.post('/api/t_project_graph/save', {
      projectId: own.projectId, name: '错测点', xml: graph({ deviceId: own.point.deviceId, measureId: other.id }),
    }));
    expect({ status: m.status, error: m.body.error }).toEqual({
      status: 400, error: `body.xml: cell ahu: measure ${other.id} is not a measure of device ${own.point.deviceId}`,
    });
  });

  it('lets the guest read but not write', async () => {
    const guest = await new ApiClient(server.url).request('POST', '/api/user-manage/guest', { tokenExpired: 30 });
    const g = new ApiClient(server.url);
    g.token = guest.body.data.token;
    expect((await g.get(`/api/t_project_graph/all?projectId=${own.projectId}`)).status).toBe(200);
    const w = await expectNoChange(server, () => g.post('/api/t_project_graph/save', { projectId: own.projectId, name: 'g', xml: graph() }));
    expect(w.status).toBe(403);
  });
});
