import { expect, test } from '@playwright/test';
import { ADMIN, OPERATOR, PRODUCT_NAME, PRODUCT_VERSION } from './pages/accounts';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { ShellPage } from './pages/ShellPage';

test('admin signs in through the form and sees their nick name', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await expect(login.productName).toContainText(PRODUCT_NAME);
  await expect(login.productVersion).toHaveText(`版本 ${PRODUCT_VERSION}`);
  await login.login(ADMIN.username, ADMIN.password);

  const home = new HomePage(page);
  await home.expectSignedInAs(ADMIN.nickName);
  await expect(page).toHaveURL('/');
  await expect(home.orgName).toHaveText(ADMIN.orgName);
  await expect(home.version).toHaveText(PRODUCT_VERSION);
});

test('a wrong password shows the server error and stays on the login page', async ({ page, context }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.login(OPERATOR.username, 'not-the-password');

  await expect(login.serverError).toHaveText('用户名或密码错误');
  await expect(page).toHaveURL(LoginPage.path);
  await expect(login.submit).toBeEnabled();
  expect((await context.cookies()).find((c) => c.name === 'nv_token')).toBeUndefined();
});

test('empty fields are reported without calling the server', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  let calls = 0;
  await page.route('**/api/user/login', (route) => {
    calls += 1;
    return route.continue();
  });
  await login.submit.click();

  await expect(login.fieldError('请输入用户名')).toBeVisible();
  await expect(login.fieldError('请输入密码')).toBeVisible();
  await login.username.fill(ADMIN.username);
  await expect(login.fieldError('请输入用户名')).toBeHidden();
  expect(calls).toBe(0);
});

test('the button is disabled while the sign-in request is in flight', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/user/login', async (route) => {
    await held;
    await route.continue();
  });
  await login.login(ADMIN.username, ADMIN.password);

  await expect(login.submit).toBeDisabled();
  await expect(login.submit).toHaveText('登录中…');
  release();
  await new HomePage(page).expectSignedInAs(ADMIN.nickName);
});

test('a deep link without a token goes through login and back to the same path', async ({ page }) => {
  const response = await page.goto('/nv_system/nv_users');
  // The server's history fallback answers the deep link with the console itself.
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');

  const login = new LoginPage(page);
  await login.expectShown();
  await expect(page).toHaveURL('/passport/login?redirect=%2Fnv_system%2Fnv_users');
  await login.login(ADMIN.username, ADMIN.password);

  await expect(page).toHaveURL('/nv_system/nv_users');
  await expect(new ShellPage(page).nickName).toHaveText(ADMIN.nickName);
  await expect(page.getByRole('heading', { name: '用户管理' })).toBeVisible();
});

test('log out clears the session and protected paths ask for login again', async ({ page, context }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.login(ADMIN.username, ADMIN.password);
  const home = new HomePage(page);
  await home.expectSignedInAs(ADMIN.nickName);

  const shell = new ShellPage(page);
  await shell.openUserMenu();
  await shell.userMenuItem('退出登录').click();
  await shell.dialog.getByRole('button', { name: '确定' }).click();
  await login.expectShown();
  expect((await context.cookies()).find((c) => c.name === 'nv_token')).toBeUndefined();
  await page.goto('/');
  await expect(page).toHaveURL(LoginPage.path);
});

test('/login is an alias of the login page', async ({ page }) => {
  await page.goto('/login');
  await new LoginPage(page).expectShown();
});
