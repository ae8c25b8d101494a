import { expect, test, type APIRequestContext } from '@playwright/test';
import { ConditionType } from '../../contract/conditions';
import type { RegisterTable } from '../../contract/resources/measure';
import { rowsToSheet, type SheetContext } from '../../src/features/admin/products/measures/sheet';
import { ADMIN } from './pages/accounts';
import { apiGet, apiPost, browserSignIn } from './pages/api';
import { badSheet, fortyRows, MeasurePage, SHEET_TAGS as TAGS, xlsx } from './pages/MeasurePoints';
import { pickOption } from './pages/AdminControls';
import { ProductSyncPages } from './pages/ProductSyncPages';
import { ResourceListPage } from './pages/ResourceListPage';
import { ShellPage } from './pages/ShellPage';
import { lookTags } from './pages/consoleLook';

/**
 * Issue 17's register tables (测点管理, 物联网测点): the page with a product chosen, the point drawer
 * with the printf preview and the import report, at 1920×1080 in both themes and languages
 * (test-results/screenshots/product17-measures-<page>-<theme>-<lang>.png); and the editing a new
 * product's table goes through: a 40-row sheet with two bad rows reported and nothing written, the
 * fixed sheet imported, a printf edited with its preview, the PM2.5 alarm set at 75 and saved; then
 * the product synced to two new devices (产品同步 and its detail), and under a haze drill the
 * simulator's devices raise that alarm in the bell.
 */

const SHOTS = 'test-results/screenshots';

test.describe.configure({ timeout: 240_000 });

async function modelId(request: APIRequestContext, token: string, code: string): Promise<number> {
  const list = await apiGet<{ list: { id: number; code: string }[] }>(request, token, `/t_device_model?keyword=${code}&Size=50`);
  return list.list.find((m) => m.code === code)!.id;
}

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`measure points look finished, ${theme}, ${language}`, lookTags('product-measures', theme, language), async ({ page, request, baseURL }) => {
      await page.addInitScript(([t, l]) => {
        localStorage.setItem('nv_theme', JSON.stringify(t));
        localStorage.setItem('nv_lang', l);
      }, [theme, language]);
      const token = await browserSignIn(page, request, ADMIN, baseURL!);
      const en = language === 'en';
      const m = new MeasurePage(page, en);
      const shoot = async (name: string) => {
        await page.mouse.move(1919, 1079);
        await page.screenshot({ path: `${SHOTS}/product17-measures-${name}-${theme}-${language}.png`, animations: 'disabled' });
      };
      const ap900 = await modelId(request, token, 'NV-AP900');
      const before = await apiGet<RegisterTable>(request, token, `/t_device_model_measure?deviceModelId=${ap900}`);

      await page.goto('/');
      await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
      await m.open(`/nv_product/nv_measure_point?model=${ap900}`);
      await m.loaded();
      await expect(m.product('NV-AP900')).toHaveAttribute('aria-selected', 'true');
      await expect(m.rows).toHaveCount(before.points.length);
      await expect(m.row('故障状态')).toContainText(en ? 'Bitwise report' : '按位上报');
      await shoot('page');

      await test.step('the drawer with the printf preview', async () => {
        await m.rowButton('故障状态', '编辑', 'Edit').click();
        await expect(m.drawer.getByRole('dialog')).toBeVisible();
        const preview = m.drawer.getByLabel(m.text('预览值', 'Preview value'), { exact: true });
        await preview.fill('5');
        await expect(m.drawer.getByTestId('printf-preview')).toContainText('5 →');
        await expect(m.drawer.getByTestId('printf-preview')).not.toContainText('5 → 5');
        await page.waitForTimeout(400);
        await shoot('drawer');
        await m.drawer.getByRole('button', { name: m.text('取消', 'Cancel'), exact: true }).click();
        await expect(m.drawer.getByRole('dialog')).toBeHidden();
      });

      await test.step('the import report', async () => {
        await m.importSheet('register-table.xlsx', await xlsx(badSheet({ lang: language, tags: TAGS }), { lang: language, tags: TAGS }));
        const report = m.importDialog.getByTestId('measure-import-report');
        await expect(report.locator('.ant-table-row')).toHaveCount(2);
        await page.waitForTimeout(400);
        await shoot('import-report');
        await m.importDialog.getByRole('button', { name: m.text('取消', 'Cancel'), exact: true }).click();
        await expect(m.importDialog).toBeHidden();
      });

      // Nothing was written.
      const after = await apiGet<RegisterTable>(request, token, `/t_device_model_measure?deviceModelId=${ap900}`);
      expect(after.points).toEqual(before.points);
      // The IoT branch lists the IoT products only.
      await m.open('/nv_iot/nv_iot_measure_point');
      await expect(m.product('NV-DTU4G')).toBeVisible({ timeout: 30_000 });
      await expect(m.product('NV-AP900')).toHaveCount(0);
    });
  }
}

test('a new product\'s register table: a bad sheet is reported and writes nothing, the fixed one is imported, printf and the PM2.5 alarm are edited and saved, synced to its devices, whose alarm reaches the bell', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const m = new MeasurePage(page);
  const code = `E2E-MP-${Date.now()}`;
  // The product, made in 产品列表 as an administrator would.
  await page.goto('/nv_product/nv_product_list');
  const products = new ResourceListPage(page, 't_device_model');
  await products.expectLoaded();
  await products.button('新增').click();
  await products.field('型号名称').fill(`测点E2E ${code}`);
  await products.field('型号编码').fill(code);
  await pickOption(page, products.field('设备类型'), '传感器');
  await products.drawerButton('保存').click();
  await expect(products.drawer).toBeHidden();
  const id = await modelId(request, token, code);
  const table = () => apiGet<RegisterTable>(request, token, `/t_device_model_measure?deviceModelId=${id}`);
  const zh: SheetContext = { lang: 'zh', tags: TAGS };
  const devices: number[] = [];

  try {
    await page.goto('/');
    await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
    await m.open('/nv_product/nv_measure_point');
    await m.main.getByRole('textbox', { name: '搜索产品名称或编码' }).fill(code);
    await m.product(code).click();
    await expect(page).toHaveURL(new RegExp(`model=${id}`));
    await m.loaded();
    await expect(m.editor.getByText('该产品还没有测点')).toBeVisible();

    // Two bad rows: reported by their sheet row and column, nothing written.
    await m.importSheet('bad.xlsx', await xlsx(badSheet(zh), zh));
    const report = m.importDialog.getByTestId('measure-import-report');
    await expect(report.locator('.ant-table-row')).toHaveCount(2);
    await expect(report.locator('.ant-table-row').nth(0)).toContainText('14');
    await expect(report.locator('.ant-table-row').nth(0)).toContainText('寄存器地址');
    await expect(report.locator('.ant-table-row').nth(1)).toContainText('32');
    await expect(report.locator('.ant-table-row').nth(1)).toContainText('条件值2');
    await expect(m.importDialog.getByRole('button', { name: '导入并替换' })).toHaveCount(0);
    expect((await table()).points).toEqual([]);

    // The fixed sheet: 40 new points, applied after the confirmation that says the table is replaced.
    await m.importDialog.getByRole('button', { name: '重新选择文件' }).click();
    await m.importDialog.locator('input[type=file]').setInputFiles({ name: 'good.xlsx', mimeType: 'application/octet-stream', buffer: await xlsx(rowsToSheet(fortyRows(), zh), zh) });
    await expect(m.importDialog.getByTestId('measure-import-counts')).toHaveText('新增 40，修改 0，不变 0，删除 0');
    await expect(m.importDialog).toContainText('表中没有的测点将被删除');
    await m.importDialog.getByRole('button', { name: '导入并替换' }).click();
    await expect(m.importDialog).toBeHidden();
    await expect(m.rows).toHaveCount(40);
    expect((await table()).points).toHaveLength(40);

    // printf of 故障字 as a row action, saved at once through save-printf, with the preview.
    await m.rowButton('故障字', 'printf', 'printf').click();
    const printfDialog = page.getByRole('dialog').filter({ has: page.getByTestId('printf-editor') });
    await printfDialog.getByRole('textbox', { name: 'printf' }).fill('0:滤网堵塞;1:风机故障;2:(过载');
    await printfDialog.getByLabel('预览值', { exact: true }).fill('6');
    await expect(printfDialog.getByTestId('printf-preview')).toHaveText('6 → 风机故障、(过载');
    await printfDialog.getByRole('textbox', { name: 'printf' }).fill('0:滤网堵塞;17:风机故障');
    await expect(printfDialog.getByRole('alert')).toContainText('位号 17 超出范围 0–15');
    await expect(printfDialog.getByTestId('printf-error-snippet').locator('mark')).toHaveText('1');
    await printfDialog.getByRole('textbox', { name: 'printf' }).fill('0:滤网堵塞;1:风机故障;2:过载');
    await printfDialog.getByRole('button', { name: '直接保存' }).click();
    await expect(printfDialog).toBeHidden();
    expect((await table()).points.find((p) => p.name === '故障字')!.printf).toBe('{"0":"滤网堵塞","1":"风机故障","2":"过载"}');

    // PM2.5 alarm at 75 through the drawer; an overlap shows on the row before the save and blocks it.
    await m.rowButton('PM10', '编辑', 'Edit').click();
    await m.field('寄存器地址', 'Register address').fill('1');
    await expect(m.drawer).toContainText('与其他测点冲突');
    await m.drawer.getByRole('button', { name: '确定' }).click();
    await expect(m.row('PM10')).toHaveClass(/measure-row-problem/);
    await expect(m.editor.getByTestId('measure-problems')).toContainText('寄存器重叠');
    await expect(m.saveButton).toBeDisabled();
    await m.rowButton('PM10', '编辑', 'Edit').click();
    await m.field('寄存器地址', 'Register address').fill('2');
    await m.drawer.getByRole('button', { name: '确定' }).click();
    await expect(m.editor.getByTestId('measure-problems')).toHaveCount(0);

    await m.rowButton('PM2.5', '编辑', 'Edit').click();
    await m.choose(m.field('告警条件', 'Alarm condition'), '大于等于（≥）');
    await m.field('条件值1', 'Value 1').fill('75');
    await m.choose(m.field('告警等级', 'Warn level'), '次要');
    await expect(m.field('启用告警', 'Alarm on')).toBeChecked();
    await m.drawer.getByRole('button', { name: '确定' }).click();
    await expect(m.row('PM2.5')).toContainText('≥ 75');
    await expect(m.editor.getByTestId('measure-unsaved')).toHaveText('未保存的修改（1）');
    // Choosing another product with unsaved changes asks first.
    await m.main.getByRole('textbox', { name: '搜索产品名称或编码' }).fill('');
    await m.product('NV-S200').click();
    const ask = page.getByRole('dialog').filter({ hasText: '切换产品将丢弃这些修改' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: '继续编辑' }).click();
    await expect(page).toHaveURL(new RegExp(`model=${id}`));
    await m.saveButton.click();
    await expect(m.editor.getByText('已保存', { exact: true })).toBeVisible();
    const pm25 = (await table()).points.find((p) => p.name === 'PM2.5')!;
    expect(pm25).toMatchObject({ conditionType: ConditionType.Gte, conditionVal1: 75, conditionVal2: null, warnLevel: 1, alarmEnabled: 1, registerAddr: 0 });

    // Someone else changes PM10 meanwhile: the save is refused whole (409) and a reload is offered.
    await m.rowButton('PM10', '编辑', 'Edit').click();
    await m.field('单位', 'Unit').fill('mg/m³');
    await m.drawer.getByRole('button', { name: '确定' }).click();
    const pm10 = (await table()).points.find((p) => p.name === 'PM10')!;
    const other = await apiPost(request, token, '/t_measure/save', { ...pm10, deviceModelId: undefined, unit: 'ppm' });
    expect(other.success, JSON.stringify(other)).toBe(true);
    await m.saveButton.click();
    const stale = page.getByRole('dialog').filter({ hasText: '测点已被他人修改' });
    await expect(stale).toBeVisible();
    await stale.getByRole('button', { name: '重新加载' }).click();
    await expect(m.editor.getByText('已保存', { exact: true })).toBeVisible();
    await expect(m.row('PM10')).toContainText('ppm');

    // Two devices of the new product at the demo site with the fewest air sensors (their haze alarms
    // stay few, so ours are among the bell's newest), behind its simulated gateway.
    const all = await apiGet<{ list: { projectId: number | null; deviceTypeId: number }[] }>(request, token, '/t_device?Page=1&Size=500');
    const sensorsAt = new Map<number, number>();
    for (const d of all.list) if (d.projectId !== null) sensorsAt.set(d.projectId, (sensorsAt.get(d.projectId) ?? 0) + (d.deviceTypeId === 2001 ? 1 : 0));
    const projectId = [...sensorsAt.entries()].sort((x, y) => x[1] - y[1] || x[0] - y[0])[0][0];
    const [gateway] = await apiGet<{ id: number }[]>(request, token, `/t_device/gateways?projectId=${projectId}`);
    for (const n of [1, 2]) {
      const saved = await apiPost(request, token, '/t_device/save', {
        name: `E2E传感器-${n}-${code}`, code: `${code}-D${n}`, projectId, deviceModelId: id, gatewayId: gateway.id,
      });
      expect(saved.success, JSON.stringify(saved)).toBe(true);
      devices.push(saved.data.id as number);
    }

    // 产品同步: the table goes to both devices through their gateway; the detail says so per device.
    await page.goto('/nv_product/nv_product_sync');
    const sync = new ProductSyncPages(page);
    const started = await sync.startSync(`测点E2E ${code}`);
    expect(started.preview).toContain('2 台设备');
    expect(await sync.waitFinished(started.id)).toBe('succeeded');
    await sync.openDetail(started.id);
    await expect(sync.items).toHaveCount(2);
    await expect(sync.items.locator('[data-item-state="succeeded"]')).toHaveCount(2);

    // A haze over the site (a drill on the demo simulator): the devices read PM2.5 over 75, and
    // their alarm arrives in the open bell.
    const shell = new ShellPage(page);
    await shell.alarmButton.click();
    await expect(shell.alarmPanel).toBeVisible();
    const drill = await apiPost(request, token, '/sim/drill/haze', { projectId, minutes: 3 });
    expect(drill.success, JSON.stringify(drill)).toBe(true);
    await expect(shell.alarmItems.filter({ hasText: `-${code}` }).filter({ hasText: 'PM2.5' }).first()).toBeVisible({ timeout: 60_000 });
  } finally {
    for (const d of devices) await apiPost(request, token, `/t_device/del/${d}`);
    const t = await table();
    await apiPost(request, token, '/t_device_model_measure/batchSave', { deviceModelId: id, rows: [], removeIds: t.points.map((p) => p.id) });
    const groups = await apiGet<{ list: { id: number }[] }>(request, token, `/t_measure_group?deviceModelId=${id}&Size=50`);
    for (const g of groups.list) await apiPost(request, token, `/t_measure_group/del/${g.id}`);
    await apiPost(request, token, `/t_device_model/del/${id}`);
  }
});
