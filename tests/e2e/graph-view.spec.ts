import { expect, test } from '@playwright/test';
import { apiGet, apiPost } from './pages/api';
import { boundCells, GraphView } from './pages/GraphView';
import { ingest } from './pages/telemetry';

const SHOTS = 'test-results/screenshots';
/** contract/graph/binding DEFAULT_STATE_COLORS. */
const RED = '#ff4d4f';
const GREEN = '#2fd18c';

interface DeviceRow { id: number; name: string; projectId: number | null; state: number }
interface RealValueRow { measureId: number; measureName: string; alarm: boolean }
interface Named { id: number; name: string }

test.describe('live project graph /nv_project_visualization', () => {
  test('bound values follow ingested data; an alarm turns its cell red and clearing it turns it back', async ({ page, request, baseURL }) => {
    test.setTimeout(90_000);
    const token = await GraphView.signIn(page, request, baseURL!);
    // A filter whose 阻力 (alarms above 450 Pa) has no open alarm, in a project with a graph.
    const devices = (await apiGet<{ list: DeviceRow[] }>(request, token, '/t_device?Page=1&Size=200&keyword=过滤器')).list;
    let found: { projectId: number; deviceId: number; measureId: number } | undefined;
    for (const d of devices.filter((x) => x.projectId !== null)) {
      const values = await apiGet<RealValueRow[]>(request, token, `/t_real_measure/values?deviceId=${d.id}`);
      const point = values.find((v) => v.measureName === '阻力' && !v.alarm);
      if (point) {
        found = { projectId: d.projectId!, deviceId: d.id, measureId: point.measureId };
        break;
      }
    }
    expect(found, 'a demo filter without a resistance alarm').toBeDefined();
    const { projectId, deviceId, measureId } = found!;
    const cell = (await boundCells(request, token, projectId)).find((c) => c.deviceId === deviceId && c.measureId === measureId && c.symbol.startsWith('filter'));
    expect(cell, 'the seeded graph draws the filter bound to its resistance').toBeDefined();

    const view = new GraphView(page);
    await view.open(projectId);
    await view.waitUntilLive();
    const shape = view.shape(cell!.cellId);
    await expect(shape).toBeVisible();

    // A value comes in through the real ingest path and shows on the filter's label.
    const ts = Date.now() + 60_000;
    await ingest(request, token, [{ deviceId, measureId, value: 123.4, ts }]);
    await expect.poll(() => view.labelOf(cell!.cellId), { timeout: 10_000 }).toContain('123.4 Pa');
    await expect(shape).toHaveAttribute('data-state', 'normal');
    expect(await view.strokesOf(cell!.cellId)).toContain(GREEN);

    // Two samples over the limit raise the alarm: the filter's frame turns red.
    await ingest(request, token, [0, 1].map((i) => ({ deviceId, measureId, value: 587.5, ts: ts + (i + 1) * 1_000 })));
    await expect(shape).toHaveAttribute('data-state', 'alarm', { timeout: 10_000 });
    await expect.poll(() => view.strokesOf(cell!.cellId)).toContain(RED);
    // The alarm and the value are separate pushes: the value may reach the label a batch later.
    await expect.poll(() => view.labelOf(cell!.cellId)).toContain('587.5 Pa');
    await page.screenshot({ path: `${SHOTS}/graph-alarm-${projectId}.png` });

    // Two normal samples clear it: back to the normal colour.
    await ingest(request, token, [0, 1].map((i) => ({ deviceId, measureId, value: 210, ts: ts + (i + 3) * 1_000 })));
    await expect(shape).toHaveAttribute('data-state', 'normal', { timeout: 10_000 });
    await expect.poll(() => view.strokesOf(cell!.cellId)).not.toContain(RED);
    expect(await view.strokesOf(cell!.cellId)).toContain(GREEN);
    await expect.poll(() => view.labelOf(cell!.cellId)).toContain('210.0 Pa');
  });

  test('a project without a graph says 暂无组态数据', async ({ page, request, baseURL }) => {
    const token = await GraphView.signIn(page, request, baseURL!);
    const projects = await apiGet<Named[]>(request, token, '/t_project/names');
    const project = projects.at(-1)!;
    const graphs = await apiGet<{ id: number; name: string; isDefault: boolean }[]>(request, token, `/t_project_graph/all?projectId=${project.id}`);
    const stored = await Promise.all(graphs.map((g) => apiGet<{ name: string; xml: string; isDefault: boolean }>(request, token, `/t_project_graph/${g.id}`)));
    // Others first: the default goes last, when it is the only one.
    for (const g of [...graphs].sort((a, b) => Number(a.isDefault) - Number(b.isDefault))) {
      expect((await apiPost(request, token, `/t_project_graph/del/${g.id}`)).success).toBe(true);
    }
    try {
      const view = new GraphView(page);
      await view.open(project.id);
      await expect(view.box).toHaveAttribute('data-graph-phase', 'empty', { timeout: 20_000 });
      await expect(page.getByText('暂无组态数据')).toBeVisible();
      expect(await view.liveGraphs(), 'no maxGraph instance for an empty project').toBe(0);
    } finally {
      for (const g of stored) {
        const saved = await apiPost(request, token, '/t_project_graph/save', { projectId: project.id, name: g.name, xml: g.xml, isDefault: g.isDefault });
        expect(saved.success, JSON.stringify(saved.error)).toBe(true);
      }
    }
  });

  test('the graph fits 1920×1080 and 3840×2160, and switching projects leaves one graph alive', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const token = await GraphView.signIn(page, request, baseURL!);
    const projects = await apiGet<Named[]>(request, token, '/t_project/names');
    const view = new GraphView(page);
    for (const [width, height] of [[1920, 1080], [3840, 2160]]) {
      await page.setViewportSize({ width, height });
      await view.open(projects[0].id);
      await view.waitUntilLive();
      // The drawing (every cell) lies inside the window and fills it in one direction.
      const box = await view.svg.evaluate((svg) => {
        const rects = [...svg.querySelectorAll('g[data-cell-id]')].map((g) => g.getBoundingClientRect()).filter((r) => r.width > 0);
        return {
          left: Math.min(...rects.map((r) => r.left)), top: Math.min(...rects.map((r) => r.top)),
          right: Math.max(...rects.map((r) => r.right)), bottom: Math.max(...rects.map((r) => r.bottom)),
        };
      });
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
      expect(box.bottom).toBeLessThanOrEqual(height);
      const fill = Math.max((box.right - box.left) / width, (box.bottom - box.top) / height);
      expect(fill, 'the graph fills the window in width or height').toBeGreaterThan(0.9);
      await page.screenshot({ path: `${SHOTS}/graph-${projects[0].id}-${width}x${height}.png` });
    }

    // → steps to the next projects; each swap disposes the old graph before the next is counted.
    for (const next of projects.slice(1, 4)) {
      await page.keyboard.press('ArrowRight');
      await expect(page.locator(`[data-page="nv_project_visualization"][data-project="${next.id}"]`)).toBeVisible();
      await view.waitUntilLive();
      expect(await view.liveGraphs()).toBe(1);
    }
  });

  test('values that cannot be read show the stale marker, and it goes once the read succeeds again', async ({ page, request, baseURL }) => {
    const token = await GraphView.signIn(page, request, baseURL!);
    const projects = await apiGet<Named[]>(request, token, '/t_project/names');
    let refuse = true;
    await page.route('**/api/s/graph-live**', (route) => (refuse ? route.abort('connectionrefused') : route.continue()));
    const view = new GraphView(page);
    await view.open(projects[1].id);
    // The graph itself is drawn; its values are not trusted.
    await expect(view.box).toHaveAttribute('data-graph-phase', 'ready', { timeout: 20_000 });
    await expect(view.box).toHaveAttribute('data-stale', 'true');
    await expect(view.staleMarker).toBeVisible();
    await expect(view.staleMarker).toHaveText('数据延迟');
    refuse = false;
    // The snapshot is retried (5 s after the first failure).
    await expect(view.box).toHaveAttribute('data-stale', 'false', { timeout: 15_000 });
    await expect(view.staleMarker).toBeHidden();
  });
});
