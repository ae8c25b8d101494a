import ExcelJS from 'exceljs';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { apiGet, apiLogin, apiPost, browserSignIn } from './pages/api';
import { pickOption } from './pages/AdminControls';
import { DeviceAdminPage } from './pages/DeviceAdmin';
import { lookTags } from './pages/consoleLook';

/**
 * Issue 18, devices: an administrator adds a device of a model to a project on its gateway, sees
 * the IoT id refused while typing, imports a sheet with a bad row (the report, nothing written),
 * changes the device's model seeing which points have no counterpart, and deletes it. Then the
 * pages at 1920×1080 in both themes and languages: test-results/screenshots/device18-<page>-<theme>-<lang>.png.
 */

const SHOTS = 'test-results/screenshots';
const CODE = `E2E-S200-${Date.now() % 100000}`;

/**
 * The device the journey adds is gone afterwards even when a step failed: the demo's device counts
 * are part of later specs (a left-over 145th device failed six of them once).
 */
test.afterAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const token = await apiLogin(request, ADMIN);
    for (const d of (await apiGet<{ list: { id: number; code: string }[] }>(request, token, `/t_device?keyword=${CODE}`)).list) {
      if (d.code === CODE) await apiPost(request, token, `/t_device/del/${d.id}`);
    }
  } finally {
    await request.dispose();
  }
});

/** An .xlsx of the import layout (Chinese headers) with the given rows. */
async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('设备');
  ws.addRow(['设备名称', '设备编码', '项目（编码或名称）', '设备型号（编码或名称）', '网关（编码或名称）', '物联网ID']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function open(page: Page, path: string): Promise<DeviceAdminPage> {
  await page.goto(path);
  const devices = new DeviceAdminPage(page);
  await devices.list.expectLoaded();
  return devices;
}

test.describe.configure({ timeout: 180_000 });

test('an administrator adds a device, changes its model seeing the unmapped points, and deletes it', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const devices = await open(page, '/nv_iot/nv_iot_device_list');
  const { list } = devices;
  await expect(devices.counts).toContainText(/全部 \d+/);

  await test.step('adds a device of NV-S200 to 上海张江 on its gateway; the IoT id is checked while typing', async () => {
    await list.button('新增').click();
    await list.field('设备名称').fill('E2E 空气质量传感器');
    await list.field('设备编码').fill(CODE);
    await devices.pick('所属项目', '上海张江洁净厂房');
    await devices.pick('设备型号', 'NV-S200 空气质量传感器');
    await devices.pick('网关', '上海网关');
    await list.field('物联网ID').fill('IOT000001');
    // Before saving: the seeded IoT id is another device's.
    await expect(list.fieldError('iotId')).toHaveText('该物联网ID已被其他设备使用');
    await list.field('物联网ID').fill(`IOT-${CODE}`);
    await expect(list.fieldError('iotId')).toHaveCount(0);
    await expect(list.field('物联网ID')).toHaveAttribute('data-check', 'free');
    await list.drawerButton('保存').click();
    await expect(list.message('已保存')).toBeVisible();
    // Closed for good: the drawer gives the focus back to 新增 when it has closed, and a key typed
    // into the search box before then would reach that button (it opened a new, empty drawer).
    await expect(page.locator('.ant-drawer')).toHaveCount(0);
    await list.search('名称/编码', CODE);
    await expect(list.row(CODE)).toContainText('NV-S200 空气质量传感器');
    await expect(list.row(CODE)).toContainText('上海网关');
    // Never seen yet, it is offline until the demo's simulated 上海网关 takes it up in its next
    // round (seconds on a busy machine): either state is right here, but it shows one.
    await expect(list.row(CODE)).toContainText(/离线|在线/);
  });

  await test.step('the simulated gateway takes its register map and the simulator drives it within seconds', async () => {
    const [device] = (await apiGet<{ list: { id: number }[] }>(request, token, `/t_device?keyword=${CODE}`)).list;
    await expect.poll(async () => (await apiGet<unknown[]>(request, token, `/t_real_measure/values?deviceId=${device.id}`)).length, { timeout: 30_000 }).toBe(7);
    await expect.poll(async () => (await apiGet<{ state: number }>(request, token, `/t_device/${device.id}`)).state).not.toBe(0);
  });

  await test.step('imports a sheet with a bad row: the report names it, nothing is written', async () => {
    const before = (await apiGet<{ count: number }>(request, token, '/t_device?Size=1')).count;
    await list.root.getByRole('button', { name: '批量导入' }).click();
    await expect(devices.importDialog).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({
      name: '设备.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await sheet([
        ['导入一号', `${CODE}-I1`, 'P-SH-01', 'NV-S200', 'GW-P-SH-01', ''],
        ['导入二号', CODE, '不存在的项目', 'NV-S200', '', ''],
      ]),
    });
    await expect(devices.importDialog).toContainText('发现 2 处问题，未导入任何设备');
    await expect(devices.importProblems.locator('tbody tr').filter({ hasText: '不存在的项目' })).toContainText('3');
    await expect(devices.importProblems).toContainText(`设备编码“${CODE}”已存在`);
    await expect(devices.importDialog.getByRole('button', { name: /^导入 \d+ 台设备$/ })).toBeDisabled();
    expect((await apiGet<{ count: number }>(request, token, '/t_device?Size=1')).count).toBe(before);
    await devices.importDialog.getByRole('button', { name: '取消' }).click();
  });

  await test.step('changes the model to NV-F600, seeing the points without a counterpart first', async () => {
    await devices.rowMenu(CODE, '更多', '更换型号');
    await expect(devices.changeModel).toBeVisible();
    await pickOption(page, devices.changeModel.getByLabel('新型号'), 'NV-F600 高效过滤器');
    await expect(devices.unmapped).toContainText('没有对应的测点（6）');
    for (const name of ['PM10', '温度', '湿度']) await expect(devices.unmapped).toContainText(name);
    await expect(devices.changeModel).toContainText('出口PM2.5');
    await devices.changeModel.getByRole('button', { name: '确认更换' }).click();
    await expect(list.message('已更换为“NV-F600 高效过滤器”')).toBeVisible();
    await expect(list.row(CODE)).toContainText('NV-F600 高效过滤器');
  });

  await test.step('deletes it', async () => {
    await list.rowButton(CODE, '删除').click();
    await list.confirm();
    await expect(list.message('已删除 1 条记录')).toBeVisible();
    await expect(list.row(CODE)).toHaveCount(0);
    const left = await apiGet<{ count: number }>(request, token, `/t_device?keyword=${CODE}`);
    expect(left.count).toBe(0);
  });
});

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`the device pages look finished, ${theme}, ${language}`, lookTags('device-admin', theme, language), async ({ page, request, baseURL }) => {
      await page.addInitScript(([t, l]) => {
        localStorage.setItem('nv_theme', JSON.stringify(t));
        localStorage.setItem('nv_lang', l);
      }, [theme, language]);
      await browserSignIn(page, request, ADMIN, baseURL!);
      const en = language === 'en';
      const shoot = async (name: string) => {
        await page.mouse.move(1919, 1079);
        await page.screenshot({ path: `${SHOTS}/device18-${name}-${theme}-${language}.png`, animations: 'disabled' });
      };
      const settled = async () => expect(page.getByRole('main').locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });

      const devices = await open(page, '/nv_iot/nv_iot_device_list');
      await expect(devices.counts).toContainText(/\d/);
      await settled();
      await shoot('list');

      await devices.list.button(en ? 'Add' : '新增').click();
      await devices.list.field(en ? 'IoT id' : '物联网ID').fill('IOT000002');
      await expect(devices.list.fieldError('iotId')).toBeVisible();
      await shoot('form');
      await devices.list.drawerButton(en ? 'Cancel' : '取消').click();
      await expect(devices.list.drawer).toBeHidden();

      // A filter of 上海: changing it to a sensor keeps its PM2.5 and drops its resistance, air volume and PM0.3.
      await devices.list.search(en ? 'Name or code' : '名称/编码', 'P-SH-01-NV-F600-1');
      const first = devices.list.rows.first();
      await expect(devices.list.rows).toHaveCount(1);
      await first.getByRole('button', { name: en ? 'More' : '更多' }).click();
      await page.getByRole('menuitem', { name: en ? 'Change model' : '更换型号', exact: true }).click();
      await pickOption(page, devices.changeModel.getByLabel(en ? 'New model' : '新型号'), 'NV-S200 空气质量传感器');
      await expect(devices.changeModel.locator('.ant-table-row').first()).toBeVisible();
      await expect(devices.unmapped).toBeVisible();
      await shoot('change-model');
      await devices.changeModel.getByRole('button', { name: en ? 'Cancel' : '取消' }).click();

      await first.getByRole('button', { name: en ? 'Alarm settings' : '告警设置' }).click();
      await expect(devices.alarmSettings.locator('.ant-table-row').first().or(devices.alarmSettings.locator('.ant-table-placeholder'))).toBeVisible();
      await shoot('alarm-settings');
      await page.keyboard.press('Escape');

      const iot = await open(page, '/nv_iot/nv_iot_device');
      await expect(iot.list.rows.first()).toContainText(/DTU|RoLa|继电器|RT8/);
      await settled();
      await shoot('iot');
    });
  }
}
