import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import type { DisplayTokenCreated, DisplayTokenInfo, TileReport, WallDefinition } from '../../contract/walls';
import { hubClient } from '../hub/hub-client';
import { ADMIN } from './pages/accounts';
import { apiGet, apiLogin, apiPost, browserSignIn } from './pages/api';
import { setConsoleLook, lookTags } from './pages/consoleLook';
import { VideoWallAdmin, WallHealthPage } from './pages/VideoWallPages';

/**
 * Issue 23's wall administration as an administrator meets it. 视频墙: a new 3 × 2 wall of
 * 3840×2160 screens with its bezels drawn to scale in the preview as it is typed, a template in its
 * rotation, saved; its screens link to their tile pages; a display token created (shown once, with
 * the launcher command that carries it in NV_DISPLAY_TOKEN), which opens the wall's display and is
 * never listed again, then revoked (refused from then on); the wall deleted. 墙体健康: the demo
 * wall as its 2 × 2 grid, and a wall whose tiles report over the hub (with the wall's own display
 * token) coloured by what they report, a tile's history in a drawer. Then both pages at
 * 1920×1080, dark and light, Chinese and English (test-results/screenshots/walls23-*.png). The
 * walls the tests made are deleted at the end.
 */

const SHOTS = 'test-results/screenshots';
const PREFIX = 'E2E 视频墙';
const DEMO_WALL = '大厅 2×2 视频墙';
/** The wall whose tiles the health tests report for (never the demo wall, which the wall specs drive). */
const HEALTH_WALL = `${PREFIX} 健康`;

/** Deletes the walls the tests made. */
test.afterAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const token = await apiLogin(request, ADMIN);
    for (const w of await apiGet<WallDefinition[]>(request, token, '/t_wall')) {
      if (w.name.startsWith(PREFIX)) await apiPost(request, token, `/t_wall/${w.id}/delete`);
    }
  } finally {
    await request.dispose();
  }
});

test.describe.configure({ timeout: 120_000 });

/** GET with a bearer token: the status, whether the envelope says success, and the body as text (a refusal included). */
async function rawGet(request: APIRequestContext, token: string, path: string) {
  const response = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await response.text();
  let success = false;
  try {
    success = (JSON.parse(body) as { success?: boolean }).success === true;
  } catch { /* not an envelope */ }
  return { status: response.status(), success, body };
}

test('an administrator creates a wall, sees its grid, creates a display token shown once and revokes it', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const name = `${PREFIX} ${Date.now() % 1_000_000}`;
  const walls = new VideoWallAdmin(page);
  await walls.open();
  await expect(walls.entry(DEMO_WALL)).toBeVisible();

  // 新建视频墙: the preview follows the form before anything is saved.
  await walls.root.locator('[data-wall-new]').click();
  await expect(walls.root.locator('[data-wall-editor="new"]')).toBeVisible();
  await expect(walls.preview).toHaveAttribute('data-wall-preview', '2x2');
  await walls.field('名称').fill(name);
  await walls.field('行数').fill('3');
  await walls.field('列数').fill('2');
  await walls.form.locator('[data-wall-resolution]').getByText('3840 × 2160').click();
  await walls.field('列间拼缝（像素）').fill('20');
  await walls.field('行间拼缝（像素）').fill('10');
  await expect(walls.preview).toHaveAttribute('data-wall-preview', '3x2');
  await expect(walls.preview.locator('[data-preview-tile]')).toHaveCount(6);
  // 2 × 3840 + 20 by 3 × 2160 + 2 × 10.
  await expect(walls.preview.locator('[data-wall-size]')).toHaveText('整墙 7700 × 6500 像素');
  // Not saved yet: the screens are no links.
  await expect(walls.preview.locator('a')).toHaveCount(0);
  await expect(walls.form.locator('[data-wall-default-multi]')).toContainText('未选择：轮播默认多屏模板');
  await walls.addTemplate('平台总览');
  await expect(walls.form.locator('[data-wall-template]')).toHaveCount(1);
  await walls.field('每项时长（秒）').fill('45');

  await walls.form.locator('[data-wall-save]').click();
  await expect(walls.messages.filter({ hasText: `已保存“${name}”` })).toBeVisible();
  await expect(walls.entry(name)).toBeVisible();
  const saved = (await apiGet<WallDefinition[]>(request, token, '/t_wall')).find((w) => w.name === name)!;
  expect(saved).toMatchObject({ rows: 3, cols: 2, screenWidth: 3840, screenHeight: 2160, bezelX: 20, bezelY: 10, rotateSeconds: 45 });
  expect(saved.templateIds).toHaveLength(1);
  await expect(page).toHaveURL(new RegExp(`\\?wall=${saved.id}$`));
  await expect(walls.root.locator(`[data-wall-editor="${saved.id}"]`)).toBeVisible();
  // Each screen opens its own tile page.
  await expect(walls.tile('2,1').locator('xpath=ancestor-or-self::*[local-name()="a"]')).toHaveAttribute('href', `/monitor?wall=${saved.id}&tile=2,1`);
  await expect(walls.tile('0,0').locator('xpath=ancestor-or-self::*[local-name()="a"]')).toHaveAttribute('href', `/monitor?wall=${saved.id}&tile=0,0`);

  // 创建令牌: the token and the launcher command are shown once.
  await expect(walls.tokens).toContainText('还没有显示令牌');
  await walls.tokens.locator('[data-token-create]').click();
  await walls.tokenModal.locator('#token_name').fill('控制室左侧主机');
  await walls.tokenModal.locator('[data-token-submit]').click();
  const shown = walls.tokenModal.locator('[data-token-value]');
  await expect(shown).toHaveText(/^nvd_\S{20,}$/);
  const displayToken = (await shown.textContent())!;
  await expect(walls.tokenModal).toContainText('令牌只显示这一次');
  const command = walls.tokenModal.locator('[data-token-command]');
  await expect(command).toHaveText(
    `NV_DISPLAY_TOKEN=${displayToken} npm run kiosk -- --url ${baseURL} --wall ${saved.id} --tile 0,0 --tile 0,1 --tile 1,0 --tile 1,1 --tile 2,0 --tile 2,1`,
  );
  // The token opens the wall's display, read-only.
  expect((await rawGet(request, displayToken, `/t_wall/${saved.id}/display`)).success).toBe(true);
  await walls.tokenModal.locator('[data-token-done]').click();
  await expect(walls.tokenModal).toHaveCount(0);

  // Listed without the token itself, here and in the API.
  const row = walls.tokenRow('控制室左侧主机');
  await expect(row).toContainText('整面墙（任意屏幕）');
  await expect(row).toContainText(ADMIN.username);
  await expect(row.locator('[data-token-state="active"]')).toHaveText('有效');
  expect(await page.content()).not.toContain(displayToken);
  const listed = await rawGet(request, token, `/t_wall/${saved.id}/tokens`);
  expect(listed.status).toBe(200);
  expect(listed.body).not.toContain(displayToken);

  // 吊销: the screens using it are refused from then on.
  await row.locator('[data-token-revoke]').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /吊\s?销/ }).click();
  await expect(walls.messages.filter({ hasText: '已吊销“控制室左侧主机”' })).toBeVisible();
  await expect(row.locator('[data-token-state="revoked"]')).toContainText('已吊销');
  await expect(row.locator('[data-token-revoke]')).toHaveCount(0);
  expect((await rawGet(request, displayToken, `/t_wall/${saved.id}/display`)).success).toBe(false);
  const tokens = await apiGet<DisplayTokenInfo[]>(request, token, `/t_wall/${saved.id}/tokens`);
  expect(tokens.find((k) => k.name === '控制室左侧主机')?.revokedAt).toEqual(expect.any(Number));

  // 删除: gone from the list.
  await walls.form.locator('[data-wall-delete]').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /删\s?除/ }).click();
  await expect(walls.messages.filter({ hasText: `已删除“${name}”` })).toBeVisible();
  await expect(walls.entry(name)).toHaveCount(0);
  expect((await apiGet<WallDefinition[]>(request, token, '/t_wall')).some((w) => w.id === saved.id)).toBe(false);
});

let made: { wall: WallDefinition; displayToken: string } | undefined;

/** The health test wall (2 × 2), made once, with a display token of its own for the reports. */
async function healthWall(request: APIRequestContext, token: string): Promise<{ wall: WallDefinition; displayToken: string }> {
  if (made) return made;
  const existing = (await apiGet<WallDefinition[]>(request, token, '/t_wall')).find((w) => w.name === HEALTH_WALL);
  const wall = existing ?? ((await apiPost(request, token, '/t_wall/save', {
    name: HEALTH_WALL, rows: 2, cols: 2, screenWidth: 1920, screenHeight: 1080, bezelX: 12, bezelY: 12, remark: 'E2E',
  })).data as WallDefinition);
  const created = await apiPost(request, token, `/t_wall/${wall.id}/tokens/create`, { name: 'E2E 健康上报', tile: null });
  expect(created.success, JSON.stringify(created)).toBe(true);
  made = { wall, displayToken: (created.data as DisplayTokenCreated).token };
  return made;
}

/**
 * Reports over the hub as the wall's tiles do, with the wall's display token: tile 0,0 well (60 fps),
 * tile 0,1 under 20 fps three times; the second row says nothing.
 */
async function reportTiles(baseURL: string, wallId: number, displayToken: string): Promise<void> {
  const hub = hubClient(baseURL, () => displayToken);
  await hub.start();
  try {
    const report = (tile: [number, number], fps: number, heapMb: number): Promise<unknown> => hub.invoke('WallReport', {
      wallId, tile, templateId: null, templateVersion: null, dataVersion: null, itemIndex: 0, fps, heapMb, dataAgeMs: 3000,
      reconnects: 0, errors: 0, ready: true,
    } satisfies TileReport);
    for (let i = 0; i < 3; i += 1) {
      await report([0, 0], 60, 118 + i);
      await report([0, 1], 12, 142 + i);
    }
  } finally {
    await hub.stop();
  }
}

test('the health page shows the demo wall as its grid, and tiles coloured by what they report', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const { wall, displayToken } = await healthWall(request, token);
  await reportTiles(baseURL!, wall.id, displayToken);

  const health = new WallHealthPage(page);
  await health.open();
  // The demo wall: its 2 × 2 screens in row order.
  const demo = health.wall(DEMO_WALL);
  await expect(demo).toBeVisible();
  await expect(demo.locator('[data-health-tile]')).toHaveCount(4);
  expect(await demo.locator('[data-health-tile]').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-health-tile')))).toEqual(['0,0', '0,1', '1,0', '1,1']);
  for (const tile of await demo.locator('[data-health-tile]').all()) await expect(tile).toHaveAttribute('data-state', /^(ok|warn|down|unknown)$/);

  // The reporting wall: a well tile green, a slow one amber with its reason, a silent one grey.
  await expect(health.tile(HEALTH_WALL, '0,0')).toHaveAttribute('data-state', 'ok');
  await expect(health.tile(HEALTH_WALL, '0,0')).toContainText('正常');
  await expect(health.tile(HEALTH_WALL, '0,0')).toContainText('60');
  await expect(health.tile(HEALTH_WALL, '0,1')).toHaveAttribute('data-state', 'warn');
  await expect(health.tile(HEALTH_WALL, '0,1')).toContainText('帧率持续低于 20');
  await expect(health.tile(HEALTH_WALL, '1,0')).toHaveAttribute('data-state', 'unknown');
  await expect(health.tile(HEALTH_WALL, '1,0')).toContainText('从未上报');
  await expect(health.wall(HEALTH_WALL).locator('[data-health-counts]')).toHaveText('1 正常 · 1 异常 · 2 未上报');

  // A tile's history: its title, the chart and the figures of its last report.
  await health.tile(HEALTH_WALL, '0,1').click();
  await expect(health.drawer).toContainText(`${HEALTH_WALL} · 第 1 行第 2 列`);
  await expect(health.drawer.getByRole('img', { name: '帧率与内存' })).toHaveAttribute('data-echart', 'drawn');
  await expect(health.drawer).toContainText('12.0');
  await expect(health.drawer).toContainText('帧率持续低于 20');
  await health.drawer.locator('.ant-drawer-close').click();
  await expect(health.drawer).toHaveCount(0);

  // The wall's display tokens, from the health page too.
  await health.root.locator(`[data-health-tokens="${wall.id}"]`).click();
  const tokens = page.locator('.ant-drawer').filter({ has: page.locator(`[data-wall-tokens="${wall.id}"]`) });
  await expect(tokens.locator('[data-token-name="E2E 健康上报"]').first()).toBeVisible();
});

/** The page still, its spinners gone and the pointer out of the way. */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(1919, 1079);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForTimeout(300);
}

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`the wall pages look finished, ${theme}, ${language}`, lookTags('video-walls-admin', theme, language), async ({ page, request, baseURL }) => {
      await setConsoleLook(page, theme, language);
      const token = await browserSignIn(page, request, ADMIN, baseURL!);
      const { wall, displayToken } = await healthWall(request, token);
      const shot = (name: string) => page.screenshot({ path: `${SHOTS}/walls23-${name}-${theme}-${language}.png`, animations: 'disabled' });
      const en = language === 'en';

      // 视频墙 on the demo wall, then the token shown once (of the health wall: the demo wall keeps none).
      const walls = new VideoWallAdmin(page);
      await walls.open();
      await expect(walls.root.locator('[data-wall-editor]')).toBeVisible();
      await expect(walls.preview.locator('[data-preview-tile]')).toHaveCount(4);
      await settle(page);
      await shot('video-walls');
      await walls.open(wall.id);
      await expect(walls.entry(HEALTH_WALL)).toHaveAttribute('aria-current', 'true');
      await walls.tokens.locator('[data-token-create]').click();
      await walls.tokenModal.locator('#token_name').fill(en ? 'Control room, left PC' : '控制室左侧主机');
      await walls.tokenModal.locator('[data-token-submit]').click();
      await expect(walls.tokenModal.locator('[data-token-value]')).toBeVisible();
      await settle(page);
      await shot('token-once');
      await walls.tokenModal.locator('[data-token-done]').click();

      // 墙体健康 with fresh reports, and a tile's history.
      await reportTiles(baseURL!, wall.id, displayToken);
      const health = new WallHealthPage(page);
      await health.open();
      await expect(health.tile(HEALTH_WALL, '0,1')).toHaveAttribute('data-state', 'warn');
      await settle(page);
      await shot('wall-health');
      await health.tile(HEALTH_WALL, '0,1').click();
      await expect(health.drawer.locator('[data-echart="drawn"]')).toBeVisible();
      await settle(page);
      await shot('tile-history');
    });
  }
}
