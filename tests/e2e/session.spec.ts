import { expect, test } from '@playwright/test';
import { ADMIN, OPERATOR } from './pages/accounts';
import { apiLogin, browserToken } from './pages/api';
import { expireSession } from './pages/e2eDatabase';
import { LoginPage } from './pages/LoginPage';
import { ShellPage } from './pages/ShellPage';

const tokenCookie = async (page: import('@playwright/test').Page) =>
  (await page.context().cookies()).find((c) => c.name === 'nv_token')?.value;

test('log out asks 退出登录确认 first; 取消 keeps the session, 确定 ends it', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);

  await shell.openUserMenu();
  await shell.userMenuItem('退出登录').click();
  await expect(shell.dialog).toBeVisible();
  await expect(shell.dialog.getByRole('heading')).toHaveText('退出登录确认');
  await expect(shell.dialog).toContainText('确定要退出当前账号吗？');
  await shell.dialog.getByRole('button', { name: '取消' }).click();
  await expect(shell.dialog).toBeHidden();
  expect(await tokenCookie(page)).toBeTruthy();

  await shell.openUserMenu();
  await shell.userMenuItem('退出登录').click();
  await shell.dialog.getByRole('button', { name: '确定' }).click();
  await new LoginPage(page).expectShown();
  expect(await tokenCookie(page)).toBeUndefined();
});

test('HTTP 401 sends the user to /login with the current path as redirect', async ({ page, context }) => {
  await page.goto('/passport/login');
  await context.addCookies([{ name: 'nv_token', value: 'A'.repeat(43), domain: 'localhost', path: '/' }]);
  await page.goto('/nv_system/nv_users?tab=2');

  await expect(page).toHaveURL('/login?redirect=%2Fnv_system%2Fnv_users%3Ftab%3D2');
  const login = new LoginPage(page);
  await login.expectShown();
  expect(await tokenCookie(page)).toBeUndefined();
  await login.login(ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL('/nv_system/nv_users?tab=2');
});

test('HTTP 404 from a page shows 网络请求不存在 in a 提示 dialog with 确定', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  // The statistics call goes to a path the real server does not know.
  await page.route('**/api/s/project', (route) => route.continue({ url: route.request().url().replace('/api/s/project', '/api/s/no-such-statistics') }));
  await shell.tagAction('首页', '刷新');

  await expect(shell.dialog).toBeVisible();
  await expect(shell.dialog.getByRole('heading')).toHaveText('提示');
  await expect(shell.dialog).toContainText('网络请求不存在');
  await shell.dialog.getByRole('button', { name: '确定' }).click();
  await expect(shell.dialog).toBeHidden();
  await expect(shell.nickName).toHaveText(ADMIN.nickName);
});

test('an expired session shows 登录超时，请重新登录！ once, then reloads to login', async ({ page }) => {
  // The toast lives only the 200 ms before the reload, so every toast that appears is recorded.
  const toasts: string[] = [];
  await page.exposeBinding('recordToast', (_source, text: string) => { toasts.push(text); });
  await page.addInitScript(() => {
    const seen = new WeakSet<Node>();
    new MutationObserver(() => {
      document.querySelectorAll('[data-testid="toast"]').forEach((el) => {
        if (seen.has(el)) return;
        seen.add(el);
        (window as unknown as { recordToast(text: string): void }).recordToast(el.textContent ?? '');
      });
    }).observe(document, { childList: true, subtree: true });
  });
  const shell = new ShellPage(page);
  await shell.signIn(OPERATOR);
  await page.context().addCookies([{ name: 'nv_app_id', value: '1', domain: 'localhost', path: '/' }]);
  // The browser's session runs out on the server while the tag menu is open, so the refresh is the
  // first call to meet it. Nothing is pushed: a login elsewhere or a password change would push
  // `logout`, whose 下线提示 and reload raced this test (one run in four).
  await shell.tag('首页').click({ button: 'right' });
  const refresh = shell.tagMenu.getByRole('menuitem', { name: '刷新', exact: true });
  await expect(refresh).toBeVisible();
  expireSession(await browserToken(page));
  // The refresh sends three statistics calls at once; only the first flagged answer reacts.
  await refresh.click();
  await new LoginPage(page).expectShown();
  expect(toasts).toEqual(['登录超时，请重新登录！']);
  expect(await tokenCookie(page)).toBeUndefined();
  expect((await page.context().cookies()).find((c) => c.name === 'nv_app_id')?.value, 'the app id is kept').toBe('1');
});

test('a token and app id in the address are taken up and the address is cleaned', async ({ page, request }) => {
  const token = await apiLogin(request, ADMIN);
  await page.goto(`/nv_system/nv_screen?token=${token}&appId=1&keep=yes`);

  const shell = new ShellPage(page);
  await expect(shell.nickName).toHaveText(ADMIN.nickName);
  await expect(page).toHaveURL('/nv_system/nv_screen?keep=yes');
  expect(await tokenCookie(page)).toBe(token);
  expect((await page.context().cookies()).find((c) => c.name === 'nv_app_id')?.value).toBe('1');
});

test('the token is refreshed every 15 minutes', async ({ page }) => {
  await page.clock.install();
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  const first = await tokenCookie(page);

  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/user/refesh-token'));
  // Short of 15 minutes by a margin: the jump also fires the hub's delayed connect, which renews a
  // token that is 15 minutes old, and the seconds the sign-in took count towards its age.
  await page.clock.fastForward('14:50');
  await page.waitForTimeout(200);
  expect(await tokenCookie(page)).toBe(first);
  await page.clock.fastForward('00:12');
  expect((await (await refreshed).json()).success).toBe(true);
  await expect.poll(() => tokenCookie(page)).not.toBe(first);
  // The new token works: a reload signs in with it.
  await page.reload();
  await expect(shell.nickName).toHaveText(ADMIN.nickName);
});

test('a hidden login tab that becomes visible with a token goes to /monitor', async ({ page, context, request }) => {
  await page.goto('/passport/login');
  await new LoginPage(page).expectShown();
  const token = await apiLogin(request, ADMIN);
  await context.addCookies([{ name: 'nv_token', value: token, domain: 'localhost', path: '/' }]);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

  await expect(page).toHaveURL('/monitor');
  // The big screen itself: the active template's header, no console chrome.
  await expect(page.locator('[data-screen-widget="header"]')).toContainText('平台总览');
});

test('a user info answer with success false removes the token and goes to login', async ({ page, request, context }) => {
  const token = await apiLogin(request, ADMIN);
  await context.addCookies([{ name: 'nv_token', value: token, domain: 'localhost', path: '/' }]);
  await page.route('**/api/user/info', (route) => route.fulfill({
    status: 200, contentType: 'application/json', body: JSON.stringify({ success: false, error: '用户不存在' }),
  }));
  await page.goto('/nv_log');

  await new LoginPage(page).expectShown();
  await expect(page).toHaveURL('/passport/login?redirect=%2Fnv_log');
  expect(await tokenCookie(page)).toBeUndefined();
});

test('a server that cannot be reached at start-up is retried, by hand or on its own', async ({ page, request, context }) => {
  const token = await apiLogin(request, ADMIN);
  await context.addCookies([{ name: 'nv_token', value: token, domain: 'localhost', path: '/' }]);
  let failing = true;
  await page.route('**/api/user/info', (route) => (failing ? route.abort('connectionrefused') : route.continue()));
  await page.goto('/');

  await expect(page.getByRole('alert')).toHaveText('无法加载用户信息：网络连接失败，请检查网络后重试');
  await expect(page.getByText('将在 10 秒后自动重试')).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: '重试' }).click();
  await expect(new ShellPage(page).nickName).toHaveText(ADMIN.nickName);
});
