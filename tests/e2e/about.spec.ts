import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { AboutPages } from './pages/AboutPages';
import { ADMIN } from './pages/accounts';
import { browserSignIn } from './pages/api';
import { ShellPage } from './pages/ShellPage';
import { setConsoleLook, lookTags } from './pages/consoleLook';

/**
 * Issue 22, 关于: the administrator reads the version page (the build, the server, the open-source
 * components with their licences) and the licence page, imports a new licence (signed with the
 * test key playwright.config.ts lets the server trust), sees a tampered one refused, and puts the
 * shipped demo licence back; /api/docs opens. Screenshots at 1920×1080 in both themes and languages.
 */

const SHOTS = 'test-results/screenshots';
const E2E_LICENCE = 'tests/e2e/fixtures/e2e-licence.json';
const DEMO_LICENCE = 'server/licence/demo-licence.json';
const demoLicensee = JSON.parse(fs.readFileSync(DEMO_LICENCE, 'utf8')).payload.licensee as string;

test('the administrator reads the version and licence pages and imports a licence', async ({ page }) => {
  const shell = new ShellPage(page);
  const about = new AboutPages(page);
  await shell.signIn(ADMIN);

  await shell.groupEntries('关于');
  await shell.sidebar.getByRole('link', { name: '版本信息' }).click();
  await expect(page).toHaveURL('/nv_about/nv_version');
  await expect(about.productVersion).toHaveText('v1.5.0');
  await expect(about.serverVersion).toContainText('SQLite 3.');
  await expect(about.serverVersion).toContainText(/已应用 \d+ 个迁移，最新 \d{3}-/);
  // The components come from the installed packages, each with the licence its package states.
  await about.componentSearch.fill('swagger-ui-dist');
  await expect(about.component('swagger-ui-dist')).toContainText('Apache-2.0');
  await about.componentSearch.fill('fastify');
  await expect(about.component('fastify')).toContainText('MIT');
  await expect(about.versionPage.getByRole('link', { name: '打开接口文档' })).toHaveAttribute('href', '/api/docs');

  await shell.sidebar.getByRole('link', { name: '授权信息' }).click();
  await expect(page).toHaveURL('/nv_about/nv_authorize');
  await expect(about.licensee).toHaveText(demoLicensee);
  await expect(about.licenceInfo).toContainText('有效');

  await about.importFile(E2E_LICENCE);
  await expect(page.getByText('已导入授权：E2E 测试客户')).toBeVisible();
  await expect(about.licensee).toHaveText('E2E 测试客户');
  await expect(about.licenceInfo).toContainText('E2E-0001');
  await expect(about.licenceInfo).toContainText(/由 系统管理员 导入/);

  // A changed limit breaks the signature: refused, the licence in force stays.
  const tampered = fs.readFileSync(E2E_LICENCE, 'utf8').replace('"maxDevices": 100000', '"maxDevices": 9999999');
  await about.importFile({ name: 'tampered.json', buffer: Buffer.from(tampered) });
  await expect(about.refused).toContainText('授权文件签名无效');
  await expect(about.licensee).toHaveText('E2E 测试客户');

  // The shipped demo licence back, as the other specs expect.
  await about.importFile(DEMO_LICENCE);
  await expect(about.licensee).toHaveText(demoLicensee);
  await expect(about.refused).toBeHidden();
});

test('the API reference opens from this server, offline', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('requestfailed', (r) => problems.push(`${r.url()} ${r.failure()?.errorText}`));
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /nv-console API/ })).toBeVisible();
  await expect(page.locator('.opblock-tag', { hasText: 'licence' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/about-api-docs.png` });
  // The console's own files are not operations of the API.
  await expect(page.locator('.opblock-tag', { hasText: 'index.html' })).toHaveCount(0);
  await page.locator('.opblock-tag', { hasText: 'licence' }).click();
  await expect(page.getByText('/api/licence/import')).toBeVisible();
  expect(problems).toEqual([]);
});

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`the version and licence pages look finished, ${theme}, ${language}`, lookTags('about', theme, language), async ({ page, request, baseURL }) => {
      await setConsoleLook(page, theme, language);
      await browserSignIn(page, request, ADMIN, baseURL!);
      const about = new AboutPages(page);
      const shoot = async (name: string) => {
        await page.mouse.move(1919, 1079);
        await page.screenshot({ path: `${SHOTS}/about-${name}-${theme}-${language}.png`, animations: 'disabled' });
      };
      await page.goto('/nv_about/nv_version');
      await expect(about.serverVersion).toContainText('SQLite');
      await expect(about.components.locator('tbody tr').first()).toBeVisible();
      await shoot('version');
      await page.goto('/nv_about/nv_authorize');
      await expect(about.licensee).toHaveText(demoLicensee);
      await shoot('licence');
    });
  }
}
