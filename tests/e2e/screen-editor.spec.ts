import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import { ADMIN, SUPERADMIN } from './pages/accounts';
import { pickOption } from './pages/AdminControls';
import { apiGet, apiPost, browserSignIn } from './pages/api';
import { MonitorScreen } from './pages/MonitorScreen';
import { ScreenEditor, ScreenLibrary } from './pages/ScreenEditor';

const SHOTS = 'test-results/screenshots';

interface TemplateRecord {
  id: number;
  name: string;
  version: number;
  content: { widgets: { id: string; type: string; x: number; y: number; source?: { sourceId: string } }[]; sources: { id: string }[] };
}

/** A demo device with PM2.5 history (a sensor): the trend is bound to it. */
async function pm25Device(request: APIRequestContext, token: string): Promise<number> {
  const devices = await apiGet<{ list: { id: number }[] }>(request, token, '/t_device?Page=1&Size=100');
  for (const d of devices.list) {
    const trend = await apiGet<{ series: { points: unknown[] }[] }>(request, token, `/s/measure-trend?tags=2&hours=24&deviceId=${d.id}`);
    if (trend.series[0].points.length > 0) return d.id;
  }
  throw new Error('no demo device with PM2.5 history');
}

/** Adds a REST data source through the data panel's form. */
async function addRestSource(page: Page, id: string, endpoint: string, params: Record<string, string>): Promise<void> {
  await page.locator('[data-action="add-source"]').click();
  const dialog = page.getByRole('dialog', { name: '添加数据源' });
  await dialog.getByLabel('标识').fill(id);
  await dialog.getByLabel('接口路径').fill(endpoint);
  for (const [name, value] of Object.entries(params)) {
    await dialog.getByRole('button', { name: '添加参数' }).click();
    await dialog.getByLabel('参数名').last().fill(name);
    await dialog.getByLabel('值', { exact: true }).last().fill(value);
  }
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
}

test('superadmin builds a template from blank, binds a trend to a device, saves, activates it and sees it live on /monitor', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, SUPERADMIN, baseURL!);
  const deviceId = await pm25Device(request, token);
  const library = new ScreenLibrary(page);
  await library.open();
  await library.createBlank('E2E 编辑器模板');
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const editor = new ScreenEditor(page);
  await editor.expectLoaded();
  await expect(editor.widgets).toHaveCount(0);

  // Three widgets from the palette, roughly in a row.
  const kpi = await editor.dropFromPalette('kpi', 100, 200);
  const trend = await editor.dropFromPalette('trend', 400, 260);
  const map = await editor.dropFromPalette('projectMap', 400, 620);
  // Where it was dropped, to the pixel the pointer can hit at this zoom.
  const dropped = await editor.rect(kpi);
  expect(Math.abs(dropped.x - 100)).toBeLessThanOrEqual(2);
  expect(Math.abs(dropped.y - 200)).toBeLessThanOrEqual(2);

  // Dragged near the KPI's top, the trend and the map snap onto it: one row.
  const zoom = await editor.zoom();
  await page.locator(`[data-editor-widget="${trend}"]`).click();
  const row = dropped.y;
  await editor.dragBy(trend, 0, (row - (await editor.rect(trend)).y) * zoom + 3);
  await expect.poll(async () => (await editor.rect(trend)).y).toBe(row);
  await page.locator(`[data-editor-widget="${map}"]`).click();
  const mapX = (await editor.rect(trend)).x + (await editor.rect(trend)).w + 24;
  await editor.dragBy(map, (mapX - (await editor.rect(map)).x) * zoom, (row - (await editor.rect(map)).y) * zoom - 2);
  await expect.poll(async () => (await editor.rect(map)).y).toBe(row);

  // The trend shows a device's PM2.5: a source, then the binding.
  await page.getByRole('tab', { name: '数据' }).click();
  await addRestSource(page, 'pm25', '/api/s/measure-trend', { tags: '2', hours: '24', deviceId: String(deviceId) });
  await page.locator(`[data-editor-widget="${trend}"]`).click();
  await page.getByLabel('数据源', { exact: true }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: 'pm25' }).click();
  await expect(page.locator('[data-binding-preview]')).toHaveAttribute('data-binding-preview', 'matches', { timeout: 20_000 });
  const trendData = editor.widget(trend).locator('[data-screen-widget]');
  await expect(trendData).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });

  // Undo takes the binding away, redo brings it back.
  await editor.stage.click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect(trendData).not.toHaveAttribute('data-state', 'ready');
  await page.keyboard.press('Control+Shift+z');
  await expect(trendData).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });

  await editor.button('保存').click();
  await expect(editor.saveStatus).toHaveAttribute('data-save-status', 'saved');
  const saved = await apiGet<TemplateRecord>(request, token, `/t_screen_tpl/${id}`);
  expect(saved.content.widgets.map((w) => w.type).sort()).toEqual(['kpi', 'projectMap', 'trend']);
  expect(saved.content.widgets.every((w) => w.y === row)).toBe(true);
  expect(saved.content.widgets.find((w) => w.id === trend)?.source).toEqual({ sourceId: 'pm25' });
  await page.screenshot({ path: `${SHOTS}/screen-editor-built-1080p.png` });

  // Activated in the library, it is what /monitor shows, live.
  await library.open();
  await library.more('E2E 编辑器模板', '设为启用');
  await expect(library.card('E2E 编辑器模板').getByText('启用中')).toBeVisible();
  const monitor = new MonitorScreen(page);
  await monitor.open();
  await expect(page.locator('[data-page="monitor"]')).toHaveAttribute('data-template', String(id));
  await expect(monitor.widget(trend)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(monitor.widgets).toHaveCount(3);

  // The demo's active template again, for the tests after this one.
  const overview = (await apiGet<{ list: { id: number; name: string }[] }>(request, token, '/t_screen_tpl?Size=200')).list.find((t) => t.name === '平台总览')!;
  expect((await apiPost(request, token, `/t_screen_tpl/active/${overview.id}`, {})).success).toBe(true);
  expect((await apiPost(request, token, `/t_screen_tpl/del/${id}`)).success).toBe(true);
});

test('a second editor saving first gets the first one the 409 path: reload shows their version', async ({ page, request, baseURL, browser }) => {
  const token = await browserSignIn(page, request, SUPERADMIN, baseURL!);
  const list = await apiGet<{ list: { id: number; name: string }[] }>(request, token, '/t_screen_tpl?Size=200');
  // A copy of a demo template, so the demo stays as it is for the tests after this one.
  const copied = await apiPost(request, token, `/t_screen_tpl/copy/${list.list.find((t) => t.name === '三维态势')!.id}`, { name: 'E2E 冲突模板' });
  const target = copied.data as { id: number };
  const editor = new ScreenEditor(page);
  await page.goto(`/nv_screen_graph_editor?id=${target.id}`);
  await editor.expectLoaded();

  const other = await browser.newContext({ baseURL, viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
  const otherPage = await other.newPage();
  await browserSignIn(otherPage, request, ADMIN, baseURL!);
  const second = new ScreenEditor(otherPage);
  await otherPage.goto(`/nv_screen_graph_editor?id=${target.id}`);
  await second.expectLoaded();
  const first = (await second.widgetIds())[1];
  await otherPage.locator(`[data-editor-widget="${first}"]`).click();
  await otherPage.locator('#prop-title').fill('别人改的标题');
  await otherPage.keyboard.press('Control+s');
  await expect(second.saveStatus).toHaveAttribute('data-save-status', 'saved');
  await other.close();

  await page.locator(`[data-editor-widget="${first}"]`).click();
  await page.locator('#prop-title').fill('我改的标题');
  await editor.button('保存').click();
  const conflict = page.getByRole('dialog').filter({ hasText: '别人已经保存了这个模板' });
  await expect(conflict).toContainText('已被');
  await conflict.getByRole('button', { name: '重新加载' }).click();
  await page.locator(`[data-editor-widget="${first}"]`).click();
  await expect(page.locator('#prop-title')).toHaveValue('别人改的标题');
  await expect(editor.saveStatus).toHaveAttribute('data-save-status', 'saved');
  expect((await apiPost(request, token, `/t_screen_tpl/del/${target.id}`)).success).toBe(true);
});

test('a template exported as JSON imports back identical', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, SUPERADMIN, baseURL!);
  const library = new ScreenLibrary(page);
  await library.open();
  const download = page.waitForEvent('download');
  await library.more('单项目监控', '导出 JSON');
  const file = await download;
  expect(file.suggestedFilename()).toBe('单项目监控.json');
  const exported = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as { format: string; name: string; content: unknown };
  expect(exported.format).toBe('nv-screen-template');

  await page.locator('[data-page="screen-library"] input[type="file"]').setInputFiles(await file.path());
  await expect(page.getByText(/已导入“.+”/)).toBeVisible();
  // The import takes the name in the file: a second 单项目监控, the newest.
  const list = await apiGet<{ list: { id: number; name: string }[] }>(request, token, '/t_screen_tpl?Size=200');
  const named = list.list.filter((t) => t.name === '单项目监控').sort((x, y) => x.id - y.id);
  expect(named).toHaveLength(2);
  const [original, imported] = named;
  const a = await apiGet<TemplateRecord>(request, token, `/t_screen_tpl/${original.id}`);
  const b = await apiGet<TemplateRecord>(request, token, `/t_screen_tpl/${imported.id}`);
  expect(b.content).toEqual(a.content);
  await expect(library.card('单项目监控')).toHaveCount(2);
  expect((await apiPost(request, token, `/t_screen_tpl/del/${imported.id}`)).success).toBe(true);
});

test('个性化配置 chooses the template and the wall theme /monitor opens; back to the active one, dark, after 恢复默认', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, SUPERADMIN, baseURL!);
  const list = await apiGet<{ list: { id: number; name: string; isActive: boolean }[] }>(request, token, '/t_screen_tpl?Size=200');
  const situation = list.list.find((t) => t.name === '三维态势')!;
  const active = list.list.find((t) => t.isActive)!;
  await page.goto('/nv_personal_config');
  const form = page.locator('[data-page="personal-config"] form');
  await pickOption(page, form.getByLabel('打开大屏时显示'), '三维态势');
  await form.getByText('浅色', { exact: true }).click();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存')).toBeVisible();

  await page.goto('/monitor');
  await expect(page.locator('[data-page="monitor"]')).toHaveAttribute('data-template', String(situation.id));
  await expect(page.locator('[data-screen-viewport]')).toHaveAttribute('data-wall-theme', 'light');
  // The address chooses for one screen, whatever the preference.
  await page.goto('/monitor?theme=dark');
  await expect(page.locator('[data-screen-viewport]')).toHaveAttribute('data-wall-theme', 'dark');

  await page.goto('/nv_personal_config');
  await form.getByRole('button', { name: '恢复默认' }).click();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存')).toBeVisible();
  await page.goto('/monitor');
  await expect(page.locator('[data-page="monitor"]')).toHaveAttribute('data-template', String(active.id));
  await expect(page.locator('[data-screen-viewport]')).toHaveAttribute('data-wall-theme', 'dark');
});

test('a new template can start from a built-in starter: the editor opens with its widgets', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, SUPERADMIN, baseURL!);
  const library = new ScreenLibrary(page);
  await library.open();
  await page.getByRole('button', { name: '新建模板' }).click();
  const dialog = page.getByRole('dialog', { name: '新建模板' });
  await dialog.getByLabel('模板名称').fill('E2E 起始模板');
  await dialog.getByText('起始模板', { exact: true }).click();
  await pickOption(page, dialog.getByLabel('选择起始模板'), /^三维态势/);
  await dialog.getByRole('button', { name: '创建并编辑' }).click();
  await expect(page).toHaveURL(/\/nv_screen_graph_editor\?id=\d+$/);
  const editor = new ScreenEditor(page);
  await editor.expectLoaded();
  await expect(editor.widgets).toHaveCount(9);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  expect((await apiPost(request, token, `/t_screen_tpl/del/${id}`)).success).toBe(true);
});
