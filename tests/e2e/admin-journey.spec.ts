import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { MenuItem } from '../../contract/session';
import { ADMIN } from './pages/accounts';
import { pickOption, RightsTreePanel } from './pages/AdminControls';
import { apiGet, browserToken } from './pages/api';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { ResourceListPage } from './pages/ResourceListPage';
import { ShellPage } from './pages/ShellPage';

/*
 * Issue 15's journey, as a new user would go through it, through the UI only (API reads check what
 * the pages claim): an administrator creates an organisation type and gives it rights, an
 * organisation of that type, a role with some of those rights and a user in that organisation with
 * that role; the user signs in and sees exactly the menus those rights allow and only its
 * organisation's data; the administrator finds all of it in 系统日志.
 *
 * The names carry a suffix of their own, so that the journey can run again on the same database
 * (--repeat-each) and what the other specs count is not theirs to find: the new organisation has no
 * projects, devices, contacts or users of the demo, and nothing of the demo is changed.
 */

/** The names of one run of the journey (taken when it starts: --repeat-each runs it again in the same worker). */
function namesOfRun() {
  const RUN = Date.now().toString(36).slice(-5);
  return {
    RUN,
    TYPE: `E2E 代理商 ${RUN}`,
    ORG: `E2E 华中代理 ${RUN}`,
    ORG_CODE: `E2E-AGENT-${RUN.toUpperCase()}`,
    ROLE: `E2E 代理值班 ${RUN}`,
    AGENT: { username: `e2e-agent-${RUN}`, nickName: `E2E 代理 ${RUN}`, password: 'Agent@2026x' },
  };
}

/** What the type may hold (its cap), and the fewer rights its role is given. */
const TYPE_RIGHTS = ['project-preview', 'device-preview', 'log-preview', 'account-preview'];
const ROLE_RIGHTS = ['project-preview', 'device-preview', 'log-preview'];

/**
 * The sidebar those three rights allow (server/seed/menu-seed.ts): 首页 always; 监控中心 for its
 * 设备监控 (device-preview); 项目管理 for its
 * 项目列表, 项目分组, 组态管理 and the graph libraries (project-preview); 物联网 for 物联网监控, 设备列表,
 * 物联网设备 and 网关管理 (device-preview; its other pages need product-preview or upgrade-preview); 我的日志 (log-preview); 关于, whose entries need no right. 系统管理 is hidden:
 * 个人中心 needs account-preview, which the type allows but the role was not given.
 */
const AGENT_MENU = ['首页', '项目管理', '监控中心', '物联网', '我的日志', '关于'];
const AGENT_GROUPS: Record<string, string[]> = {
  监控中心: ['设备监控'],
  项目管理: ['项目列表', '项目分组', '组态管理', '组态库', '项目组态库'],
  物联网: ['物联网监控', '设备列表', '物联网设备', '网关管理'],
  关于: ['版本信息', '授权信息'],
};

// The first admin page of a session loads the admin chunk (antd, ~270 kB gzip); on a busy 2-core
// machine that alone took over 10 s, and the journey visits a dozen pages as two users.
test.describe.configure({ timeout: 300_000 });

const FIRST_LOAD = { timeout: 30_000 };

/** Opens a page of the 系统管理 group from the sidebar, as a user finds it. */
async function openSystemPage(shell: ShellPage, title: string, path: string): Promise<void> {
  await shell.groupEntries('系统管理');
  await shell.sidebar.getByRole('link', { name: title, exact: true }).click();
  await expect(shell.page).toHaveURL(path);
  await expect(shell.page.getByRole('heading', { name: title, exact: true })).toBeVisible(FIRST_LOAD);
}

/** Logs out through the user menu and its confirmation. */
async function logOut(shell: ShellPage): Promise<void> {
  await shell.openUserMenu();
  await shell.userMenuItem('退出登录').click();
  await expect(shell.dialog.getByRole('heading')).toHaveText('退出登录确认');
  await shell.dialog.getByRole('button', { name: '确定' }).click();
  await new LoginPage(shell.page).expectShown();
}

/** The figure of a home-page card (项目总数, 设备总数, …). */
function homeFigure(home: HomePage, label: string): Locator {
  return home.stats.locator(':scope > *').filter({ has: home.page.getByText(label, { exact: true }) }).locator('strong');
}

/** The menu a user with `rights` is shown, by the rule of the sidebar, from the server's entries. */
function visibleMenu(entries: MenuItem[], rights: readonly string[]): { top: string[]; groups: Record<string, string[]> } {
  const allowed = (e: MenuItem) => !e.rightCode || rights.includes(e.rightCode);
  const byOrder = (a: MenuItem, b: MenuItem) => a.order - b.order || a.id - b.id;
  const childrenOf = (id: number) => entries.filter((e) => e.parentId === id).sort(byOrder);
  const top: string[] = ['首页'];
  const groups: Record<string, string[]> = {};
  for (const entry of entries.filter((e) => !e.parentId).sort(byOrder)) {
    const children = childrenOf(entry.id);
    if (!children.length) {
      if (allowed(entry)) top.push(entry.title);
      continue;
    }
    const shown = children.filter(allowed).map((c) => c.title);
    if (shown.length && allowed(entry)) {
      top.push(entry.title);
      groups[entry.title] = shown;
    }
  }
  return { top, groups };
}

async function signedInRights(request: APIRequestContext, page: Page): Promise<string[]> {
  const info = await apiGet<{ rights: string[] }>(request, await browserToken(page), '/user/info');
  return info.rights;
}

test('an administrator sets up an organisation type, an organisation, a role and a user; the user sees only what those rights allow; 系统日志 holds all of it', async ({ page, request }) => {
  const { RUN, TYPE, ORG, ORG_CODE, ROLE, AGENT } = namesOfRun();
  const shell = new ShellPage(page);
  const home = new HomePage(page);
  let orgType = 0;
  let roleId = 0;

  await test.step('admin signs in', async () => {
    await shell.signIn(ADMIN);
    await expect(homeFigure(home, '设备总数')).toHaveText('144');
  });

  await test.step('组织类型: adds the type, the server numbers it; 权限: four rights checked and saved', async () => {
    await openSystemPage(shell, '组织类型', '/nv_system/nv_org_type');
    const types = new ResourceListPage(page, 't_org_type');
    await types.expectLoaded();
    await expect(types.row('运营商')).toBeVisible();
    await types.button('新增').click();
    await expect(types.drawer).toContainText('新增组织类型');
    await types.field('类型名称').fill(TYPE);
    await types.field('备注').fill('端到端测试：华中区域代理');
    await types.drawerButton('保存').click();
    await expect(types.drawer).toBeHidden();
    await expect(types.row(TYPE)).toHaveCount(1);
    orgType = Number(await types.row(TYPE).locator('td:not(.ant-table-selection-column)').first().innerText());
    expect(orgType, 'a number after the six built-in kinds').toBeGreaterThanOrEqual(6);

    await types.row(TYPE).getByRole('link', { name: '权限', exact: true }).click();
    await expect(page).toHaveURL(`/nv_system/nv_org_type_rights/${orgType}`);
    await expect(page.getByRole('heading', { name: '组织类型权限' })).toContainText(`组织类型“${TYPE}”可拥有的权限`);
    const tree = new RightsTreePanel(page.getByRole('main'));
    await expect(tree.checkbox('project-preview')).toBeVisible(FIRST_LOAD);
    expect(await tree.checked(), 'a new type holds no right').toEqual([]);
    for (const code of TYPE_RIGHTS) await tree.check(code);
    await expect(page.getByText(`已选 ${TYPE_RIGHTS.length} 项`)).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: '保存', exact: true }).click();
    // Saved: the draft is gone (保存 is off again) and nothing failed; the kit's own 已保存 of the
    // type may still be on screen, so the message proves nothing here.
    await expect(page.getByRole('main').getByRole('button', { name: '保存', exact: true })).toBeDisabled();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '保存失败' })).toHaveCount(0);
    const saved = await apiGet<string[]>(request, await browserToken(page), `/t_org_type/rights/${orgType}`);
    expect([...saved].sort()).toEqual([...TYPE_RIGHTS].sort());
  });

  await test.step('组织管理: adds the organisation of that type under the admin\'s own', async () => {
    await openSystemPage(shell, '组织管理', '/nv_system/nv_organize');
    const orgs = new ResourceListPage(page, 't_org');
    await orgs.expectLoaded();
    await orgs.button('新增').click();
    await expect(orgs.drawer).toContainText('新增组织');
    await orgs.field('组织名称').fill(ORG);
    await orgs.field('组织编码').fill(ORG_CODE);
    await pickOption(page, orgs.field('组织类型'), TYPE);
    await pickOption(page, orgs.field('上级组织'), ADMIN.orgName);
    await orgs.drawerButton('保存').click();
    await expect(orgs.drawer).toBeHidden();
    await expect(orgs.row(ORG)).toContainText(ORG_CODE);
    await expect(orgs.row(ORG)).toContainText(TYPE);
    await expect(orgs.row(ORG)).toContainText(ADMIN.orgName);
    await expect(page.getByTestId('org-tree').getByText(ORG, { exact: true })).toBeVisible();
  });

  await test.step('角色管理: adds a role in that organisation and gives it three of the type\'s four rights', async () => {
    await openSystemPage(shell, '角色管理', '/nv_system/nv_roles');
    const roles = new ResourceListPage(page, 'role');
    await roles.expectLoaded();
    await roles.button('新增').click();
    await expect(roles.drawer).toContainText('新增角色');
    await roles.field('角色名称').fill(ROLE);
    await pickOption(page, roles.field('所属组织'), ORG);
    await roles.drawerButton('保存').click();
    await expect(roles.drawer).toBeHidden();
    await expect(roles.row(ROLE)).toContainText(ORG);

    await roles.row(ROLE).getByRole('button', { name: '权限', exact: true }).click();
    const drawer = page.locator('.ant-drawer-open').getByRole('dialog');
    await expect(drawer).toContainText(`“${ROLE}”的权限`);
    const tree = new RightsTreePanel(drawer);
    await expect(tree.checkbox('project-preview')).toBeVisible(FIRST_LOAD);
    // Only what the type allows can be given.
    await expect(tree.checkbox('org-preview')).toHaveAttribute('aria-disabled', 'true');
    await expect(tree.checkbox('account-preview')).toHaveAttribute('aria-disabled', 'false');
    for (const code of ROLE_RIGHTS) await tree.check(code);
    await expect(tree.checkbox('account-preview')).toHaveAttribute('aria-checked', 'false');
    await expect(drawer).toContainText(`已选 ${ROLE_RIGHTS.length} 项`);
    await drawer.getByRole('button', { name: '保存', exact: true }).click();
    // The drawer closes only once the server took the rights.
    await expect(drawer).toBeHidden();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '保存失败' })).toHaveCount(0);

    const token = await browserToken(page);
    const list = await apiGet<{ list: { id: number; name: string }[] }>(request, token, `/role?keyword=${encodeURIComponent(ROLE)}`);
    roleId = list.list.find((r) => r.name === ROLE)!.id;
    const held = await apiGet<{ rights: string[]; cap: string[] }>(request, token, `/role/rights/${roleId}`);
    expect([...held.rights].sort()).toEqual([...ROLE_RIGHTS].sort());
    expect([...held.cap].sort()).toEqual([...TYPE_RIGHTS].sort());
  });

  await test.step('用户管理: adds the user in that organisation with that role, the password typed twice', async () => {
    await openSystemPage(shell, '用户管理', '/nv_system/nv_users');
    const users = new ResourceListPage(page, 'user-manage');
    await users.expectLoaded();
    await users.button('新增').click();
    await expect(users.drawer).toContainText('新增用户');
    await users.field('用户名').fill(AGENT.username);
    await users.field('昵称').fill(AGENT.nickName);
    await users.field('密码').fill(AGENT.password);
    await users.field('确认密码').fill(`${AGENT.password}!`);
    await pickOption(page, users.field('所属组织'), ORG);
    await pickOption(page, users.field('角色'), ROLE);
    await users.drawerButton('保存').click();
    await expect(users.drawer.getByText('两次输入的密码不一致')).toBeVisible();
    await users.field('确认密码').fill(AGENT.password);
    await users.drawerButton('保存').click();
    await expect(users.drawer).toBeHidden();
    await expect(users.row(AGENT.username)).toContainText(AGENT.nickName);
    await expect(users.row(AGENT.username)).toContainText(ORG);
    await expect(users.row(AGENT.username)).toContainText(ROLE);
  });

  await test.step('the new user signs in and sees exactly the menus its rights allow', async () => {
    await logOut(shell);
    await shell.signIn(AGENT);
    await home.expectSignedInAs(AGENT.nickName);
    await expect(home.orgName).toHaveText(ORG);

    // What the server says: the user's effective rights are its role's, and the menu they allow.
    const token = await browserToken(page);
    expect([...(await signedInRights(request, page))].sort()).toEqual([...ROLE_RIGHTS].sort());
    const expected = visibleMenu(await apiGet<MenuItem[]>(request, token, '/menu/all?type=app'), ROLE_RIGHTS);
    expect(expected.top).toEqual(AGENT_MENU);
    expect(expected.groups).toEqual(AGENT_GROUPS);

    expect(await shell.topLevelMenu()).toEqual(AGENT_MENU);
    for (const [group, entries] of Object.entries(AGENT_GROUPS)) expect(await shell.groupEntries(group)).toEqual(entries);
    // 大屏监控 and 项目监控 are everyone's; 采购助手 and 数据分析 need rights the user lacks.
    await expect(shell.launchers.getByRole('button')).toHaveText(['大屏监控', '项目监控']);
  });

  await test.step('…and only its organisation\'s data; pages it lacks are not found', async () => {
    // The home page counts within the user's data scope: its organisation has no project yet.
    for (const label of ['项目总数', '设备总数', '在线', '离线', '告警设备', '实时告警']) await expect(homeFigure(home, label)).toHaveText('0');
    await expect(page.getByTestId('projects-by-region')).toContainText('暂无数据');
    await expect(page.getByTestId('devices-by-type')).toContainText('暂无数据');

    await shell.sidebar.getByRole('link', { name: '组态管理', exact: true }).click();
    await expect(page).toHaveURL('/nv_project/nv_project_graph');
    await expect(page.getByText('暂无可查看的项目')).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('graph-project').locator('option')).toHaveText(['选择项目']);

    await shell.menuEntry('我的日志').click();
    await expect(page).toHaveURL('/nv_log');
    const mine = page.locator('[data-log="mine"]');
    await expect(mine.locator('tbody tr.ant-table-row')).toHaveCount(1, FIRST_LOAD);
    await expect(mine.locator('tbody tr.ant-table-row')).toContainText('登录');
    await expect(mine.locator('.ant-pagination-total-text')).toHaveText('共 1 条');

    for (const hidden of ['/nv_system/nv_users', '/nv_system/nv_organize', '/nv_system/nv_account', '/nv_sys_log', '/nv_iot/nv_iot_product']) {
      await page.goto(hidden);
      await expect(page).toHaveURL('/404');
    }
  });

  await test.step('admin signs in again and finds all of it in 系统日志', async () => {
    await page.goto('/');
    await logOut(shell);
    await shell.signIn(ADMIN);
    await expect(homeFigure(home, '设备总数')).toHaveText('144');

    await shell.menuEntry('系统日志').click();
    await expect(page).toHaveURL('/nv_sys_log');
    const log = page.locator('[data-log="all"]');
    const rows = log.locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible(FIRST_LOAD);

    await pickOption(page, log.getByLabel('操作', { exact: true }), '新增');
    await expect(page).toHaveURL(/[?&]action=add/);
    await log.getByLabel('操作对象', { exact: true }).fill(RUN);
    await log.getByLabel('操作对象', { exact: true }).press('Enter');
    await expect(rows).toHaveCount(4);
    await expect(rows.filter({ hasText: `t_org_type#` }).filter({ hasText: TYPE })).toHaveCount(1);
    await expect(rows.filter({ hasText: `t_org#` }).filter({ hasText: ORG })).toHaveCount(1);
    await expect(rows.filter({ hasText: `role#${roleId} ${ROLE}` })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'user-manage#' }).filter({ hasText: AGENT.nickName })).toHaveCount(1);
    for (const row of await rows.all()) {
      await expect(row).toContainText(ADMIN.username);
      await expect(row).toContainText('新增');
    }

    await log.getByRole('button', { name: '重置', exact: true }).click();
    await expect(page).toHaveURL('/nv_sys_log');
    await pickOption(page, log.getByLabel('用户', { exact: true }), AGENT.nickName);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(AGENT.username);
    await expect(rows).toContainText('登录');
  });
});
