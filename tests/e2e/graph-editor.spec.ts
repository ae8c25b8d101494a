import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { apiGet, apiLogin, apiPost, browserToken } from './pages/api';
import { GraphEditorPage } from './pages/GraphEditor';
import { LoginPage } from './pages/LoginPage';

interface DeviceRow { id: number; name: string; projectId: number; projectName: string }
interface RealValue { measureId: number; measureName: string; unit: string }
interface GraphRecord { id: number; projectId: number; name: string; xml: string; isDefault: boolean }

/** A demo device with measures, and its project: what the test binds to. */
async function deviceWithMeasures(request: APIRequestContext, token: string) {
  const page = await apiGet<{ list: DeviceRow[] }>(request, token, '/t_device?Page=1&Size=50');
  for (const d of page.list) {
    if (!d.projectId) continue;
    const measures = await apiGet<RealValue[]>(request, token, `/t_real_measure/values?deviceId=${d.id}`);
    if (measures.length) return { device: d, measure: measures[0] };
  }
  throw new Error('no demo device with measures');
}

async function signIn(page: import('@playwright/test').Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.login(ADMIN.username, ADMIN.password);
  await expect(page).not.toHaveURL(/login/);
}

/** Attributes of the wrapper of the cell whose label is `label`, from stored XML. */
function wrapperOf(xml: string, label: string): Record<string, string> | null {
  const m = new RegExp(`<UserObject ([^>]*label="${label}"[^>]*)>`).exec(xml);
  if (!m) return null;
  return Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
}

test('admin builds a graph (place, connect, bind), saves it, and sees it unchanged after a reload', async ({ page, request }) => {
  // One session per account: the browser's sign-in would end an earlier API session, so use its token.
  await signIn(page);
  const token = await browserToken(page);
  const { device, measure } = await deviceWithMeasures(request, token);
  const editor = new GraphEditorPage(page);
  await editor.goto();
  await editor.project.selectOption({ label: device.projectName });
  const name = `E2E 组态 ${Date.now() % 100000}`;
  await editor.createGraph(name);
  await expect(editor.save).toBeDisabled();

  // Place two symbols by drag and drop.
  await editor.dropSymbol('fan', 300, 300);
  await expect(editor.label('风机')).toBeVisible();
  await editor.dropSymbol('filterHepa', 700, 300);
  await expect(editor.label('高效过滤器')).toBeVisible();
  await expect(editor.dirty).toBeVisible();
  await expect(editor.save).toBeEnabled();

  // Connect them: drag from the fan's centre to the filter's.
  await editor.dragOnCanvas({ x: 300, y: 300 }, { x: 700, y: 300 });
  // Undo/redo are there for the connection, and the bar says what changed.
  await expect(editor.undoTool).toBeEnabled();

  // Select the fan and bind it.
  await editor.clickCanvas(300, 300);
  await expect(editor.binding).toContainText('风机');
  await editor.bindingLabel.fill('E2E 送风机');
  await editor.deviceSearch.fill(device.name.slice(0, 4));
  await editor.device.selectOption(String(device.id));
  await editor.measure.selectOption(String(measure.measureId));
  if (measure.unit) await expect(editor.unit).toHaveValue(measure.unit);
  await editor.format.selectOption('0.00');
  await editor.unit.fill('m³/h');
  await editor.apply.click();
  await expect(editor.label('E2E 送风机')).toBeVisible();

  await editor.zoomFit.click();
  const before = await editor.label('E2E 送风机').boundingBox();
  const beforeFilter = await editor.label('高效过滤器').boundingBox();
  await editor.save.click();
  await expect(editor.error).toHaveCount(0);
  await expect(editor.save).toBeDisabled();
  await expect(editor.dirty).toHaveCount(0);

  // Stored as the contract says: two symbols, one edge between them, the binding on the fan's wrapper.
  const graphId = Number(new URL(page.url()).searchParams.get('graphId'));
  const stored = await apiGet<GraphRecord>(request, token, `/t_project_graph/${graphId}`);
  expect(stored.name).toBe(name);
  const fan = wrapperOf(stored.xml, 'E2E 送风机');
  expect(fan).toMatchObject({ symbol: 'fan', deviceId: String(device.id), measureId: String(measure.measureId), format: '0.00', unit: 'm³/h' });
  expect(wrapperOf(stored.xml, '高效过滤器')).toMatchObject({ symbol: 'filterHepa' });
  expect(stored.xml.match(/edge="1"/g)?.length, 'one connection').toBe(1);

  // Reload: the same graph opens with the same cells in the same places and the same binding.
  await page.reload();
  await expect(editor.tab(name)).toHaveAttribute('aria-selected', 'true');
  await expect(editor.label('E2E 送风机')).toBeVisible();
  const after = await editor.label('E2E 送风机').boundingBox();
  const afterFilter = await editor.label('高效过滤器').boundingBox();
  for (const [a, b] of [[before, after], [beforeFilter, afterFilter]]) {
    expect(Math.abs(a!.x - b!.x)).toBeLessThan(2);
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
  }
  await expect(editor.save).toBeDisabled();
  await editor.label('E2E 送风机').click({ force: true });
  await expect(editor.bindingLabel).toHaveValue('E2E 送风机');
  await expect(editor.device).toHaveValue(String(device.id));
  await expect(editor.measure).toHaveValue(String(measure.measureId));
  await expect(editor.format).toHaveValue('0.00');
  await expect(editor.unit).toHaveValue('m³/h');
  const reread = await apiGet<GraphRecord>(request, token, `/t_project_graph/${graphId}`);
  expect(reread.xml).toBe(stored.xml);
});

test('editor tools: click-to-add, duplicate, undo/redo, copy/paste, delete, align, nudge, zoom, grid, layers, leave warning', async ({ page, request }) => {
  await signIn(page);
  const token = await browserToken(page);
  const editor = new GraphEditorPage(page);
  await editor.goto();
  await editor.createGraph(`E2E 工具 ${Date.now() % 100000}`);
  const sensors = editor.label('颗粒物传感器');

  await editor.paletteItem('sensorPm').click();
  await expect(sensors).toHaveCount(1);
  await editor.press('Control+d');
  await expect(sensors).toHaveCount(2);
  await editor.press('Control+z');
  await expect(sensors).toHaveCount(1);
  await editor.press('Control+y');
  await expect(sensors).toHaveCount(2);
  await editor.press('Control+c');
  await editor.press('Control+v');
  await expect(sensors).toHaveCount(3);
  await editor.press('Delete');
  await expect(sensors).toHaveCount(2);

  // Select all and align left: the two (equal-sized) symbols share one left edge.
  await editor.press('Control+a');
  await editor.tool('左对齐').click();
  await expect.poll(async () => {
    const [a, b] = await Promise.all([sensors.nth(0).boundingBox(), sensors.nth(1).boundingBox()]);
    return Math.abs(a!.x - b!.x);
  }).toBeLessThan(1);

  // Arrow keys nudge the selection (Shift: one grid step).
  const before = (await sensors.nth(0).boundingBox())!;
  await editor.press('Shift+ArrowRight');
  await expect.poll(async () => (await sensors.nth(0).boundingBox())!.x - before.x).toBeGreaterThan(5);
  await editor.press('ArrowDown');
  await expect.poll(async () => (await sensors.nth(0).boundingBox())!.y - before.y).toBeGreaterThan(0.5);

  // Zoom: + and 1:1.
  await editor.press('+');
  await expect(editor.zoomText).not.toHaveText('100%');
  await editor.tool('100%').click();
  await expect(editor.zoomText).toHaveText('100%');

  // Grid off and on.
  await editor.tool('网格').click();
  await expect(editor.canvas).toHaveCSS('background-image', 'none');
  await editor.tool('网格').click();
  await expect(editor.canvas).not.toHaveCSS('background-image', 'none');

  // Layers: a new layer; the selected symbol moves into it; hiding it hides that symbol only.
  await expect(editor.layers).toHaveCount(1);
  await editor.addLayer.click();
  await expect(editor.layers).toHaveCount(2);
  await sensors.nth(0).click({ force: true });
  await editor.layer('图层 2').getByRole('button', { name: '移入所选' }).click();
  await editor.layer('图层 2').getByRole('checkbox').uncheck();
  await expect(sensors).toHaveCount(1);
  await editor.layer('图层 2').getByRole('checkbox').check();
  await expect(sensors).toHaveCount(2);

  // Leaving with unsaved changes asks first; declining stays on the page.
  page.once('dialog', (d) => d.dismiss());
  await page.getByRole('link', { name: '首页' }).first().click();
  await expect(page).toHaveURL(/nv_project_graph/);

  await page.keyboard.press('Control+s');
  await expect(editor.dirty).toHaveCount(0);
  const graphId = Number(new URL(page.url()).searchParams.get('graphId'));
  const stored = await apiGet<GraphRecord>(request, token, `/t_project_graph/${graphId}`);
  expect(stored.xml.match(/parent="0"/g)?.length, 'two layers').toBe(2);
  expect(stored.xml.match(/symbol="sensorPm"/g)?.length).toBe(2);
  // Saved: leaving no longer asks.
  await page.getByRole('link', { name: '首页' }).first().click();
  await expect(page).toHaveURL('/');
});

test('graph list: rename, active, default, and delete with confirmation (the default cannot go while others exist)', async ({ page }) => {
  await signIn(page);
  const editor = new GraphEditorPage(page);
  await editor.goto();
  // The list shows the default first; follow the seeded graph by its id as the order changes.
  await expect(editor.graphTabs.first()).toContainText('默认');
  const seededId = await editor.graphTabs.first().getAttribute('data-graph-id');
  const seeded = page.locator(`[data-graph-id="${seededId}"]`);
  const name = `E2E 列表 ${Date.now() % 100000}`;
  await editor.createGraph(name);
  await expect(editor.tab(name)).not.toContainText('默认');

  await editor.renameButton.click();
  await editor.nameInput.fill(`${name} 改`);
  await editor.nameOk.click();
  await expect(editor.tab(`${name} 改`)).toBeVisible();

  // A controlled checkbox: it flips once the server has saved, so click and wait for the badge.
  await editor.activeToggle.click();
  await expect(editor.tab(`${name} 改`)).toContainText('未启用');
  await editor.activeToggle.click();
  await expect(editor.tab(`${name} 改`)).not.toContainText('未启用');

  await editor.setDefaultButton.click();
  await expect(editor.tab(`${name} 改`)).toContainText('默认');
  await expect(seeded).not.toContainText('默认');
  // The default cannot be deleted while the project has other graphs.
  await expect(editor.deleteButton).toBeDisabled();

  // Give the default back to the seeded graph, then delete ours after confirming.
  await seeded.click();
  await editor.setDefaultButton.click();
  await expect(seeded).toContainText('默认');
  await editor.tab(`${name} 改`).click();
  await editor.deleteButton.click();
  const confirm = editor.confirmDialog;
  await expect(confirm).toContainText(`${name} 改`);
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(editor.tab(`${name} 改`)).toBeVisible();
  await editor.deleteButton.click();
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(editor.tab(`${name} 改`)).toHaveCount(0);
  await expect(seeded).toHaveAttribute('aria-selected', 'true');
});

test('hostile XML sent to the save API is sanitised, and the stored graph keeps none of it', async ({ request }) => {
  const token = await apiLogin(request, ADMIN);
  const projects = await apiGet<{ id: number }[]>(request, token, '/t_project/names');
  const hostile = '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>'
    + '<mxCell id="2" parent="1" vertex="1" onload="alert(1)" style="shape=image;image=https://evil.example/x.png;fillColor=#123456;link=javascript:alert(2)">'
    + '<mxGeometry x="10" y="10" width="80" height="40" as="geometry"/><script>alert(3)</script></mxCell>'
    + '<UserObject id="3" label="ok" onclick="alert(4)" href="https://evil.example"><mxCell parent="1" vertex="1" style="fillColor=#00ff00">'
    + '<mxGeometry x="120" y="10" width="80" height="40" as="geometry"/></mxCell></UserObject></root></mxGraphModel>';
  const body = await apiPost(request, token, '/t_project_graph/save', { projectId: projects[0].id, name: `E2E hostile ${Date.now() % 100000}`, xml: hostile });
  expect(body.success, JSON.stringify(body)).toBe(true);
  const removed = (body.data.removed as string[]).join('\n');
  for (const what of ['onload', 'image (only', 'link (javascript: URL)', '<script>', 'onclick', 'href']) expect(removed).toContain(what);
  const stored = await apiGet<GraphRecord>(request, token, `/t_project_graph/${body.data.id}`);
  for (const bad of ['script', 'onload', 'onclick', 'javascript:', 'evil.example', 'alert(']) expect(stored.xml).not.toContain(bad);
  expect(stored.xml).toContain('fillColor=#123456');
  expect(stored.xml).toContain('label="ok"');

  // A binding to a device of another project is refused, naming the cell; nothing changes.
  const bad = hostile.replace('label="ok"', 'label="ok" deviceId="999999"');
  const refused = await apiPost(request, token, '/t_project_graph/save', { id: body.data.id, projectId: projects[0].id, name: 'x', xml: bad });
  expect(refused.success).toBe(false);
  expect(refused.error).toContain('cell 3');
  expect((await apiGet<GraphRecord>(request, token, `/t_project_graph/${body.data.id}`)).xml).toBe(stored.xml);
  await apiPost(request, token, `/t_project_graph/del/${body.data.id}`);
});

test('a user without project-edit sees the graph read-only: no palette, no save', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.guest.click();
  await expect(page).not.toHaveURL(/login/);
  const editor = new GraphEditorPage(page);
  await editor.goto();
  await expect(editor.readOnlyNotice).toBeVisible();
  await expect(editor.canvas).toBeVisible();
  await expect(editor.canvas.locator('svg text').first()).toBeVisible();
  await expect(editor.palette).toHaveCount(0);
  await expect(editor.save).toHaveCount(0);
  await expect(editor.createButton).toHaveCount(0);
  await expect(editor.undoTool).toHaveCount(0);
  // Selecting shows the binding, not editable.
  await editor.canvas.locator('svg text').first().click({ force: true });
  await expect(editor.apply).toHaveCount(0);
});
