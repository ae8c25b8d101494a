import { expect, test } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { ShellPage } from './pages/ShellPage';

const background = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('theme and language chosen in the settings panel survive a reload', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  expect(await background(page)).toBe('rgb(10, 20, 36)');

  await shell.openSettings();
  await shell.settingsPanel.getByText('浅色').click();
  await expect.poll(() => background(page)).toBe('rgb(234, 240, 246)');
  await shell.settingsPanel.getByText('English').click();
  await expect(shell.settingsPanel.getByRole('heading')).toHaveText('Settings');
  await expect(page.getByRole('button', { name: 'Real-time alarms' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back, 系统管理员' })).toBeVisible();
  expect(await background(page)).toBe('rgb(234, 240, 246)');
  await expect(page.getByTestId('tag').first()).toHaveText('Home');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
});

test('the settings panel closes on a click outside it', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await shell.openSettings();
  await page.getByRole('heading', { name: '欢迎回来，系统管理员' }).click();
  await expect(shell.settingsPanel).toBeHidden();
});

test('the sidebar remembers its state and closes at 1200 px or less', async ({ page, context }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await expect(shell.sidebar).toHaveAttribute('data-opened', 'true');
  const width = () => shell.sidebar.evaluate((el) => el.getBoundingClientRect().width);
  expect(await width()).toBe(240);
  await expect(shell.sidebar).toHaveCSS('background-color', 'rgb(21, 41, 71)');
  await expect(shell.sidebar.getByRole('link', { name: '首页' })).toHaveCSS('color', 'rgb(62, 235, 255)');
  await expect(shell.tag('首页')).toHaveCSS('background-color', 'rgb(45, 193, 198)');

  await shell.hamburger.click();
  await expect(shell.sidebar).toHaveAttribute('data-opened', 'false');
  expect((await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
  await page.reload();
  await expect(shell.sidebar).toHaveAttribute('data-opened', 'false');
  await shell.hamburger.click();
  await expect(shell.sidebar).toHaveAttribute('data-opened', 'true');

  await page.setViewportSize({ width: 1200, height: 900 });
  await expect(shell.sidebar).toHaveAttribute('data-opened', 'false');
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(shell.sidebar).toHaveAttribute('data-opened', 'true');
});

test('on a phone the sidebar starts closed and opens over the page', async ({ page }) => {
  await page.setViewportSize({ width: 414, height: 860 });
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await expect(shell.sidebar).toHaveAttribute('data-opened', 'false');
  await expect(shell.sidebar).not.toBeInViewport();
  await shell.hamburger.click();
  await expect(shell.sidebar).toBeInViewport();
  await shell.sidebar.getByRole('link', { name: '我的日志' }).click();
  await expect(page).toHaveURL('/nv_log');
  await expect(shell.sidebar).not.toBeInViewport();
});
