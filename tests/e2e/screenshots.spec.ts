import { expect, test } from '@playwright/test';
import { ADMIN, PRODUCT_NAME, PRODUCT_VERSION } from './pages/accounts';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';

/** Where the screenshots go for people to look at; they are not compared pixel by pixel. */
const SHOTS = 'test-results/screenshots';

const SIZES = [
  { name: '1080p', width: 1920, height: 1080 },
  { name: '4k', width: 3840, height: 2160 },
] as const;

for (const size of SIZES) {
  test(`login and home pages at ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.productName).toContainText(PRODUCT_NAME);
    await expect(login.productVersion).toHaveText(`版本 ${PRODUCT_VERSION}`);
    await expect(login.footer).toHaveText(`Copyright © ${new Date().getFullYear()} ${PRODUCT_NAME}`);
    await expect(login.submit).toHaveText('登录');
    // The layout scales with the viewport: the heading is twice as large on 4K as on 1080p.
    const fontSize = await login.heading.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(fontSize).toBeCloseTo(26 * (size.width / 1920), 0);
    await page.screenshot({ path: `${SHOTS}/login-${size.name}.png` });

    await login.login(ADMIN.username, ADMIN.password);
    const home = new HomePage(page);
    await home.expectSignedInAs(ADMIN.nickName);
    await expect(home.orgName).toHaveText(ADMIN.orgName);
    await expect(home.version).toHaveText(PRODUCT_VERSION);
    await expect(home.logout).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/home-${size.name}.png` });
  });
}
