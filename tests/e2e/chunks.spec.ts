import { expect, test } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { pageLoadingSeen, watchPageLoading } from './pages/loadingProbe';
import { ShellPage } from './pages/ShellPage';

test('a page chunk that fails to load is retried by navigating to the same path', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  let failures = 0;
  await page.route('**/assets/AdminPage-*.js', (route) => {
    if (failures === 0) {
      failures += 1;
      return route.abort('connectionreset');
    }
    return route.continue();
  });

  await shell.groupEntries('系统管理');
  await shell.sidebar.getByRole('link', { name: '用户管理' }).click();
  await expect(page.getByRole('heading', { name: '用户管理' })).toBeVisible();
  await expect(page).toHaveURL('/nv_system/nv_users');
  expect(failures).toBe(1);
});

test('a signed-in cold start whose chunks are slow shows a loading screen until they are in, then the page whole', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/assets/AdminPage-*.js', async (route) => {
    await released;
    await route.continue();
  });
  await watchPageLoading(page);
  await page.goto('/nv_log');
  await expect(page.locator('[data-boot-loading]')).toHaveText('加载中…');
  release();
  await expect(page.getByRole('heading', { name: '我的日志' })).toBeVisible();
  await expect(page.locator('[data-boot-loading]')).toHaveCount(0);
  // React rendered once everything was in: none of its levels waited behind a fallback.
  expect(await pageLoadingSeen(page)).toBe(false);
});

test('the admin, analysis and purchase branches are separate chunks, loaded when opened', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/passport/login');
  await expect(page.getByRole('heading', { name: '账号登录' })).toBeVisible();
  const named = (name: string) => scripts.some((s) => s.includes(`/${name}-`));
  expect(named('Console') || named('AdminPage') || named('AnalysisBranch') || named('PurchaseBranch')).toBe(false);

  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  expect(named('Console')).toBe(true);
  expect(named('AdminPage')).toBe(false);
  await page.goto('/nv_log');
  await expect(page.getByRole('heading', { name: '我的日志' })).toBeVisible();
  expect(named('AdminPage')).toBe(true);
  expect(named('AnalysisBranch')).toBe(false);
  await page.goto('/nv_energy_analysis/index');
  await expect(page.getByRole('main').getByRole('heading', { name: '能效分析' })).toBeVisible();
  expect(named('AnalysisBranch')).toBe(true);
  expect(named('PurchaseBranch')).toBe(false);
  await page.goto('/nv_buy/nv_life_buy');
  await expect(page.getByRole('main').getByRole('heading', { name: '智能采购申请' })).toBeVisible();
  expect(named('PurchaseBranch')).toBe(true);
});

test('the page scrolls back to the top on a route change', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await shell.tag('首页').click({ button: 'right' });
  await page.keyboard.press('Escape');
  await shell.sidebar.getByRole('link', { name: '我的日志' }).click();
  await expect(page).toHaveURL('/nv_log');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
