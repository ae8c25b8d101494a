import { expect, test, type Page } from '@playwright/test';
import { ADMIN, OPERATOR, SUPERADMIN } from './pages/accounts';
import { apiLogin } from './pages/api';
import { HubWatch } from './pages/HubWatch';
import { LoginPage } from './pages/LoginPage';
import { ShellPage } from './pages/ShellPage';
import { ingest, quietResistancePoint } from './pages/telemetry';

const SHOTS = 'test-results/screenshots';

const tokenCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'nv_token')?.value;

/** Set in the page before the push: still there afterwards means the page did not reload. */
const markDocument = (page: Page) => page.evaluate(() => { (window as unknown as { e2eMark: boolean }).e2eMark = true; });
const documentMarked = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark === true);

test('an alarm raised on the server appears in the open alarm bell without a reload, and leaves it when cleared', async ({ page, request }) => {
  const hub = await HubWatch.create(page);
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  // The hub connects 5 s after the user is known; pushes before that are not this test's business.
  await hub.waitForSubscribed('alarms');
  await markDocument(page);

  // SINGLE_SESSION: a second admin login would log the browser out, so the API side is superadmin
  // (it also holds the ingest right).
  const token = await apiLogin(request, SUPERADMIN);
  const point = await quietResistancePoint(request, token);
  await shell.alarmButton.click();
  await expect(shell.alarmItems.first(), 'the demo seed has open alarms').toBeVisible();
  // 587.5 Pa over the 450 Pa limit: a value no simulated sample has, so the entry is ours.
  const raised = shell.alarmItem(point.deviceName, '587.5');
  await expect(raised).toHaveCount(0);

  // The simulator writes every point every 5 s at the server's clock. Samples ahead of it make its
  // own stale until the clock catches up, so they cannot clear our alarm while the test looks,
  // and ours is the newest alarm, first in the dropdown.
  const ts = Date.now() + 30_000;
  const sample = (value: number, i: number) => ({ deviceId: point.deviceId, measureId: point.measureId, value, ts: ts + i * 1_000 });
  // An alarm is raised after two violating samples in a row.
  await ingest(request, token, [587.5, 587.5, 587.5].map(sample));
  await expect(raised).toBeVisible({ timeout: 5_000 });
  await expect(shell.alarmPanel).toBeVisible();

  // Two samples back under the limit clear it; the open dropdown follows the clear push too.
  await ingest(request, token, [300, 300].map((value, i) => sample(value, 3 + i)));
  await expect(raised).toHaveCount(0, { timeout: 5_000 });
  expect(await documentMarked(page), 'the page was not reloaded').toBe(true);
  expect(hub.notices.filter((n) => n.type === 'measureWarning').length).toBeGreaterThanOrEqual(2);
});

for (const size of [{ name: '1080p', width: 1920, height: 1080 }, { name: '4k', width: 3840, height: 2160 }] as const) {
  test(`a second login of the same account shows 下线提示, then reloads to login without the token (${size.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const hub = await HubWatch.create(page);
    // The page notes when the warning appears and when it unloads (its own clock, kept across the
    // reload), so the 5 s are measured where they are kept.
    await page.addInitScript(() => {
      addEventListener('pagehide', () => {
        if (sessionStorage.getItem('e2eWarnedAt')) sessionStorage.setItem('e2eLeftAt', String(Date.now()));
      });
      new MutationObserver(() => {
        if (sessionStorage.getItem('e2eWarnedAt')) return;
        const dialog = [...document.querySelectorAll('[role="dialog"]')].find((d) => d.textContent?.includes('当前账号在别处登录'));
        if (dialog) sessionStorage.setItem('e2eWarnedAt', String(Date.now()));
      }).observe(document, { childList: true, subtree: true });
    });
    const shell = new ShellPage(page);
    await shell.signIn(OPERATOR);
    await hub.waitForSubscribed('alarms');

    await apiLogin(request, OPERATOR);
    const dialog = shell.forcedLogoutDialog;
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('当前账号在别处登录，即将自动退出系统！');
    await page.screenshot({ path: `${SHOTS}/forced-logout-${size.name}.png` });
    expect(await dialog.getByRole('heading').evaluate((el) => parseFloat(getComputedStyle(el).fontSize)))
      .toBeCloseTo(18 * (size.width / 1920), 0);

    // Not closable: no button, Escape does nothing, and the session holds until the 5 s are up.
    // The focus is in the dialog, not on the page behind it.
    await expect(dialog).toBeFocused();
    await expect(dialog.getByRole('button')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    expect(await tokenCookie(page)).toBeTruthy();

    await new LoginPage(page).expectShown();
    const after = await page.evaluate(() => Number(sessionStorage.getItem('e2eLeftAt')) - Number(sessionStorage.getItem('e2eWarnedAt')));
    expect(after, 'the page reloads 5 s after the warning').toBeGreaterThanOrEqual(4_900);
    expect(after).toBeLessThan(6_500);
    expect(await tokenCookie(page)).toBeUndefined();
    await expect(dialog).toHaveCount(0);
  });
}

test('while the hub connection is lost the navbar shows the reconnect marker, until it is back', async ({ page }) => {
  const hub = await HubWatch.create(page);
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await hub.waitForSubscribed('alarms');
  await expect(shell.hubStatus).toHaveCount(0);

  // The server goes away: new connections are refused and the open one drops.
  const refuse = (url: URL) => url.pathname.endsWith('/chatHub/negotiate');
  await page.route(refuse, (route) => route.abort('connectionrefused'));
  await hub.dropConnection();
  await expect(shell.hubStatus).toBeVisible();
  await expect(shell.hubStatus).toHaveAttribute('title', '实时连接已断开，正在重连…');
  await expect(shell.hubStatus).toHaveAccessibleName('实时连接已断开，正在重连…');
  await page.screenshot({ path: `${SHOTS}/hub-reconnecting-1080p.png`, clip: { x: 1200, y: 0, width: 720, height: 64 } });

  // Back: the next attempt (within 2 s, then 5 s) connects, subscribes again, and the marker goes.
  await page.unroute(refuse);
  await hub.waitForSubscribed('alarms');
  await expect(shell.hubStatus).toHaveCount(0);
});
