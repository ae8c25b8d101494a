import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, OPERATOR } from './pages/accounts';
import { apiGet, browserSignIn } from './pages/api';
import { DeviceDetailPage } from './pages/DeviceDetail';
import { pageLoadingSeen, watchPageLoading } from './pages/loadingProbe';
import { lookTags } from './pages/consoleLook';

/**
 * Issue 19, device detail and online data: an administrator opens a filter's detail, sees its
 * values arrive live, drills into a point's trend, zooms the chart, exports the shown window and
 * checks the sheet's rows against the server's answer for that window, then opens the device's
 * online data. Unknown devices and devices outside the scope show the 404 state. Then the pages
 * at 1920×1080 and 3840×2160 in both themes and languages:
 * test-results/screenshots/detail19-<page>-<size>-<theme>-<lang>.png.
 */

const SHOTS = 'test-results/screenshots';

interface DeviceRow { id: number; name: string; projectName: string }
interface HistoryAnswer { interval: string; bucketMs: number; points: { ts: number; value: number }[] }

/** An online demo filter of 上海张江 (P-SH-01) with its resistance point: hourly history of a day, values from the simulator. */
async function demoFilter(request: APIRequestContext, token: string): Promise<DeviceRow> {
  const page = await apiGet<{ list: DeviceRow[] }>(request, token, '/t_device?Page=1&Size=100&deviceTypeId=2006&state=1');
  const device = page.list.find((d) => d.projectName.includes('张江')) ?? page.list[0];
  expect(device, 'an online demo filter').toBeDefined();
  return device;
}

test.describe.configure({ timeout: 180_000 });

test('an administrator drills into a device, zooms its chart, exports the shown range and opens its online data', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const device = await demoFilter(request, token);
  const detail = new DeviceDetailPage(page);

  await test.step('the detail shows the device and its points, kept live over the hub', async () => {
    await detail.open(device.id);
    await expect(detail.root.getByRole('heading', { level: 1 })).toContainText(device.name);
    const resistance = detail.card('阻力');
    await expect(resistance.locator('[data-measure-value]')).toContainText(/\d/);
    await expect(resistance.locator('[data-measure-value]')).toContainText('Pa');
    await expect(detail.freshness).toHaveAttribute('data-freshness', 'live', { timeout: 30_000 });
    // The simulator reports every few seconds: the card's sample time moves without a reload.
    const before = await resistance.locator('div').last().innerText();
    await expect(resistance.locator('div').last()).not.toHaveText(before, { timeout: 30_000 });
  });

  await test.step('its trend is drawn for the last 24 hours, and zooming narrows the shown window', async () => {
    await detail.card('阻力').getByRole('button', { name: /查看曲线/ }).click();
    await expect(detail.tab('历史曲线')).toHaveAttribute('aria-selected', 'true');
    expect(await detail.chartDrawn()).toBeGreaterThan(10);
    const whole = await detail.shown();
    expect(whole.to - whole.from).toBe(24 * 3_600_000);
    await detail.zoomIn();
    await expect.poll(async () => { const w = await detail.shown(); return w.to - w.from; }, { timeout: 10_000 }).toBeLessThan(20 * 3_600_000);
    await expect(detail.history.getByRole('button', { name: '还原缩放' })).toBeVisible();
  });

  await test.step('导出 writes the shown window: the sheet holds the server\'s points of that window', async () => {
    const window = await detail.shown();
    const [download] = await Promise.all([page.waitForEvent('download'), detail.history.getByRole('button', { name: '导出 Excel' }).click()]);
    expect(download.suggestedFilename()).toMatch(/阻力-\d{8}-\d{6}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0];
    const rows = sheet.getSheetValues().slice(1) as (string | number)[][];
    const [header, ...data] = rows.map((r) => r.slice(1));
    expect(header).toEqual(['时间', expect.stringMatching(/^(均值|值) \(Pa\)$/), '最小值 (Pa)', '最大值 (Pa)', '样本数']);
    const measures = await apiGet<{ measures: { measureId: number; name: string }[] }>(request, token, `/t_device/detail/${device.id}`);
    const measureId = measures.measures.find((m) => m.name === '阻力')!.measureId;
    const answer = await apiGet<HistoryAnswer>(request, token,
      `/t_history_measure?deviceId=${device.id}&measureId=${measureId}&from=${window.from}&to=${window.to}&maxPoints=5000`);
    expect(data.length).toBe(answer.points.length);
    expect(data.length).toBeGreaterThan(0);
    data.forEach((row, i) => {
      expect(row[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(Math.abs(Number(row[1]) - answer.points[i].value)).toBeLessThan(0.01);
    });
    await expect(page.getByText(`已导出 ${data.length} 行`)).toBeVisible();
  });

  await test.step('a year of the point is drawn from the hourly rollup', async () => {
    await detail.history.getByText('1年', { exact: true }).click();
    await expect(detail.chart).toHaveAttribute('data-history-drawn', /:\d+$/);
    await expect(detail.history.locator('[data-resolution]')).toContainText('小时均值');
  });

  await test.step('控制 holds the remote control panel of the device', async () => {
    await detail.tab('控制').click();
    await expect(page.locator(`[data-testid="remote-control"][data-device="${device.id}"]`)).toBeVisible();
  });

  await test.step('its alarms and online log are a tab away, its online data a link away', async () => {
    await detail.tab('告警').click();
    await expect(page.locator('[data-device-alarms]')).toBeVisible();
    await page.locator('[data-device-alarms]').getByText('告警历史').click();
    await detail.tab('在线记录').click();
    await expect(page.locator('[data-online-report]')).toHaveAttribute('data-availability', /^\d+(\.\d+)?$/);
    await expect(page.locator('[data-online-changes] tbody tr').first()).toBeVisible();

    await detail.root.getByRole('link', { name: '在线数据' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/nv_monitor/nv_device_onlinedata/${device.id}`));
    await expect(detail.online.getByRole('heading', { level: 1 })).toContainText(device.name);
    const report = detail.online.locator('[data-online-report]');
    await expect(report).toHaveAttribute('data-availability', /^\d+(\.\d+)?$/);
    await expect(report.locator('[data-online-timeline]')).toBeVisible();
    await detail.online.getByText('按月', { exact: true }).click();
    await expect(page).toHaveURL(/period=month/);
    await expect(report.locator('[data-period-bars]')).toHaveAttribute('data-period-bars', /^(2[89]|3[01])$/);
    await detail.online.getByRole('button', { name: '上一月' }).click();
    await expect(report).toHaveAttribute('data-availability', /^\d+(\.\d+)?$/);
  });
});

test('a signed-in cold start on a device\'s trend draws it without a loading screen in between', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const device = await demoFilter(request, token);
  const measures = await apiGet<{ measures: { measureId: number; name: string }[] }>(request, token, `/t_device/detail/${device.id}`);
  const measureId = measures.measures.find((m) => m.name === '阻力')!.measureId;
  await watchPageLoading(page);
  const detail = new DeviceDetailPage(page);
  await detail.open(device.id, `?tab=history&measure=${measureId}&range=1y`);
  expect(await detail.chartDrawn()).toBeGreaterThan(0);
  // The cold start fetched the console's, the admin branch's and the page's chunks before the
  // first render, so no level of it suspended.
  expect(await pageLoadingSeen(page)).toBe(false);
});

test('a device that does not exist, or lies outside the caller\'s scope, shows the 404 state', async ({ page, request, baseURL }) => {
  const adminToken = await browserSignIn(page, request, ADMIN, baseURL!);
  const detail = new DeviceDetailPage(page);
  await detail.open(99_999_999);
  await expect(page.locator('[data-device-detail="not-found"]')).toContainText('设备 99999999 不存在');

  const beijing = (await apiGet<{ list: DeviceRow[] }>(request, adminToken, '/t_device?Page=1&Size=200')).list.find((d) => d.projectName.includes('北京'));
  expect(beijing, 'a Beijing device').toBeDefined();
  await page.context().clearCookies();
  await browserSignIn(page, request, OPERATOR, baseURL!);
  await detail.open(beijing!.id);
  await expect(page.getByText('404').first()).toBeVisible();
  await expect(page.getByText(beijing!.name)).toHaveCount(0);
});

async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('main').locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
}

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`the device detail pages look finished, ${theme}, ${language}`, lookTags('device-detail', theme, language), async ({ page, request, baseURL }) => {
      await page.addInitScript(([t, l]) => {
        localStorage.setItem('nv_theme', JSON.stringify(t));
        localStorage.setItem('nv_lang', l);
      }, [theme, language]);
      const token = await browserSignIn(page, request, ADMIN, baseURL!);
      const device = await demoFilter(request, token);
      const detail = new DeviceDetailPage(page);
      for (const [size, viewport] of [['1080p', { width: 1920, height: 1080 }], ['4k', { width: 3840, height: 2160 }]] as const) {
        await page.setViewportSize(viewport);
        const shoot = async (name: string) => {
          await page.mouse.move(viewport.width - 1, viewport.height - 1);
          await page.screenshot({ path: `${SHOTS}/detail19-${name}-${size}-${theme}-${language}.png`, animations: 'disabled' });
        };
        await detail.open(device.id);
        await expect(detail.card('阻力').locator('[data-measure-value]')).toContainText(/\d/);
        await settle(page);
        await shoot('live');
        await detail.open(device.id, '?tab=history&range=7d');
        await detail.chartDrawn();
        await settle(page);
        await shoot('history');
        await detail.open(device.id, '?tab=alarms');
        await page.locator('[data-device-alarms]').getByText(language === 'zh' ? '告警历史' : 'Alarm history').click();
        await settle(page);
        await shoot('alarms');
        await page.goto(`/nv_monitor/nv_device_onlinedata/${device.id}`);
        await expect(detail.online.locator('[data-online-report]')).toHaveAttribute('data-availability', /\d/);
        await settle(page);
        await shoot('online');
      }
    });
  }
}
