import { expect, test, type Page } from '@playwright/test';
import { ADMIN, OPERATOR } from './pages/accounts';
import { apiGet, apiLogin, apiPost, browserSignIn } from './pages/api';
import { pickOption } from './pages/AdminControls';
import { ProjectAdminPage } from './pages/ProjectAdmin';
import { GatewayListPage } from './pages/RemoteControl';
import { lookTags } from './pages/consoleLook';

/**
 * Issue 18, projects: an administrator creates a project of 北方医药控股 — outside the operator's
 * data scope — placing it by a click on the offline map; the operator does not see it until made a
 * member; ten of 上海张江's simulated devices are associated through the transfer list, a new
 * gateway is added to the project with two of them wired to it, and its register map previewed on
 * 网关管理; the operator, now a member, sees the project and its ten devices. Then every project
 * page at 1920×1080 in both themes and languages: test-results/screenshots/projects-<page>-<theme>-<lang>.png.
 * What the test makes is taken away again (devices back to their projects and gateways, the project
 * deleted; the gateway, which has no delete, stays without a project).
 */

const SHOTS = 'test-results/screenshots';
const CODE = `E2E-PRJ-${Date.now() % 100000}`;
const NAME = `E2E 洁净项目 ${CODE.slice(-5)}`;
const GATEWAY = { code: `E2E-GW-${CODE.slice(-5)}`, name: `E2E 网关 ${CODE.slice(-5)}` };
const WIRED = ['上海净化机组-01', '上海净化机组-02'];

type Row = { id: number; name: string; lng: number | null; lat: number | null };
type DeviceRow = { id: number; name: string; projectId: number | null; gatewayId: number | null };

async function openList(page: Page, query = ''): Promise<ProjectAdminPage> {
  await page.goto(`/nv_project/nv_project_list${query}`);
  const projects = new ProjectAdminPage(page);
  if (!query.includes('view=map')) await projects.list.expectLoaded();
  return projects;
}

test.describe.configure({ timeout: 240_000 });

test('an administrator creates a project on the map, adds a member, associates ten devices and a gateway and previews it; the member sees it, a non-member does not', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const projects = await openList(page);
  const { list } = projects;
  await expect(projects.counts).toContainText(/全部 \d+/);
  let project: Row | undefined;
  const shanghai = (await apiGet<{ list: Row[] }>(request, token, '/t_project?keyword=P-SH-01')).list[0];
  // Where the devices the test may move (those the transfer list offers for 上海) are now, to put them back.
  const before = (await apiGet<{ list: DeviceRow[] }>(request, token, '/t_device?keyword=上海&Size=200')).list;
  expect(before.filter((d) => d.projectId === shanghai.id).length).toBeGreaterThanOrEqual(10);
  const operator = await apiLogin(request, OPERATOR, baseURL!);

  try {
    await test.step('creates a project, placed by a click on the offline map', async () => {
      await list.button('新增').click();
      await list.field('项目名称').fill(NAME);
      await list.field('项目编码').fill(CODE);
      await projects.pick('所属组织', '北方医药控股');
      await list.field('详细地址').fill('上海市浦东新区张江路 1 号');
      // Offline, an address resolves no further than its province, and says so.
      await list.drawer.getByRole('button', { name: '按地址定位' }).click();
      await expect(projects.locateNote).toContainText('已定位到“上海”的中心（省级，近似位置）');
      await expect(list.field('经度')).toHaveValue('121.473');
      await projects.clickMap();
      await expect(projects.locateNote).toHaveCount(0);
      await expect(projects.pickedPlace).toContainText(/位置：\d+\.?\d*, \d+\.?\d*/);
      const lng = Number(await list.field('经度').inputValue());
      const lat = Number(await list.field('纬度').inputValue());
      expect(lng).toBeGreaterThan(73);
      expect(lng).toBeLessThan(136);
      expect(lat).toBeGreaterThan(18);
      expect(lat).toBeLessThan(54);
      expect(lng).not.toBe(121.473);
      await list.drawerButton('保存').click();
      await expect(list.message('已保存')).toBeVisible();
      await list.search('名称/编码/城市', CODE);
      await expect(list.row(CODE)).toContainText('北方医药控股');
      project = (await apiGet<{ list: Row[] }>(request, token, `/t_project?keyword=${CODE}`)).list[0];
      expect(project).toMatchObject({ name: NAME, lng, lat });
    });

    await test.step('shows it on the map view', async () => {
      await projects.view('地图').click();
      await expect(page).toHaveURL(/view=map/);
      await expect(projects.map).toHaveAttribute('data-points', /^\d+$/, { timeout: 30_000 });
      await expect(page.getByText(/地图上显示有坐标的项目（\d+\/\d+）/).first()).toBeVisible();
      await projects.mapCard.getByRole('button', { name: new RegExp(NAME) }).click();
      await expect(projects.mapCard).toContainText(CODE);
      await projects.view('列表').click();
      await list.expectLoaded();
    });

    await test.step('the operator, not a member and outside its organisation, does not see it', async () => {
      expect(await apiGet<boolean>(request, operator, `/t_project/can-view/${project!.id}`)).toBe(false);
      expect((await apiGet<Row[]>(request, operator, '/t_project/names')).map((p) => p.id)).not.toContain(project!.id);
      const direct = await request.get(`/api/t_project/${project!.id}`, { headers: { Authorization: `Bearer ${operator}` } });
      expect(direct.status()).toBe(404);
    });

    await test.step('makes the operator a member', async () => {
      await list.search('名称/编码/城市', CODE);
      await projects.rowAction(CODE, '成员');
      await expect(page).toHaveURL(new RegExp(`/nv_project/nv_project_user/${project!.id}$`));
      await expect(page.getByRole('heading', { name: `${NAME} · 项目成员` })).toBeVisible();
      await page.getByRole('button', { name: '添加成员' }).click();
      await expect(projects.addMembers).toBeVisible();
      await projects.addMembers.getByPlaceholder('搜索账号或姓名').fill('operator');
      await projects.addMembers.getByPlaceholder('搜索账号或姓名').press('Enter');
      const row = projects.addMembers.locator('tbody tr.ant-table-row').filter({ hasText: '业主运维' });
      await expect(row).toHaveCount(1);
      await row.getByRole('checkbox').check();
      await pickOption(page, projects.addMembers.getByLabel('项目角色'), '运维工程师');
      await projects.addMembers.getByRole('button', { name: '确定' }).click();
      await expect(page.locator('.ant-message-notice').filter({ hasText: '已添加 1 人' })).toBeVisible();
      await expect(projects.members.locator('tbody tr').filter({ hasText: 'operator' })).toContainText('运维工程师');
    });

    await test.step('associates ten of 上海张江\'s devices through the transfer list', async () => {
      await page.goto(`/nv_project/nv_associate_device/${project!.id}`);
      await expect(page.getByRole('heading', { name: `${NAME} · 关联设备` })).toBeVisible();
      await expect(projects.side(1)).toContainText('项目中的设备 (0)');
      await projects.side(0).getByPlaceholder('搜索设备名称或编码').fill('上海');
      const offered = projects.side(0).locator('.ant-transfer-list-content-item');
      await expect(offered.nth(9)).toBeVisible();
      for (let i = 0; i < 10; i++) await offered.nth(i).click();
      await page.getByRole('button', { name: /关联到项目/ }).click();
      await expect(page.locator('.ant-message-notice').filter({ hasText: '已关联 10 台设备' })).toBeVisible();
      await expect(projects.side(1)).toContainText('项目中的设备 (10)');
    });

    await test.step('adds a new gateway to the project and wires two of its devices to it', async () => {
      const inside = (await apiGet<{ list: DeviceRow[] }>(request, token, `/t_project/devices?projectId=${project!.id}&Size=50`)).list.map((d) => d.name);
      for (const name of WIRED) if (!inside.includes(name)) await apiPost(request, token, '/t_project/associate', { projectId: project!.id, deviceIds: before.filter((d) => d.name === name).map((d) => d.id) });
      await openList(page);
      await list.search('名称/编码/城市', CODE);
      await projects.rowAction(CODE, '网关', '更多');
      const drawer = projects.gatewayDrawer;
      await expect(drawer).toContainText('该项目还没有网关');
      await drawer.getByLabel('网关编码').fill(GATEWAY.code);
      await drawer.getByLabel('网关名称').fill(GATEWAY.name);
      await drawer.getByRole('button', { name: '添加网关' }).click();
      await expect(page.locator('.ant-message-notice').filter({ hasText: `已添加网关“${GATEWAY.name}”` })).toBeVisible();
      const row = drawer.locator('tbody tr').filter({ hasText: GATEWAY.code });
      await row.getByRole('button', { name: '接入设备' }).click();
      const wire = page.getByRole('dialog').filter({ hasText: `接入网关“${GATEWAY.name}”的设备` });
      // The choice is searched on the server: type a name, then take its option (a retry never
      // clicks a chosen one again, which would take it away).
      const box = wire.getByRole('combobox', { name: '接入设备' });
      const chosen = wire.locator('.ant-select-selection-item');
      for (const name of WIRED) {
        await expect(async () => {
          if (await chosen.filter({ hasText: name }).count()) return;
          await box.fill(name);
          const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: name }).first();
          await expect(option).toBeVisible({ timeout: 5_000 });
          await option.click({ timeout: 5_000 });
          await expect(chosen.filter({ hasText: name })).toHaveCount(1, { timeout: 5_000 });
        }).toPass({ timeout: 30_000 });
      }
      await box.blur();
      await wire.getByRole('button', { name: /确\s*定/ }).click();
      await expect(page.locator('.ant-message-notice').filter({ hasText: '已接入 2 台设备' })).toBeVisible();
      await expect(row).toContainText('2');
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    });

    await test.step('previews the new gateway\'s register map on 网关管理', async () => {
      await page.goto('/nv_iot/nv_iot_gateway');
      const gateways = new GatewayListPage(page);
      await expect(gateways.row(GATEWAY.code)).toContainText(GATEWAY.name, { timeout: 30_000 });
      await gateways.rowButton(GATEWAY.code, '配置预览').click();
      await expect(gateways.preview).toBeVisible();
      await expect(gateways.registerCount).toHaveText(/^[1-9]\d*$/);
      for (const name of WIRED) await expect(gateways.preview.locator('.ant-table-row').filter({ hasText: name }).first()).toBeVisible();
    });

    await test.step('the operator, now a member, sees the project and its ten devices', async () => {
      expect(await apiGet<boolean>(request, operator, `/t_project/can-view/${project!.id}`)).toBe(true);
      expect((await apiGet<{ count: number }>(request, operator, `/t_device?projectId=${project!.id}`)).count).toBeGreaterThanOrEqual(10);
      expect((await apiGet<Row[]>(request, operator, '/t_project/names')).map((p) => p.id)).toContain(project!.id);
    });
  } finally {
    // Leave the demo as it was: the devices back at 上海张江, the project gone.
    const p = project ?? (await apiGet<{ list: Row[] }>(request, token, `/t_project?keyword=${CODE}`)).list[0];
    if (p) {
      const inside = new Set((await apiGet<{ list: { id: number }[] }>(request, token, `/t_project/devices?projectId=${p.id}&Size=50`)).list.map((d) => d.id));
      // Each device back to its project with the gateway it had.
      const groups = new Map<string, DeviceRow[]>();
      for (const d of before.filter((b) => inside.has(b.id))) groups.set(`${d.projectId}/${d.gatewayId}`, [...(groups.get(`${d.projectId}/${d.gatewayId}`) ?? []), d]);
      for (const devices of groups.values()) {
        await apiPost(request, token, '/t_project/associate', { projectId: devices[0].projectId, gatewayId: devices[0].gatewayId, deviceIds: devices.map((d) => d.id) });
      }
      await apiPost(request, token, `/t_project/del/${p.id}`);
    }
  }
  expect((await apiGet<{ count: number }>(request, token, `/t_project?keyword=${CODE}`)).count).toBe(0);
  const after = new Map((await apiGet<{ list: DeviceRow[] }>(request, token, '/t_device?keyword=上海&Size=200')).list.map((d) => [d.id, `${d.projectId}/${d.gatewayId}`]));
  expect(before.map((d) => after.get(d.id))).toEqual(before.map((d) => `${d.projectId}/${d.gatewayId}`));
});

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`the project pages look finished, ${theme}, ${language}`, lookTags('projects', theme, language), async ({ page, request, baseURL }) => {
      await page.addInitScript(([t, l]) => {
        localStorage.setItem('nv_theme', JSON.stringify(t));
        localStorage.setItem('nv_lang', l);
      }, [theme, language]);
      const token = await browserSignIn(page, request, ADMIN, baseURL!);
      const en = language === 'en';
      const shoot = async (name: string) => {
        await page.mouse.move(1919, 1079);
        await page.screenshot({ path: `${SHOTS}/projects-${name}-${theme}-${language}.png`, animations: 'disabled' });
      };
      const settled = async () => expect(page.getByRole('main').locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
      const shanghai = (await apiGet<{ list: Row[] }>(request, token, '/t_project?keyword=P-SH-01')).list[0];

      const projects = await openList(page);
      await expect(projects.counts).toContainText(/\d/);
      await settled();
      await shoot('list');

      await projects.list.rowButton('P-SH-01', en ? 'Edit' : '编辑').click();
      await expect(projects.list.drawer.getByTestId('project-map')).toHaveAttribute('data-echart', 'drawn', { timeout: 30_000 });
      await shoot('form');
      await page.keyboard.press('Escape');
      await expect(projects.list.drawer).toBeHidden();

      await projects.rowAction('P-SH-01', en ? 'Gateways' : '网关', en ? 'More' : '更多');
      await expect(projects.gatewayDrawer.locator('tbody tr').first()).toBeVisible();
      await shoot('gateways');
      await page.keyboard.press('Escape');
      await expect(projects.gatewayDrawer).toBeHidden();

      await openList(page, '?view=map');
      await expect(projects.map).toHaveAttribute('data-points', '8', { timeout: 30_000 });
      await projects.mapCard.getByRole('button', { name: /上海张江洁净厂房/ }).click();
      await expect(projects.mapCard).toContainText('P-SH-01');
      await expect(projects.map).toHaveAttribute('data-points', '8');
      await shoot('map');

      await page.goto(`/nv_project/nv_project_user/${shanghai.id}`);
      await expect(projects.members.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await shoot('members');
      await page.getByRole('button', { name: en ? 'Add members' : '添加成员' }).click();
      await expect(projects.addMembers.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await shoot('add-members');
      await page.keyboard.press('Escape');

      await page.goto(`/nv_project/nv_associate_device/${shanghai.id}`);
      await expect(projects.side(1)).toContainText(en ? 'Devices of the project (18)' : '项目中的设备 (18)', { timeout: 30_000 });
      await settled();
      await shoot('devices');

      await page.goto('/nv_project/nv_project_group');
      await expect(page.locator('[data-resource="t_project_group"] tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await shoot('groups');
    });
  }
}
