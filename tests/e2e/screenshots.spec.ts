import { expect, test, type Page } from '@playwright/test';
import { ADMIN, PRODUCT_NAME, PRODUCT_VERSION, SUPERADMIN } from './pages/accounts';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { ShellPage } from './pages/ShellPage';

/** Where the screenshots go for people to look at; they are not compared pixel by pixel. */
const SHOTS = 'test-results/screenshots';

const SIZES = [
  { name: '1080p', width: 1920, height: 1080 },
  { name: '4k', width: 3840, height: 2160 },
] as const;

/** Font size of an element relative to what it is at 1920 wide: the layout scales with the wall. */
const fontSize = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

for (const size of SIZES) {
  const scale = size.width / 1920;

  test(`login and main layout, dark and light, at ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.productName).toContainText(PRODUCT_NAME);
    await expect(login.productVersion).toHaveText(`版本 ${PRODUCT_VERSION}`);
    await expect(login.footer).toHaveText(`Copyright © ${new Date().getFullYear()} ${PRODUCT_NAME}`);
    const heading = await login.heading.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(heading).toBeCloseTo(26 * scale, 0);
    await page.screenshot({ path: `${SHOTS}/login-${size.name}.png` });

    await login.login(ADMIN.username, ADMIN.password);
    const home = new HomePage(page);
    const shell = new ShellPage(page);
    await home.expectSignedInAs(ADMIN.nickName);
    await expect(home.stats).toContainText('144');
    await expect(shell.alarmBadge).toBeVisible();
    await expect(shell.footer).toHaveText(`Copyright © ${new Date().getFullYear()} ${PRODUCT_NAME}`);
    await expect(shell.sidebar.getByTestId('sidebar-version')).toHaveText(`版本 ${PRODUCT_VERSION}`);
    expect(await shell.sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBeCloseTo(240 * scale, 0);
    expect(await fontSize(page, '[data-testid="sidebar"] nav a')).toBeCloseTo(16 * scale, 0);
    await page.screenshot({ path: `${SHOTS}/main-dark-${size.name}.png` });

    await shell.alarmButton.click();
    await expect(shell.alarmItems.first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/alarm-dropdown-${size.name}.png` });
    await shell.alarmButton.click();

    await shell.openSettings();
    await shell.settingsPanel.getByText('浅色').click();
    await page.screenshot({ path: `${SHOTS}/settings-light-${size.name}.png` });
    await page.mouse.click(size.width / 2, size.height / 2);
    await expect(shell.settingsPanel).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/main-light-${size.name}.png` });
  });

  test(`super layout at ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const shell = new ShellPage(page);
    await shell.signIn(SUPERADMIN);
    await expect(page).toHaveURL('/nv_screen_graph_lib');
    await expect(shell.settingsPanel).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/super-${size.name}.png` });
  });
}
