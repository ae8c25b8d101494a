import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { browserSignIn } from './pages/api';
import { DeviceMonitorPage, ProjectMonitorPage, TestSensor } from './pages/MonitoringPages';
import { ShellPage } from './pages/ShellPage';
import { lookTags } from './pages/consoleLook';

/**
 * Issue 19, project and device monitoring: project monitoring opens from the shell's button in a
 * new tab on the hash route of SPEC §2 (the token leaves the address) and follows values, states
 * and alarms pushed over the hub; the device monitor filters by project, model, keyword and state
 * and shows a device's state change as it happens. Then both pages and 物联网监控 at 1920×1080 and
 * 3840×2160 in both themes and languages: test-results/screenshots/monitor19-<page>-<theme>-<lang>[-2160p].png.
 */

const SHOTS = 'test-results/screenshots';
const PROJECT = '上海张江洁净厂房';

test.describe.configure({ timeout: 240_000 });

test('project monitoring opens from the shell button on its hash route and follows live values, states and alarms', async ({ page, context, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const sensor = await TestSensor.create(request, token, PROJECT, 'P');
  try {
    let ts = await sensor.sendPm25([18]);
    const shell = new ShellPage(page);
    await page.goto('/');
    await expect(shell.nickName).toHaveText(ADMIN.nickName);

    const [tab] = await Promise.all([context.waitForEvent('page'), shell.launcher('项目监控').click()]);
    const monitor = new ProjectMonitorPage(tab);
    await expect(monitor.root).toBeVisible({ timeout: 30_000 });
    // The hash route became the page's path, and the token left the address (it is in the session).
    expect(new URL(tab.url()).pathname).toBe(ProjectMonitorPage.path);
    expect(tab.url()).not.toContain('token');
    expect(tab.url()).not.toContain('#');

    await monitor.pickProject(PROJECT);
    await expect(monitor.value(sensor.id, 2)).toHaveText(/^18\.0/);
    const online = Number(await monitor.count('online').innerText());
    const alarms = Number(await monitor.count('alarm').innerText());

    // New values arrive over the hub (the page does not poll): retried until the connection is up.
    let value = 20;
    await expect(async () => {
      value += 1;
      ts = await sensor.sendPm25([value], ts);
      await expect(monitor.value(sensor.id, 2)).toHaveText(new RegExp(`^${value}\\.0`), { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(monitor.status).toHaveAttribute('data-monitor-status', 'live');

    // Two samples over 75 raise the PM2.5 alarm: the device turns to alarm, the tiles and the alarm list follow.
    ts = await sensor.sendPm25([96, 98], ts);
    await expect(monitor.device(sensor.id)).toHaveAttribute('data-device-state', 'alarm');
    await expect(monitor.value(sensor.id, 2)).toHaveAttribute('data-alarm', 'true');
    await expect(monitor.count('alarm')).toHaveText(String(alarms + 1));
    await expect(monitor.count('online')).toHaveText(String(online - 1));
    // In the list of newest alarms (the simulator's own alarms in the project may arrive just after it).
    await expect(monitor.alarms.locator('li').filter({ hasText: sensor.name })).toHaveCount(1);
    await tab.screenshot({ path: `${SHOTS}/monitor19-project-live.png` });

    // Back to normal: the alarm clears and leaves the list.
    ts = await sensor.sendPm25([20, 19], ts);
    await expect(monitor.device(sensor.id)).toHaveAttribute('data-device-state', 'online');
    await expect(monitor.alarms).not.toContainText(sensor.name);
    await tab.close();
  } finally {
    await sensor.remove();
  }
});

test('the device monitor filters by project, model and keyword, and shows a state change as it happens', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const sensor = await TestSensor.create(request, token, PROJECT, 'D');
  try {
    const shell = new ShellPage(page);
    await page.goto('/');
    expect(await shell.groupEntries('监控中心')).toEqual(['设备监控']);
    await shell.sidebar.getByRole('link', { name: '设备监控', exact: true }).click();
    const devices = new DeviceMonitorPage(page);
    await expect(devices.root).toBeVisible({ timeout: 30_000 });
    await expect(devices.shown().first()).toBeVisible();

    await devices.pick('项目', PROJECT);
    await devices.pick('型号', 'NV-S200 空气质量传感器');
    await expect(page).toHaveURL(/project=\d+&model=\d+/);
    await devices.search(sensor.code);
    await expect(devices.shown()).toHaveCount(1);
    const card = devices.device(sensor.id);
    await expect(card).toContainText(sensor.name);
    await expect(card).toHaveAttribute('data-device-state', 'offline');
    await expect(card).toContainText('从未上线');

    // Its first data: online, over the hub (retried until the page's connection is up).
    let ts = Date.now();
    await expect(async () => {
      ts = await sensor.sendPm25([15], ts);
      await expect(card).toHaveAttribute('data-device-state', 'online', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(devices.status).toHaveAttribute('data-monitor-status', 'live');

    // An alarm: the card turns red at once and is marked as just changed.
    ts = await sensor.sendPm25([120, 130], ts);
    await expect(card).toHaveAttribute('data-device-state', 'alarm');
    await expect(card).toHaveAttribute('data-changed', 'true');
    await expect(card).toContainText('告警');

    // The 告警 tile filters by state; the list view shows the same device.
    await devices.tile('alarm').click();
    await expect(page).toHaveURL(/state=2/);
    await expect(devices.shown()).toHaveCount(1);
    await devices.root.locator('.ant-segmented-item', { hasText: '列表' }).click();
    await expect(devices.root).toHaveAttribute('data-view', 'list');
    await expect(devices.device(sensor.id)).toContainText('告警');
    await expect(devices.device(sensor.id).getByRole('link', { name: sensor.name })).toHaveAttribute('href', `/nv_monitor/nv_device_detail/${sensor.id}`);

    // Back to normal: it leaves the 告警 filter.
    ts = await sensor.sendPm25([20, 18], ts);
    await expect(devices.shown()).toHaveCount(0);
  } finally {
    await sensor.remove();
  }
});

async function settings(page: Page, theme: string, language: string): Promise<void> {
  await page.addInitScript(([t, l]) => {
    localStorage.setItem('nv_theme', JSON.stringify(t));
    localStorage.setItem('nv_lang', l);
  }, [theme, language]);
}

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`the monitoring pages look finished at 1920×1080 and 3840×2160, ${theme}, ${language}`, lookTags('monitoring', theme, language), async ({ page, request, baseURL }) => {
      await settings(page, theme, language);
      await browserSignIn(page, request, ADMIN, baseURL!);
      for (const [width, height, suffix] of [[1920, 1080, ''], [3840, 2160, '-2160p']] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`${ProjectMonitorPage.path}`);
        const monitor = new ProjectMonitorPage(page);
        await monitor.pickProject(PROJECT);
        await expect(monitor.root.locator('[data-monitor-measures] tbody tr').first()).toBeVisible();
        await expect(page.locator('[data-graph-live]')).toHaveAttribute('data-graph-phase', 'ready', { timeout: 30_000 });
        await page.screenshot({ path: `${SHOTS}/monitor19-project-${theme}-${language}${suffix}.png` });

        await page.goto(DeviceMonitorPage.path);
        const devices = new DeviceMonitorPage(page);
        await expect(devices.shown().first()).toBeVisible({ timeout: 30_000 });
        await expect(devices.tile('total').locator('[data-count-value]')).not.toHaveText('—');
        await page.screenshot({ path: `${SHOTS}/monitor19-devices-${theme}-${language}${suffix}.png` });
        if (!suffix) {
          await page.goto(`${DeviceMonitorPage.path}?view=list`);
          await expect(devices.root.locator('tr[data-device-id]').first()).toBeVisible();
          await page.screenshot({ path: `${SHOTS}/monitor19-devices-list-${theme}-${language}.png` });
          await page.goto('/nv_iot/nv_iot_monitor');
          await expect(page.locator('[data-iot-monitor] [data-signal]').first()).toBeVisible({ timeout: 30_000 });
          await page.screenshot({ path: `${SHOTS}/monitor19-iot-${theme}-${language}.png` });
        }
      }
    });
  }
}
