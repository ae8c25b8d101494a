import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, OPERATOR } from './pages/accounts';
import { apiGet, apiPost, browserSignIn } from './pages/api';
import { GatewayListPage, RemoteControlPanel } from './pages/RemoteControl';
import { ResourceListPage } from './pages/ResourceListPage';
import { lookTags } from './pages/consoleLook';

/**
 * Issue 18, gateways and remote control: an administrator previews 上海网关's register map and
 * refreshes it, then sends a set-point to a purifier of 上海张江 that succeeds (the new value shows)
 * and one (6666) the simulated device answers with 设备忙, after the password check (a wrong
 * password shows the server's text); the operator, without device-control, sees no control. The
 * set-point is put back. Screenshots at 1920×1080 in both themes and languages:
 * test-results/screenshots/control18-<view>-<theme>-<lang>.png.
 */

const SHOTS = 'test-results/screenshots';
const GATEWAY = 'GW-P-SH-01';
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

interface ControlPoints { points: { measureId: number; name: string; value: number | null }[] }

/** An online purifier (NV-AP900) of 上海张江, and its fan frequency set-point now. */
async function purifier(request: APIRequestContext, token: string) {
  const { list } = await apiGet<{ list: { id: number; code: string; name: string; state: number }[] }>(request, token, '/t_device?keyword=P-SH-01-NV-AP900&Size=10');
  const device = list.find((d) => d.state !== 0) ?? list[0];
  const { points } = await apiGet<ControlPoints>(request, token, `/t_device/control-points/${device.id}`);
  const frequency = points.find((p) => p.name === '风机频率设定')!;
  return { ...device, frequency };
}

/** Writes a set-point over the API and waits until the command is final. */
async function write(request: APIRequestContext, token: string, deviceId: number, measureId: number, value: number): Promise<number | null> {
  const sent = await apiPost(request, token, '/t_device/control', { deviceId, measureId, value, password: md5(ADMIN.password) });
  expect(sent.success, JSON.stringify(sent)).toBe(true);
  let code: number | null = null;
  await expect.poll(async () => {
    const c = await apiGet<{ state: string; code: number | null }>(request, token, `/t_gateway_command/${sent.data.id}`);
    code = c.code;
    return ['succeeded', 'failed', 'expired'].includes(c.state);
  }, { timeout: 40_000 }).toBe(true);
  return code;
}

async function openRemote(page: Page, code: string, en: boolean): Promise<RemoteControlPanel> {
  await page.goto('/nv_iot/nv_iot_device_list');
  const list = new ResourceListPage(page, 't_device');
  await list.expectLoaded();
  await list.search(en ? 'Name or code' : '名称/编码', code);
  await expect(list.rows).toHaveCount(1);
  await list.row(code).getByRole('button', { name: en ? 'Remote control' : '远程控制' }).click();
  const remote = new RemoteControlPanel(page);
  await expect(remote.row('风机频率设定')).toBeVisible();
  return remote;
}

test.describe.configure({ timeout: 180_000 });

test('an administrator previews a gateway, sends a set-point that succeeds and one the device answers 设备忙; the operator sees no control', async ({ page, request, baseURL, browser }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const device = await purifier(request, token);
  const original = device.frequency.value ?? 45;
  const target = original === 42.5 ? 41.5 : 42.5;

  try {
    await test.step('previews 上海网关\'s register map, generated from its devices\' models', async () => {
      await page.goto('/nv_iot/nv_iot_gateway');
      const gateways = new GatewayListPage(page);
      await expect(gateways.row(GATEWAY)).toContainText('上海网关', { timeout: 30_000 });
      await gateways.rowButton(GATEWAY, '配置预览').click();
      await expect(gateways.preview).toBeVisible();
      await expect(gateways.registerCount).toHaveText(/^[1-9]\d*$/);
      const setPoint = gateways.preview.locator('.ant-table-row').filter({ hasText: '风机频率设定' }).first();
      await expect(setPoint).toContainText('101');
      await expect(setPoint).toContainText('UInt16');
      await expect(setPoint).toContainText('0.1');
      await expect(gateways.preview.locator('.ant-table-row').filter({ hasText: '开关' }).first()).toContainText('Boolean');
      await page.keyboard.press('Escape');
      await expect(gateways.preview).toBeHidden();

      await gateways.rowButton(GATEWAY, '刷新').click();
      await expect(gateways.message('已请求“上海网关”刷新')).toBeVisible();
      await expect(gateways.message('上海网关 刷新：成功')).toBeVisible({ timeout: 30_000 });
      await expect(gateways.lastCommand(GATEWAY)).toHaveAttribute('data-state', 'succeeded');
    });

    await test.step(`sends 风机频率设定 = ${target} Hz: a wrong password shows the server's text, then it succeeds and the value shows`, async () => {
      const remote = await openRemote(page, device.code, false);
      await remote.enter('风机频率设定', String(target), /下发/);
      const dialog = remote.passwordDialog('密码确认');
      await expect(dialog).toContainText(`风机频率设定 = ${target} Hz`);
      await remote.passwordInput.fill('not-the-password');
      await dialog.getByRole('button', { name: '确认下发' }).click();
      await expect(dialog).toContainText('密码错误');
      await remote.passwordInput.fill(ADMIN.password);
      await dialog.getByRole('button', { name: '确认下发' }).click();
      await expect(dialog).toBeHidden();
      await expect(remote.result('风机频率设定')).toHaveText('成功', { timeout: 30_000 });
      await expect(remote.current('风机频率设定')).toContainText(`${target} Hz`);
    });

    await test.step('sends 风量设定 = 6666: the simulated device answers 设备忙', async () => {
      const remote = new RemoteControlPanel(page);
      await remote.enter('风量设定', '6666', /下发/);
      const dialog = remote.passwordDialog('密码确认');
      await remote.passwordInput.fill(ADMIN.password);
      await dialog.getByRole('button', { name: '确认下发' }).click();
      await expect(remote.result('风量设定')).toHaveText('设备忙', { timeout: 30_000 });
      await expect(remote.current('风量设定')).not.toContainText('6666');
      // Both commands are in 我的日志 as 远程控制, with the point and the value.
      const log = await apiGet<{ list: { target: string; detail: string }[] }>(request, token, '/t_history_log?Page=1&Size=5&action=remote-control');
      expect(log.list.some((l) => l.target.includes('风量设定') && l.detail.includes('6666'))).toBe(true);
      expect(log.list.some((l) => l.target.includes('风机频率设定') && l.detail.includes(String(target)))).toBe(true);
    });

    await test.step('the operator, without device-control, sees no remote control', async () => {
      const context = await browser.newContext();
      const other = await context.newPage();
      await browserSignIn(other, request, OPERATOR, baseURL!);
      await other.goto('/nv_iot/nv_iot_device_list');
      await expect(other.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await expect(other.getByRole('button', { name: '告警设置' }).first()).toBeVisible();
      await expect(other.getByRole('button', { name: '远程控制' })).toHaveCount(0);
      await other.goto('/nv_iot/nv_iot_gateway');
      await expect(other.getByTestId(`devices-${GATEWAY}`)).toBeVisible({ timeout: 30_000 });
      await expect(other.getByRole('button', { name: /重启/ })).toHaveCount(0);
      await context.close();
    });
  } finally {
    // The set-point back as it was.
    expect(await write(request, token, device.id, device.frequency.measureId, original)).toBe(0);
  }
});

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`the gateway and remote control views look finished, ${theme}, ${language}`, lookTags('remote-control', theme, language), async ({ page, request, baseURL }) => {
      await page.addInitScript(([t, l]) => {
        localStorage.setItem('nv_theme', JSON.stringify(t));
        localStorage.setItem('nv_lang', l);
      }, [theme, language]);
      const token = await browserSignIn(page, request, ADMIN, baseURL!);
      const en = language === 'en';
      const shoot = async (name: string) => {
        await page.mouse.move(1919, 1079);
        await page.screenshot({ path: `${SHOTS}/control18-${name}-${theme}-${language}.png`, animations: 'disabled' });
      };
      const settled = async () => expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });

      await page.goto('/nv_iot/nv_iot_gateway');
      const gateways = new GatewayListPage(page);
      await expect(gateways.row(GATEWAY)).toBeVisible({ timeout: 30_000 });
      await settled();
      await shoot('gateways');
      await gateways.rowButton(GATEWAY, en ? 'Config preview' : '配置预览').click();
      await expect(gateways.registerCount).toHaveText(/^[1-9]\d*$/);
      await settled();
      await shoot('config-preview');
      await page.keyboard.press('Escape');

      const device = await purifier(request, token);
      const remote = await openRemote(page, device.code, en);
      await settled();
      await remote.enter('风量设定', '6666', en ? /Send/ : /下发/);
      const dialog = remote.passwordDialog(en ? 'Confirm with your password' : '密码确认');
      await remote.passwordInput.fill('not-the-password');
      await dialog.getByRole('button', { name: en ? 'Send' : '确认下发' }).click();
      await expect(dialog).toContainText('密码错误');
      await shoot('password');
      await remote.passwordInput.fill(ADMIN.password);
      await dialog.getByRole('button', { name: en ? 'Send' : '确认下发' }).click();
      await expect(remote.result('风量设定')).toHaveText(en ? 'Device busy' : '设备忙', { timeout: 30_000 });
      await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
      await shoot('remote');
    });
  }
}
