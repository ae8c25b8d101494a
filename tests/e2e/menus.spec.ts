import { expect, test } from '@playwright/test';
import { ADMIN, OPERATOR, SUPERADMIN } from './pages/accounts';
import { LoginPage } from './pages/LoginPage';
import { ShellPage } from './pages/ShellPage';

const ADMIN_MENU = ['首页', '应用管理', '产品管理', '项目管理', '监控中心', '物联网', '智能告警', '系统管理', '我的日志', '系统日志', '数据备份', '关于'];
const OPERATOR_MENU = ['首页', '产品管理', '项目管理', '监控中心', '物联网', '智能告警', '系统管理', '我的日志', '关于'];

test('admin sees every menu entry, launcher and the profile item', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);

  expect(await shell.topLevelMenu()).toEqual(ADMIN_MENU);
  expect(await shell.groupEntries('系统管理')).toEqual(['大屏管理', '轮播列表', '视频墙', '墙体健康', '组织类型', '组织管理', '用户管理', '角色管理', '权限管理', '组织授权', '访客管理', '个人中心', '基础数据', '系统设置']);
  expect(await shell.groupEntries('智能告警')).toEqual(['实时告警', '历史告警', '告警联系人']);
  await expect(shell.launcher('大屏监控')).toBeVisible();
  await expect(shell.launcher('采购助手')).toBeVisible();
  await expect(shell.launcher('数据分析')).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'nv_page_src')?.value, 'an internal organisation').toBe('0');
  await shell.openUserMenu();
  await expect(shell.userMenuItem('个人中心')).toBeVisible();
  await expect(shell.userMenuItem('主题设置')).toBeVisible();
  await expect(shell.userMenuItem('退出登录')).toBeVisible();
});

test('operator sees only what the rights allow, and hidden pages do not exist', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(OPERATOR);

  expect(await shell.topLevelMenu()).toEqual(OPERATOR_MENU);
  expect((await page.context().cookies()).find((c) => c.name === 'nv_page_src')?.value, 'an owner organisation').toBe('2');
  expect(await shell.groupEntries('系统管理')).toEqual(['大屏管理', '轮播列表', '视频墙', '墙体健康', '个人中心']);
  expect(await shell.groupEntries('智能告警')).toEqual(['历史告警', '告警联系人']);
  await expect(shell.launcher('数据分析')).toBeVisible();
  await expect(shell.launcher('采购助手')).toHaveCount(0);

  // A parent goes to its first visible child; a page behind a missing right is not found.
  await page.goto('/nv_intelligent_alarm');
  await expect(page).toHaveURL('/nv_intelligent_alarm/nv_history_alarm');
  await expect(page.getByRole('heading', { name: '历史告警' })).toBeVisible();
  await page.goto('/nv_system');
  await expect(page).toHaveURL('/nv_system/nv_screen');
  for (const hidden of ['/nv_system/nv_users', '/nv_sys_log', '/nv_notice', '/nv_buy/nv_life_buy']) {
    await page.goto(hidden);
    await expect(page).toHaveURL('/404');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
  }
});

test('menu pages open in the main layout with their title and breadcrumb', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);

  // No menu page is a placeholder any more (issue 22 built the last of them): 版本信息 shows its own content.
  await shell.groupEntries('关于');
  await shell.sidebar.getByRole('link', { name: '版本信息' }).click();
  await expect(page).toHaveURL('/nv_about/nv_version');
  await expect(page.getByRole('heading', { name: '版本信息' })).toBeVisible();
  await expect(page.getByTestId('product-version')).toHaveText('v1.5.0');
  await expect(shell.breadcrumb).toHaveText('关于/版本信息');
  await expect(shell.sidebar.getByRole('link', { name: '版本信息' })).toHaveAttribute('aria-current', 'page');

  await page.goto('/nv_system');
  await expect(page).toHaveURL('/nv_system/nv_base_data');
  await page.goto('/nv_system/nv_org_rights/3');
  await expect(page.getByRole('heading', { name: '组织权限' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/404');
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL('/');
});

test('superadmin lands in the super layout with only its two entries and the settings panel open', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(SUPERADMIN);

  await expect(page).toHaveURL('/nv_screen_graph_lib');
  await expect(shell.settingsPanel).toBeVisible();
  await expect(shell.sidebar.getByRole('link')).toHaveText(['大屏模板库', '个性化配置']);
  await expect(page.getByRole('heading', { name: '大屏模板库' })).toBeVisible();
  await shell.sidebar.getByRole('link', { name: '个性化配置' }).click();
  await expect(page).toHaveURL('/nv_personal_config');
  await expect(page.getByRole('heading', { name: '个性化配置' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL('/nv_screen_graph_lib');
});

test('anyone else opening the super layout loses the token and is back at login', async ({ page, context }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);

  await page.goto('/nv_personal_config');
  await new LoginPage(page).expectShown();
  expect((await context.cookies()).find((c) => c.name === 'nv_token')).toBeUndefined();
});

test('a signed-in user opening the login page is sent to the root', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await page.goto('/passport/login');
  await expect(page).toHaveURL('/');
  await expect(shell.nickName).toHaveText(ADMIN.nickName);
});
