import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { pickOption } from './pages/AdminControls';
import { apiGet, apiPost, browserSignIn } from './pages/api';
import { ProductSyncPages } from './pages/ProductSyncPages';
import { lookTags } from './pages/consoleLook';

/**
 * Issue 17's 产品同步, 同步详情, 测点授权 and 物联网监控 as an administrator uses them, against the
 * demo whose simulated gateways answer configuration pushes; then each page at 1920×1080, dark and
 * light, Chinese and English (test-results/screenshots/product17-<page>-<theme>-<lang>.png).
 */

const SHOTS = 'test-results/screenshots';
const SENSOR = 'NV-S200 空气质量传感器';
const DTU = 'NV-DTU 4G数据终端';

interface SyncRecord { id: number; deviceModelName: string; state: string; counts: { total: number; succeeded: number; failed: number; expired: number } }

const main = (page: Page) => page.getByRole('main');

/** A client-side move to `path`, as a click in the menu would. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => history.pushState(null, '', to), path);
  await expect(page).toHaveURL(path);
}

/** A finished sync of `model` (started over the API when there is none), for the pictures. */
async function finishedSync(request: APIRequestContext, token: string, model: string): Promise<number> {
  const models = await apiGet<{ id: number; name: string }[]>(request, token, '/t_device_model/names');
  const modelId = models.find((m) => m.name === model)!.id;
  const listed = await apiGet<{ list: SyncRecord[] }>(request, token, `/t_product_sync?deviceModelId=${modelId}&Size=5`);
  let id = listed.list.find((s) => s.state !== 'running')?.id;
  if (id === undefined) {
    const started = await apiPost(request, token, '/t_product_sync/start', { deviceModelId: modelId });
    expect(started.success, JSON.stringify(started)).toBe(true);
    id = started.data.id as number;
    await expect.poll(async () => (await apiGet<SyncRecord>(request, token, `/t_product_sync/${id}`)).state, { timeout: 45_000 }).not.toBe('running');
  }
  return id;
}

test.describe.configure({ timeout: 180_000 });

test('an administrator syncs a product to its devices, reads the results and retries the failed ones', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  await page.goto('/nv_product/nv_product_sync');
  const sync = new ProductSyncPages(page);
  await expect(sync.list).toBeVisible({ timeout: 30_000 });

  // The confirm says what the sync reaches before anything is sent.
  const { id, preview } = await sync.startSync(SENSOR);
  expect(preview).toContain('24 台设备，经 8 个网关');
  // While the gateways answer, the list refreshes itself; then the sync has its final state.
  const state = await sync.waitFinished(id);
  expect(['succeeded', 'partial']).toContain(state);
  await expect(sync.list.locator('[data-sync-autorefresh]')).toHaveCount(0);

  await sync.openDetail(id);
  await expect(sync.detail.getByRole('heading', { name: '设备明细（24）' })).toBeVisible();
  const detail = await apiGet<{ items: { state: string; code: number | null }[] }>(request, token, `/t_product_sync/${id}`);
  expect(detail.items.every((i) => i.state === 'succeeded' || (i.state === 'failed' && i.code === 11))).toBe(true);
  await expect(sync.items.locator('[data-item-state="succeeded"]').first()).toBeVisible();
  // Offline devices do not answer their gateway: their row says so.
  if (detail.items.some((i) => i.state === 'failed')) {
    await sync.detail.getByRole('combobox', { name: '按状态' }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: /^失败/ }).click();
    await expect(sync.items.first().locator('[data-item-result]')).toContainText('设备无应答');
  }

  // DTUs are their own way in: no gateway, every device fails at once with its reason; a retry tries again.
  await sync.backLink().click();
  const dtu = await sync.startSync(DTU);
  expect(dtu.preview).toContain('8 台设备未接入网关');
  expect(await sync.waitFinished(dtu.id)).toBe('failed');
  await sync.openDetail(dtu.id);
  await expect(sync.items.locator('[data-no-gateway]')).toHaveCount(8);
  await expect(sync.items.first().locator('[data-item-result]')).toContainText('设备未接入网关');
  await sync.retryButton().click();
  await page.getByRole('dialog').getByRole('button', { name: '开始同步' }).click();
  await expect(page.locator('.ant-message-notice')).toContainText('已重新下发 8 台设备');
  await expect(sync.items.first().getByRole('cell', { name: '2', exact: true })).toBeVisible();
});

test('measure rights: a role sees the points checked for a product, and unsaved changes are not lost by accident', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  // What the role holds on the sensors now, put back at the end: later tests read as the operator.
  const roleId = (await apiGet<{ id: number; name: string }[]>(request, token, '/role/names')).find((r) => r.name === '业主运维')!.id;
  const s200 = (await apiGet<{ id: number; name: string }[]>(request, token, '/t_device_model/names')).find((m) => m.name === SENSOR)!.id;
  const before = await apiGet<{ measureIds: number[] }>(request, token, `/t_device_model_measure/associate-role?roleId=${roleId}&deviceModelId=${s200}`);
  await page.goto('/nv_product/nv_measure_auth/0');
  const roles = main(page).locator('[data-pane="roles"]');
  const products = main(page).locator('[data-pane="products"]');
  const points = main(page).locator('[data-pane="points"]');
  await roles.getByRole('menuitem', { name: '业主运维' }).first().click();
  await products.getByRole('menuitem', { name: /NV-S200/ }).click();
  const checked = points.locator('[data-measure-checked]');
  await expect(checked).toContainText('/ 7');

  await points.getByRole('button', { name: '全选' }).click();
  await expect(checked).toHaveText('已选 7 / 7');
  await points.getByRole('checkbox', { name: /^PM10/ }).uncheck();
  await expect(checked).toHaveText('已选 6 / 7');

  // Another product with unsaved changes asks first; 继续编辑 keeps them.
  await products.getByRole('menuitem', { name: /NV-F600/ }).click();
  const ask = page.getByRole('dialog').filter({ hasText: '有未保存的更改' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '继续编辑' }).click();
  await expect(checked).toHaveText('已选 6 / 7');

  await points.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.locator('.ant-message-notice')).toContainText('6 个测点');
  await page.reload();
  await expect(main(page).locator('[data-pane="points"] [data-measure-checked]')).toHaveText('已选 6 / 7', { timeout: 30_000 });
  await expect(main(page).locator('[data-pane="points"]').getByRole('checkbox', { name: /^PM10/ })).not.toBeChecked();

  // The IoT branch lists the IoT products only.
  await go(page, '/nv_product/nv_measure_auth/1');
  await expect(main(page).locator('[data-pane="products"]').getByRole('menuitem', { name: /NV-DTU/ })).toBeVisible({ timeout: 30_000 });
  await expect(main(page).locator('[data-pane="products"]').getByRole('menuitem', { name: /NV-S200/ })).toHaveCount(0);

  const restored = await apiPost(request, token, '/t_device_model_measure/associate-role', { roleId, deviceModelIds: [s200], measureIds: before.measureIds });
  expect(restored.success, JSON.stringify(restored)).toBe(true);
});

test('the IoT monitor counts the IoT devices by state and filters by a count', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  await page.goto('/nv_iot');
  await expect(page).toHaveURL(/\/nv_iot\/nv_iot_monitor/);
  const monitor = main(page).locator('[data-iot-monitor]');
  await expect(monitor.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  const data = await apiGet<{ counts: { total: number; offline: number } }>(request, token, '/t_device/iot-monitor');
  await expect(monitor.locator('[data-iot-count="total"]')).toContainText(String(data.counts.total));
  await monitor.locator('[data-iot-count="offline"]').click();
  await expect(page).toHaveURL(/state=0/);
  const states = monitor.locator('tbody tr.ant-table-row [data-device-state]');
  await expect(states.first().or(monitor.locator('.ant-table-placeholder'))).toBeVisible();
  for (const s of await states.all()) await expect(s).toHaveAttribute('data-device-state', 'offline');
  await pickOption(page, monitor.locator('#iot-project'), '上海张江洁净厂房');
  await expect(page).toHaveURL(/project=\d+/);
});

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`issue 17's sync, rights and IoT pages look finished, ${theme}, ${language}`, lookTags('product-sync-pages', theme, language), async ({ page, request, baseURL }) => {
      await page.addInitScript(([t, l]) => {
        localStorage.setItem('nv_theme', JSON.stringify(t));
        localStorage.setItem('nv_lang', l);
      }, [theme, language]);
      const token = await browserSignIn(page, request, ADMIN, baseURL!);
      const en = language === 'en';
      const sensorSync = await finishedSync(request, token, SENSOR);
      const dtuSync = await finishedSync(request, token, DTU);
      const shoot = async (name: string) => {
        await page.mouse.move(1919, 1079);
        await expect(main(page).locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
        await page.screenshot({ path: `${SHOTS}/product17-${name}-${theme}-${language}.png`, animations: 'disabled' });
      };
      await page.goto('/');
      await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });

      await go(page, '/nv_product/nv_product_sync');
      const sync = new ProductSyncPages(page, language);
      await expect(sync.rows.first()).toBeVisible({ timeout: 30_000 });
      await shoot('sync-list');

      await sync.list.getByRole('button', { name: en ? 'Sync' : '同步', exact: true }).click();
      await pickOption(page, sync.dialog.locator('#sync-product'), SENSOR);
      await expect(sync.preview).toBeVisible({ timeout: 15_000 });
      await shoot('sync-start');
      await sync.dialog.getByRole('button', { name: en ? 'Cancel' : '取消', exact: true }).click();
      await expect(sync.dialog).toBeHidden();

      await go(page, `/nv_product/nv_product_sync_detail/${sensorSync}`);
      await expect(sync.items.first()).toBeVisible({ timeout: 30_000 });
      await shoot('sync-detail');
      await go(page, `/nv_product/nv_product_sync_detail/${dtuSync}`);
      await expect(sync.items.locator('[data-no-gateway]').first()).toBeVisible({ timeout: 30_000 });
      await shoot('sync-detail-no-gateway');

      // The operator's role on the sensors (its rights there set by the test above, when it ran).
      await go(page, '/nv_product/nv_measure_auth/0');
      await main(page).locator('[data-pane="roles"]').getByRole('menuitem', { name: '业主运维' }).first().click();
      await main(page).locator('[data-pane="products"]').getByRole('menuitem', { name: /NV-S200/ }).click();
      await expect(main(page).locator('[data-pane="points"] [data-measure-checked]')).toContainText('7');
      await shoot('measure-auth');
      await go(page, '/nv_product/nv_measure_auth/1');
      await expect(main(page).locator('[data-pane="points"] [data-measure-group]').first()).toBeVisible({ timeout: 30_000 });
      await shoot('measure-auth-iot');

      await go(page, '/nv_iot/nv_iot_monitor');
      await expect(main(page).locator('[data-iot-monitor] tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await shoot('iot-monitor');
    });
  }
}
