import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, OPERATOR } from './pages/accounts';
import { apiGet, apiPost, browserSignIn } from './pages/api';
import { ResourceListPage } from './pages/ResourceListPage';
import { ShellPage } from './pages/ShellPage';
import { lookTags } from './pages/consoleLook';

const SHOTS = 'test-results/screenshots';
const BASE_DATA = '/nv_system/nv_base_data';
const CONTACTS = '/nv_intelligent_alarm/nv_alarm_contacts';

interface Manufactor {
  id: number;
  version: number;
  name: string;
  contact: string;
  phone: string;
}

/** The rows of the first sheet of an .xlsx file, every cell as text (an empty cell as ''). */
async function readSheet(path: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = row.values as unknown[];
    rows.push(Array.from({ length: sheet.columnCount }, (_, i) => String(values[i + 1] ?? '')));
  });
  return rows;
}

async function openBaseData(page: Page): Promise<ResourceListPage> {
  const shell = new ShellPage(page);
  await page.goto('/');
  await shell.groupEntries('系统管理');
  await shell.sidebar.getByRole('link', { name: '基础数据', exact: true }).click();
  await expect(page).toHaveURL(BASE_DATA);
  const list = new ResourceListPage(page, 't_manufactor');
  await list.expectLoaded();
  await expect(page.getByRole('tab', { name: '厂家' })).toHaveAttribute('aria-selected', 'true');
  await expect(list.row('诺维环境科技')).toBeVisible();
  return list;
}

// These journeys take over a minute on a busy 2-core machine (an admin page's first load alone,
// with the ~270 kB antd chunk, took over 10 s there).
test.describe.configure({ timeout: 120_000 });

/** Adds a manufacturer over the API with the browser's own session (another login would end it). */
async function addManufactor(request: APIRequestContext, token: string, name: string, contact = ''): Promise<Manufactor> {
  const saved = await apiPost(request, token, '/t_manufactor/save', { name, contact, phone: '' });
  expect(saved.success, JSON.stringify(saved)).toBe(true);
  return saved.data as Manufactor;
}

// First, while the lists hold only the demo data.
for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`screenshots of the kit's pages, ${theme}, ${language}`, lookTags('admin-kit', theme, language), async ({ page, request, baseURL }) => {
      await page.addInitScript(([t, l]) => {
        localStorage.setItem('nv_theme', JSON.stringify(t));
        localStorage.setItem('nv_lang', l);
      }, [theme, language]);
      await browserSignIn(page, request, ADMIN, baseURL!);
      const en = language === 'en';

      await page.goto(CONTACTS);
      const contacts = new ResourceListPage(page, 't_contacts');
      await contacts.expectLoaded();
      await expect(contacts.row('上海值班室')).toContainText('华东洁净制造集团');
      await expect(contacts.total).toHaveText(en ? '8 in total' : '共 8 条');
      await page.screenshot({ path: `${SHOTS}/admin-contacts-${theme}-${language}.png`, animations: 'disabled' });

      await page.goto(BASE_DATA);
      const list = new ResourceListPage(page, 't_manufactor');
      await list.expectLoaded();
      await expect(list.row('恒流滤材')).toBeVisible();
      await expect(page.getByRole('tab', { name: en ? 'Manufacturers' : '厂家' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/admin-base-data-${theme}-${language}.png`, animations: 'disabled' });

      await list.button(en ? 'Add' : '新增').click();
      await list.field(en ? 'Name' : '厂家名称').fill('恒流滤材');
      await list.field(en ? 'Phone' : '电话').fill('x');
      await list.drawerButton(en ? 'Save' : '保存').click();
      await expect(list.fieldError('phone')).toBeVisible();
      await list.field(en ? 'Phone' : '电话').fill('');
      await list.drawerButton(en ? 'Save' : '保存').click();
      await expect(list.fieldError('name')).toContainText('已存在');
      await expect(list.drawerBusy).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/admin-drawer-${theme}-${language}.png`, animations: 'disabled' });
    });
  }
}

test('an admin adds a manufacturer, finds it by keyword with the list in the address, sorts and edits; a duplicate name is refused on its field', async ({ page, request, baseURL }) => {
  await browserSignIn(page, request, ADMIN, baseURL!);
  const list = await openBaseData(page);
  await expect(list.total).toHaveText('共 2 条');

  await list.button('新增').click();
  await expect(list.drawer).toContainText('新增厂家');
  await list.drawerButton('保存').click();
  await expect(list.fieldError('name')).toHaveText('必填');
  await list.field('厂家名称').fill('E2E 滤材一厂');
  await expect(list.fieldError('name')).toHaveCount(0);
  await list.field('联系人').fill('赵工');
  await list.field('电话').fill('021-1234567');
  await list.drawerButton('保存').click();
  await expect(list.drawer).toBeHidden();
  await expect(list.row('E2E 滤材一厂')).toContainText('赵工');
  await expect(list.total).toHaveText('共 3 条');

  await list.button('新增').click();
  await list.field('厂家名称').fill('E2E 滤材二厂');
  await list.field('电话').press('Enter');
  await expect(list.drawer).toBeHidden();
  await expect(list.row('E2E 滤材二厂')).toBeVisible();

  // A smaller page, then a filter: back to page 1, the size stays; the address carries both.
  await list.setPageSize('10 条/页');
  await expect(page).toHaveURL(`${BASE_DATA}?size=10`);
  await list.search('名称/联系人', 'E2E 滤材');
  await expect(page).toHaveURL(`${BASE_DATA}?keyword=E2E+%E6%BB%A4%E6%9D%90&size=10`);
  await expect(list.rows).toHaveCount(2);
  await page.reload();
  await list.expectLoaded();
  await expect(list.filter('名称/联系人')).toHaveValue('E2E 滤材');
  await expect(list.rows).toHaveCount(2);
  await expect(list.total).toHaveText('共 2 条');

  // Ordered by name on the server, both ways.
  await list.columnHeader('厂家名称').click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(list.rows.first()).toContainText('E2E 滤材一厂');
  await list.columnHeader('厂家名称').click();
  await expect(page).toHaveURL(/sort=-name/);
  await expect(list.rows.first()).toContainText('E2E 滤材二厂');

  // Leaving the page and coming back with the back button finds the list as it was.
  await new ShellPage(page).tag('首页').click();
  await expect(page).toHaveURL('/');
  await page.goBack();
  await expect(page).toHaveURL(`${BASE_DATA}?keyword=E2E+%E6%BB%A4%E6%9D%90&sort=-name&size=10`);
  await expect(list.rows).toHaveCount(2);
  await expect(list.rows.first()).toContainText('E2E 滤材二厂');

  await list.rowButton('E2E 滤材一厂', '编辑').click();
  await expect(list.drawer).toContainText('编辑厂家');
  await expect(list.field('厂家名称')).toHaveValue('E2E 滤材一厂');
  await list.field('联系人').fill('钱工');
  await list.drawerButton('保存').click();
  await expect(list.drawer).toBeHidden();
  await expect(list.row('E2E 滤材一厂')).toContainText('钱工');

  // The server's unique-name refusal lands on the name field; nothing is saved.
  await list.button('新增').click();
  await list.field('厂家名称').fill('诺维环境科技');
  await list.drawerButton('保存').click();
  await expect(list.fieldError('name')).toHaveText('“诺维环境科技” 已存在');
  await list.drawerButton('取消').click();
  await expect(list.drawer).toBeHidden();
  await expect(list.rows).toHaveCount(2);
});

test('a save over someone else\'s change offers to load the record as it is now', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const record = await addManufactor(request, token, 'E2E 并发厂', '周工');
  const list = await openBaseData(page);
  await list.search('名称/联系人', 'E2E 并发厂');
  await expect(list.rows).toHaveCount(1);

  await list.rowButton('E2E 并发厂', '编辑').click();
  const elsewhere = await apiPost(request, token, '/t_manufactor/save', { ...record, contact: '孙工' });
  expect(elsewhere.success, JSON.stringify(elsewhere)).toBe(true);
  await list.field('电话').fill('021-7654321');
  await list.drawerButton('保存').click();
  const stale = page.getByRole('dialog', { name: '数据已被他人修改' });
  await expect(stale).toBeVisible();
  await stale.getByRole('button', { name: '加载最新数据' }).click();
  await expect(stale).toBeHidden();
  await expect(list.field('联系人')).toHaveValue('孙工');
  await list.field('电话').fill('021-7654321');
  await list.drawerButton('保存').click();
  await expect(list.drawer).toBeHidden();
  await expect(list.row('E2E 并发厂')).toContainText('孙工');
  await expect(list.row('E2E 并发厂')).toContainText('021-7654321');
});

test('the export holds the filtered list as shown; a batch delete reports what it could not delete', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  await addManufactor(request, token, 'E2E 导出 A', '吴工');
  await addManufactor(request, token, 'E2E 导出 B');
  const list = await openBaseData(page);
  await list.search('名称/联系人', 'E2E 导出');
  await list.columnHeader('厂家名称').click();
  await list.columnHeader('厂家名称').click();
  await expect(page).toHaveURL(/sort=-name/);
  await expect(list.rows.first()).toContainText('E2E 导出 B');

  const download = page.waitForEvent('download');
  await list.button('导出').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^厂家-\d{8}-\d{6}\.xlsx$/);
  const sheet = await readSheet(await file.path());
  expect(sheet[0]).toEqual(['厂家名称', '联系人', '电话']);
  expect(sheet.slice(1)).toEqual(await list.cellTexts());
  expect(sheet.slice(1)).toEqual([['E2E 导出 B', '', ''], ['E2E 导出 A', '吴工', '']]);

  // With a manufacturer still in use among the selected: the others go, the refusal is listed.
  await list.search('名称/联系人', '');
  await expect(list.row('诺维环境科技')).toBeVisible();
  await list.rowCheckbox('E2E 导出 A').check();
  await list.rowCheckbox('E2E 导出 B').check();
  await list.rowCheckbox('诺维环境科技').check();
  await list.button('批量删除').click();
  await expect(list.confirmation).toContainText('确定删除选中的 3 条记录吗？');
  await list.confirm();
  await expect(list.failures).toContainText('已删除 2 条，1 条未能删除');
  await expect(list.failures).toContainText(/诺维环境科技：无法删除厂家：仍有 \d+ 个设备型号引用它/);
  await list.failures.getByRole('button', { name: '知道了' }).click();
  await expect(list.failures).toBeHidden();
  await expect(list.row('E2E 导出')).toHaveCount(0);
  await expect(list.row('诺维环境科技')).toBeVisible();

  await list.search('名称/联系人', 'E2E 导出');
  await expect(list.emptyState).toHaveText('暂无数据');
  const left = await apiGet<{ list: Manufactor[] }>(request, token, '/t_manufactor?Size=200');
  expect(left.list.map((r) => r.name)).toContain('诺维环境科技');
  expect(left.list.map((r) => r.name).filter((n) => n.startsWith('E2E 导出'))).toEqual([]);
});

test('the operator, without base-data rights, has no 基础数据 page', async ({ page, request, baseURL }) => {
  await browserSignIn(page, request, OPERATOR, baseURL!);
  const shell = new ShellPage(page);
  await page.goto('/');
  const system = await shell.groupEntries('系统管理');
  expect(system).toContain('大屏管理');
  expect(system).not.toContain('基础数据');
  await page.goto(BASE_DATA);
  await expect(page).toHaveURL('/404');
});

test('a user who may read but not change a resource sees no 新增, 编辑, 删除 or selection', async ({ page, request, baseURL }) => {
  await browserSignIn(page, request, ADMIN, baseURL!);
  // This user's rights as the console learns them, without base-data-edit (the server refuses the
  // writes of such a user anyway: tests/server cover that).
  await page.route('**/api/user/info', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.rights = body.data.rights.filter((r: string) => r !== 'base-data-edit');
    await route.fulfill({ response, json: body });
  });
  const list = await openBaseData(page);
  await expect(list.button('导出')).toBeVisible();
  await expect(list.button('新增')).toHaveCount(0);
  await expect(list.button('批量删除')).toHaveCount(0);
  await expect(list.table.getByRole('button')).toHaveCount(0);
  await expect(list.table.getByRole('checkbox')).toHaveCount(0);
  await expect(list.table.locator('thead')).not.toContainText('操作');
});
