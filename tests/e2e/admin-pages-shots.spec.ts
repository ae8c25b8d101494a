import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, OPERATOR } from './pages/accounts';
import { apiGet, browserSignIn } from './pages/api';
import { ResourceListPage } from './pages/ResourceListPage';
import { lookTags } from './pages/consoleLook';

/**
 * Issue 15: every administration page at 1920×1080, dark and light, Chinese and English, saved to
 * test-results/screenshots/admin15-<page>-<theme>-<lang>.png. Each page must show its heading and
 * its real content (never the 暂无数据 placeholder page). Read-only: nothing is saved.
 */

const SHOTS = 'test-results/screenshots';

interface Ids {
  /** An owner organisation with a parent, a child and roles (华东洁净制造集团). */
  org: number;
  operator: number;
}

interface Shot {
  name: string;
  path(ids: Ids): string;
  /** What shows the page is loaded with its real content. */
  content(page: Page): Locator | Locator[];
  /** Anything to do once loaded, before the picture (expand a line). */
  then?(page: Page): Promise<void>;
}

const main = (page: Page) => page.getByRole('main');
const rows = (page: Page, resource: string) => new ResourceListPage(page, resource).rows.first();
const treeNode = (page: Page) => main(page).getByRole('treeitem').first();
/** A kit list's first row, or its empty table where the demo has none (the roles a type offers). */
const listOrEmpty = (page: Page, resource: string) => {
  const list = new ResourceListPage(page, resource);
  return list.rows.first().or(list.emptyState);
};

const SHOTS_OF_PAGES: Shot[] = [
  { name: 'org-type', path: () => '/nv_system/nv_org_type', content: (p) => rows(p, 't_org_type') },
  { name: 'organize', path: () => '/nv_system/nv_organize', content: (p) => [rows(p, 't_org'), treeNode(p)] },
  { name: 'users', path: () => '/nv_system/nv_users', content: (p) => [rows(p, 'user-manage'), treeNode(p)] },
  { name: 'roles', path: () => '/nv_system/nv_roles', content: (p) => rows(p, 'role') },
  { name: 'auth', path: () => '/nv_system/nv_auth', content: (p) => main(p).locator('.ant-table-row').first() },
  { name: 'org-auth', path: (ids) => `/nv_system/nv_org_auth?org=${ids.org}`, content: (p) => [main(p).locator('.ant-descriptions'), treeNode(p)] },
  { name: 'visitor', path: () => '/nv_system/nv_visitor', content: (p) => main(p).getByRole('switch') },
  { name: 'base-data', path: () => '/nv_system/nv_base_data', content: (p) => rows(p, 't_manufactor') },
  { name: 'account', path: () => '/nv_system/nv_account', content: (p) => main(p).getByText(ADMIN.username, { exact: true }).first() },
  { name: 'org-rights', path: (ids) => `/nv_system/nv_org_rights/${ids.org}`, content: treeNode },
  { name: 'org-roles', path: (ids) => `/nv_system/nv_org_roles/${ids.org}`, content: (p) => rows(p, 'role') },
  { name: 'org-rights2', path: (ids) => `/nv_system/nv_org_rights2/${ids.org}`, content: treeNode },
  { name: 'org-roles2', path: (ids) => `/nv_system/nv_org_roles2/${ids.org}`, content: (p) => rows(p, 'role') },
  { name: 'org-type-rights', path: () => '/nv_system/nv_org_type_rights/1', content: treeNode },
  { name: 'org-type-roles', path: () => '/nv_system/nv_org_type_roles/1', content: (p) => listOrEmpty(p, 't_org_type_role') },
  { name: 'user-rights', path: (ids) => `/nv_system/nv_user_rights/${ids.operator}`, content: treeNode },
  { name: 'log', path: () => '/nv_log', content: (p) => main(p).locator('.ant-table-row').first() },
  {
    name: 'sys-log', path: () => '/nv_sys_log', content: (p) => main(p).locator('.ant-table-row').first(),
    async then(page) {
      // A line of a change if there is one on the first page, else the first that has a detail.
      const expandable = main(page).locator('.ant-table-row:has(.ant-table-row-expand-icon-collapsed)');
      const change = expandable.filter({ hasNot: page.locator('.ant-tag', { hasText: /^(登录|Sign-in|Login)$/ }) });
      const line = (await change.count()) > 0 ? change.first() : expandable.first();
      await line.locator('.ant-table-row-expand-icon').click();
      await expect(main(page).locator('.ant-table-expanded-row').first()).toBeVisible();
    },
  },
  { name: 'app-stats', path: () => '/nv_application/nv_application_static', content: (p) => main(p).locator('[role="img"] svg').first() },
  { name: 'app-list', path: () => '/nv_application/nv_application_list', content: (p) => rows(p, 't_application') },
  { name: 'app-associate', path: () => '/nv_application/nv_application_associate', content: (p) => main(p).locator('.ant-transfer-list-content-item').first() },
  { name: 'org-associate', path: (ids) => `/nv_application/nv_org_associate?org=${ids.org}`, content: (p) => [treeNode(p), main(p).locator('.ant-transfer-list-content-item').first()] },
];

/** The open drawer, its slide and its mask's fade over (a picture taken earlier may miss it). */
async function drawerSettled(page: Page): Promise<void> {
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer.getByRole('dialog')).toBeVisible();
  await expect.poll(() => drawer.evaluate((el) => el.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length)).toBe(0);
}

/** A client-side move to `path` (the router follows history.pushState), as a click in the menu would. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => history.pushState(null, '', to), path);
  await expect(page).toHaveURL(path);
}

/** The page of `path` has its heading and its content, nothing still loading, and no placeholder. */
async function expectFinished(page: Page, shot: Shot): Promise<void> {
  const heading = main(page).getByRole('heading').first();
  await expect(heading).toBeVisible({ timeout: 30_000 });
  await expect(heading).not.toBeEmpty();
  for (const content of [shot.content(page)].flat()) await expect(content).toBeVisible({ timeout: 30_000 });
  await expect(main(page).locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0, { timeout: 30_000 });
  // EmptyPage: the heading straight over 暂无数据, nothing else.
  await expect(main(page).locator('[data-page] > section > [data-testid="empty-state"]')).toHaveCount(0);
}

// A dozen pages per run, each loaded and drawn on a busy 2-core machine.
test.describe.configure({ timeout: 240_000 });

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`issue 15's pages look finished, ${theme}, ${language}`, lookTags('admin-pages-shots', theme, language), async ({ page, request, baseURL }) => {
      await page.addInitScript(([t, l]) => {
        localStorage.setItem('nv_theme', JSON.stringify(t));
        localStorage.setItem('nv_lang', l);
      }, [theme, language]);
      const token = await browserSignIn(page, request, ADMIN, baseURL!);
      const en = language === 'en';
      const orgs = await apiGet<{ id: number; name: string }[]>(request, token, '/t_org/all');
      const users = await apiGet<{ list: { id: number; username: string }[] }>(request, token, `/user-manage?keyword=${OPERATOR.username}`);
      const ids: Ids = {
        org: orgs.find((o) => o.name === '华东洁净制造集团')!.id,
        operator: users.list.find((u) => u.username === OPERATOR.username)!.id,
      };
      const shoot = async (name: string) => {
        // The pointer off the page's controls: a hovered row or button is no part of the picture.
        await page.mouse.move(1919, 1079);
        await page.screenshot({ path: `${SHOTS}/admin15-${name}-${theme}-${language}.png`, animations: 'disabled' });
      };

      await page.goto('/');
      await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
      for (const shot of SHOTS_OF_PAGES) {
        await test.step(shot.name, async () => {
          await go(page, shot.path(ids));
          await expectFinished(page, shot);
          await shot.then?.(page);
          await shoot(shot.name);
        });
      }

      await test.step('role rights drawer', async () => {
        await go(page, '/nv_system/nv_roles');
        const roles = new ResourceListPage(page, 'role');
        await roles.expectLoaded();
        await roles.row('业主运维').getByRole('button', { name: en ? 'Rights' : '权限', exact: true }).click();
        await expect(roles.drawer.getByRole('treeitem').first()).toBeVisible({ timeout: 30_000 });
        await expect(roles.drawer.locator('.ant-spin-spinning')).toHaveCount(0);
        await drawerSettled(page);
        await shoot('role-rights-drawer');
        await page.keyboard.press('Escape');
        await expect(roles.drawer).toBeHidden();
      });

      await test.step('user form drawer', async () => {
        await go(page, '/nv_system/nv_users');
        const users = new ResourceListPage(page, 'user-manage');
        await users.expectLoaded();
        await users.rowButton(OPERATOR.username, en ? 'Edit' : '编辑').click();
        await expect(users.field(en ? 'Nickname' : '昵称')).toHaveValue(OPERATOR.nickName);
        await expect(users.drawer.locator('.ant-spin-spinning')).toHaveCount(0);
        await drawerSettled(page);
        await shoot('user-drawer');
        await page.keyboard.press('Escape');
        await expect(users.drawer).toBeHidden();
      });
    });
  }
}
