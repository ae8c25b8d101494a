import { expect, test } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { ShellPage } from './pages/ShellPage';

async function openPages(shell: ShellPage) {
  await shell.groupEntries('系统管理');
  await shell.sidebar.getByRole('link', { name: '大屏管理' }).click();
  await shell.sidebar.getByRole('link', { name: '用户管理' }).click();
  await shell.sidebar.getByRole('link', { name: '我的日志' }).click();
  await expect(shell.page).toHaveURL('/nv_log');
  expect(await shell.tagTitles()).toEqual(['首页', '大屏管理', '用户管理', '我的日志']);
}

test('each opened page gets a tab; the root tab is fixed', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await openPages(shell);

  await expect(shell.tag('我的日志')).toHaveAttribute('aria-current', 'page');
  await shell.tag('大屏管理').click();
  await expect(page).toHaveURL('/nv_system/nv_screen');
  await expect(shell.tag('首页').getByRole('button', { name: '关闭' })).toHaveCount(0);
  await shell.tag('首页').click({ button: 'right' });
  await expect(shell.tagMenu.getByRole('menuitem', { name: '关闭', exact: true })).toBeDisabled();
});

test('close, close others and close all', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await openPages(shell);

  // Closing the active tab moves to the last remaining one.
  await shell.tagAction('我的日志', '关闭');
  expect(await shell.tagTitles()).toEqual(['首页', '大屏管理', '用户管理']);
  await expect(page).toHaveURL('/nv_system/nv_users');
  // Closing another tab by its × leaves the page alone.
  await shell.tag('大屏管理').getByRole('button', { name: '关闭' }).click();
  expect(await shell.tagTitles()).toEqual(['首页', '用户管理']);
  await expect(page).toHaveURL('/nv_system/nv_users');

  await shell.sidebar.getByRole('link', { name: '我的日志' }).click();
  await shell.sidebar.getByRole('link', { name: '大屏管理' }).click();
  await shell.tagAction('用户管理', '关闭其他');
  expect(await shell.tagTitles()).toEqual(['首页', '用户管理']);
  await expect(page).toHaveURL('/nv_system/nv_users');

  await shell.tagAction('用户管理', '关闭所有');
  expect(await shell.tagTitles()).toEqual(['首页']);
  await expect(page).toHaveURL('/');
});

test('refresh reloads the page of the tab', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await expect(page.getByTestId('home-stats')).toContainText('144');
  let statisticsCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/s/device')) statisticsCalls += 1;
  });
  await shell.tagAction('首页', '刷新');
  await expect.poll(() => statisticsCalls).toBe(1);

  await shell.sidebar.getByRole('link', { name: '我的日志' }).click();
  await shell.tagAction('首页', '刷新');
  await expect(page).toHaveURL('/');
  await expect.poll(() => statisticsCalls).toBe(2);
});
