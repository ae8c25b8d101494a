import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { apiGet, apiPost, browserSignIn } from './pages/api';
import { pickOption } from './pages/AdminControls';
import { GraphLibraryPage } from './pages/GraphLibrary';
import { ProjectVideosPage } from './pages/ProjectVideos';
import { lookTags } from './pages/consoleLook';

/**
 * Issue 18, camera channels and graph libraries. A small HTTP server of this spec plays a camera:
 * a real H.264 MPEG-TS HLS stream and an MP4 clip (tests/e2e/fixtures/video, 128×72, a few KB),
 * with CORS as a media server sends it, plus an address that answers HTML instead of a playlist.
 * An administrator adds channels to 上海张江洁净厂房 — one with credentials in its address is
 * refused while typing — sees the HLS one play through hls.js (loaded only with this page), the
 * unreachable and the invalid ones say so with a retry, sees a player out of view torn down and
 * back when scrolled to, edits and deletes them. Then the graph
 * libraries: a graph is copied to another project (its bindings cleared), made the default and
 * switched off in its project's library, and opened in the editor. Screenshots at 1920×1080 in both
 * themes and languages: test-results/screenshots/video18-<page>-<theme>-<lang>.png.
 */

const SHOTS = 'test-results/screenshots';
const FIXTURES = path.resolve('tests/e2e/fixtures/video');
const PROJECT = '上海张江洁净厂房';
const OTHER_PROJECT = '苏州工业园区电子车间';
const TYPES: Record<string, string> = { '.m3u8': 'application/vnd.apple.mpegurl', '.m2ts': 'video/mp2t', '.mp4': 'video/mp4' };

let camera: http.Server;
/** The camera server's origin, and one where nothing listens. */
let origin = '';
let deadOrigin = '';

test.beforeAll(async () => {
  camera = http.createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (name === 'not-a-playlist.m3u8') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>login required</body></html>');
      return;
    }
    const file = path.join(FIXTURES, name);
    if (!TYPES[path.extname(name)] || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(name)], 'Cache-Control': 'no-store' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => camera.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(camera.address() as AddressInfo).port}`;
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  deadOrigin = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => camera?.close(resolve));
});

const hls = () => `${origin}/live/index.m3u8`;

async function projectIdOf(request: APIRequestContext, token: string, name: string): Promise<number> {
  const projects = await apiGet<{ id: number; name: string }[]>(request, token, '/t_project/names');
  return projects.find((p) => p.name === name)!.id;
}

/** Deletes the project's channels whose names start with `prefix` (what a test made). */
async function removeChannels(request: APIRequestContext, token: string, projectId: number, prefix: string): Promise<void> {
  for (const v of await apiGet<{ id: number; name: string }[]>(request, token, `/t_project_video/all?projectId=${projectId}`)) {
    if (v.name.startsWith(prefix)) expect((await apiPost(request, token, `/t_project_video/del/${v.id}`)).success).toBe(true);
  }
}

/** Deletes the library graphs named `name` (copies a test made). */
async function removeGraphs(request: APIRequestContext, token: string, name: string): Promise<void> {
  const found = await apiGet<{ list: { id: number; name: string }[] }>(request, token, `/t_project_graph/library?Size=100&name=${encodeURIComponent(name)}`);
  for (const g of found.list.filter((x) => x.name === name)) await apiPost(request, token, `/t_project_graph/del/${g.id}`);
}

test.describe.configure({ timeout: 180_000 });

test('an administrator adds camera channels: HLS plays, an unreachable or invalid stream says so, and they are edited and deleted', async ({ page, request, baseURL }) => {
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const projectId = await projectIdOf(request, token, PROJECT);
  await removeChannels(request, token, projectId, 'E2E');
  const videos = new ProjectVideosPage(page);
  const hlsChunk = () => scripts.some((s) => /\/hls[.-]/.test(s));

  try {
    await test.step('the page of a project without channels says so; hls.js is not loaded yet', async () => {
      await page.goto('/nv_project/nv_project_graph');
      await expect(page.locator('[data-page="nv_project_graph"]')).toBeVisible();
      expect(hlsChunk()).toBe(false);
      await videos.open(projectId);
      await expect(page.getByRole('heading', { name: '关联视频' })).toBeVisible();
      await expect(videos.root).toContainText('该项目还没有视频通道');
      expect(hlsChunk()).toBe(false);
    });

    await test.step('an address with a user name and password is refused while typing, naming the rule', async () => {
      await videos.root.getByRole('button', { name: '添加通道' }).first().click();
      await videos.fill('E2E 大门', `http://admin:12345@${origin.slice('http://'.length)}/live/index.m3u8`);
      await expect(videos.fieldError('视频流地址')).toHaveText('视频流地址不能包含用户名或密码（user:password@），请改用不带凭据的播放地址');
      await videos.field('视频流地址').fill('rtsp://10.0.0.8/stream1');
      await expect(videos.fieldError('视频流地址')).toHaveText('视频流地址只支持 http 或 https 协议');
      await videos.field('视频流地址').fill(hls());
      await expect(videos.fieldError('视频流地址')).toHaveCount(0);
      await videos.dialog.getByRole('button', { name: '保存' }).click();
      await expect(videos.message('已保存“E2E 大门”')).toBeVisible();
    });

    await test.step('a stream from an origin new to the page says it plays after a reload (the content security policy admits saved origins)', async () => {
      await expect(videos.player('E2E 大门')).toHaveAttribute('data-state', 'failed-blocked', { timeout: 30_000 });
      await expect(videos.tile('E2E 大门').getByRole('alert')).toContainText('新的视频来源刷新页面后生效');
      await videos.tile('E2E 大门').getByRole('button', { name: '刷新页面' }).click();
    });

    await test.step('the HLS channel plays through hls.js: frames arrive and time advances', async () => {
      await expect(videos.player('E2E 大门')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
      await expect.poll(() => videos.video('E2E 大门').evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
      await expect.poll(() => videos.video('E2E 大门').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.3);
      // MSE, not the browser's own HLS: the element plays a MediaSource blob.
      expect(await videos.video('E2E 大门').evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
      expect(hlsChunk()).toBe(true);
    });

    await test.step('an unreachable stream and one that is not a playlist say so, with a retry', async () => {
      await videos.add('E2E 断线', `${deadOrigin}/live/index.m3u8`);
      await expect(videos.player('E2E 断线')).toHaveAttribute('data-state', 'failed-blocked', { timeout: 30_000 });
      await videos.tile('E2E 断线').getByRole('button', { name: '刷新页面' }).click();
      await expect(videos.player('E2E 断线')).toHaveAttribute('data-state', 'failed-unreachable', { timeout: 30_000 });
      await expect(videos.tile('E2E 断线').getByRole('alert')).toContainText('无法连接视频流');
      await videos.tile('E2E 断线').getByRole('button', { name: '重试' }).click();
      await expect(videos.player('E2E 断线')).toHaveAttribute('data-state', /connecting|failed-unreachable/);
      await expect(videos.player('E2E 断线')).toHaveAttribute('data-state', 'failed-unreachable', { timeout: 30_000 });

      await videos.add('E2E 登录页', `${origin}/live/not-a-playlist.m3u8`);
      await expect(videos.player('E2E 登录页')).toHaveAttribute('data-state', 'failed-invalid', { timeout: 30_000 });
      await expect(videos.tile('E2E 登录页').getByRole('alert')).toContainText('视频流地址无效');

      await videos.add('E2E 录像', `${origin}/record/clip.mp4`);
      await expect(videos.player('E2E 录像')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
    });

    await test.step('a player scrolled out of view is torn down, and starts again when scrolled back', async () => {
      await page.setViewportSize({ width: 1920, height: 360 });
      await page.getByRole('heading', { name: '关联视频' }).scrollIntoViewIfNeeded();
      await expect(videos.player('E2E 录像')).toHaveAttribute('data-state', 'offscreen');
      // No source, no connection, nothing buffered.
      expect(await videos.video('E2E 录像').evaluate((v: HTMLVideoElement) => ({ src: v.getAttribute('src'), network: v.networkState, ready: v.readyState })))
        .toEqual({ src: null, network: 0, ready: 0 });
      await videos.tile('E2E 录像').scrollIntoViewIfNeeded();
      await expect(videos.player('E2E 录像')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
      await page.setViewportSize({ width: 1920, height: 1080 });
    });

    await test.step('the list view shows the addresses; a channel is renamed; the players go with the grid', async () => {
      await videos.root.getByText('列表', { exact: true }).click();
      await expect(page).toHaveURL(/\?view=list$/);
      await expect(videos.root.locator('video')).toHaveCount(0);
      const row = videos.root.locator('.ant-table-row').filter({ hasText: 'E2E 断线' });
      await expect(row).toContainText(`${deadOrigin}/live/index.m3u8`);
      await row.getByRole('button', { name: '编辑 E2E 断线' }).click();
      await videos.field('通道名称').fill('E2E 侧门');
      await videos.dialog.getByRole('button', { name: '保存' }).click();
      await expect(videos.message('已保存“E2E 侧门”')).toBeVisible();
      await expect(videos.root.locator('.ant-table-row').filter({ hasText: 'E2E 侧门' })).toHaveCount(1);
      await videos.root.getByText('画面', { exact: true }).click();
      await expect(videos.tile('E2E 侧门')).toBeVisible();
    });

    await test.step('deletes them', async () => {
      for (const name of ['E2E 大门', 'E2E 侧门', 'E2E 登录页', 'E2E 录像']) {
        await videos.tile(name).getByRole('button', { name: `删除 ${name}` }).click();
        await expect(videos.confirmation).toBeVisible();
        await videos.confirmation.getByRole('button', { name: '删除', exact: true }).click();
        await expect(videos.tile(name)).toHaveCount(0);
      }
      await expect(videos.root).toContainText('该项目还没有视频通道');
      expect(await apiGet<unknown[]>(request, token, `/t_project_video/all?projectId=${projectId}`)).toEqual([]);
    });
  } finally {
    await removeChannels(request, token, projectId, 'E2E');
  }
});

test('the graph libraries: copy to another project without bindings, default and active in the project library, open in the editor', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const source = `${PROJECT} 工艺流程`;
  const copyName = 'E2E 模板副本';
  await removeGraphs(request, token, copyName);
  const library = new GraphLibraryPage(page);
  try {
    await test.step('组态库 lists the graphs of every project; a search finds one; it is copied to another project', async () => {
      await library.open('/nv_project/nv_graph_lib');
      await expect(library.root).toContainText(OTHER_PROJECT);
      await library.search('上海张江');
      await expect(library.rows).toHaveCount(1);
      await expect(library.row(source)).toContainText(PROJECT);
      await library.row(source).getByRole('button', { name: '复制' }).click();
      await expect(library.copyDialog).toBeVisible();
      await library.copyDialog.getByLabel('新组态名称').fill(copyName);
      await pickOption(page, library.copyDialog.getByLabel('复制到项目'), OTHER_PROJECT);
      await expect(library.copyDialog).toContainText('设备绑定会被清除');
      await library.copyDialog.getByRole('button', { name: '确定' }).click();
      await expect(library.message(new RegExp(`已复制为“${copyName}”，\\d+ 个单元的设备绑定已清除`))).toBeVisible();
    });

    await test.step('项目组态库 of the other project: the copy is made the default, switched off, and opened in the editor', async () => {
      await library.open('/nv_project/nv_project_graph_lib');
      await library.pickProject(OTHER_PROJECT);
      const copy = library.row(copyName);
      await expect(copy).toBeVisible();
      await copy.getByRole('button', { name: '设为默认' }).click();
      await expect(library.message(`已将“${copyName}”设为默认组态`)).toBeVisible();
      await expect(copy).toContainText('默认');
      await expect(library.row(`${OTHER_PROJECT} 工艺流程`).getByText('默认', { exact: true })).toHaveCount(0);
      await copy.getByRole('switch', { name: `启用 ${copyName}` }).click();
      await expect(library.message(`已停用“${copyName}”`)).toBeVisible();
      await expect(copy.getByRole('switch')).not.toBeChecked();

      // The original default back, so the other specs find the demo as it was.
      await library.row(`${OTHER_PROJECT} 工艺流程`).getByRole('button', { name: '设为默认' }).click();
      await expect(library.message(`已将“${OTHER_PROJECT} 工艺流程”设为默认组态`)).toBeVisible();

      await copy.getByRole('button', { name: '打开' }).click();
      await expect(page).toHaveURL(/\/nv_project\/nv_project_graph\?projectId=\d+&graphId=\d+/);
      await expect(page.locator('[data-page="nv_project_graph"]')).toContainText(copyName);
    });
  } finally {
    await removeGraphs(request, token, copyName);
  }
});

/** Waits until the page shows no spinner (tables, the query loading). */
const settled = (page: Page) => expect(page.getByRole('main').locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`the camera and graph library pages look finished, ${theme}, ${language}`, lookTags('project-videos', theme, language), async ({ page, request, baseURL }) => {
      await page.addInitScript(([t, l]) => {
        localStorage.setItem('nv_theme', JSON.stringify(t));
        localStorage.setItem('nv_lang', l);
      }, [theme, language]);
      // One session: a second sign-in of the same account would end the browser's.
      const token = await browserSignIn(page, request, ADMIN, baseURL!);
      const en = language === 'en';
      const shoot = async (name: string) => {
        await page.mouse.move(1919, 1079);
        await page.screenshot({ path: `${SHOTS}/video18-${name}-${theme}-${language}.png`, animations: 'disabled' });
      };
      const projectId = await projectIdOf(request, token, PROJECT);
      const prefix = `SHOT-${theme}-${language}`;
      await removeChannels(request, token, projectId, prefix);
      try {
        for (const [name, url, order] of [
          [`${prefix} 一号车间入口`, hls(), 1], [`${prefix} 二号车间`, `${origin}/record/clip.mp4`, 2],
          [`${prefix} 屋顶机组`, `${deadOrigin}/live/roof.m3u8`, 3], [`${prefix} 仓库`, `${origin}/live/not-a-playlist.m3u8`, 4],
        ] as const) {
          expect((await apiPost(request, token, '/t_project_video/save', { projectId, name, streamUrl: url, sortOrder: order })).success).toBe(true);
        }
        const videos = new ProjectVideosPage(page);
        await videos.open(projectId);
        await expect(videos.player(`${prefix} 一号车间入口`)).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
        await expect(videos.player(`${prefix} 二号车间`)).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
        await expect(videos.player(`${prefix} 屋顶机组`)).toHaveAttribute('data-state', 'failed-unreachable', { timeout: 30_000 });
        await expect(videos.player(`${prefix} 仓库`)).toHaveAttribute('data-state', 'failed-invalid', { timeout: 30_000 });
        await shoot('grid');

        await videos.root.getByRole('button', { name: en ? 'Add channel' : '添加通道' }).click();
        await videos.fill('', `http://admin:12345@${origin.slice('http://'.length)}/live/index.m3u8`,
          en ? { nameLabel: 'Channel name', urlLabel: 'Stream address' } : {});
        await videos.dialog.getByRole('button', { name: en ? 'Save' : '保存' }).click();
        await expect(videos.fieldError(en ? 'Stream address' : '视频流地址')).toBeVisible();
        await expect(videos.fieldError(en ? 'Channel name' : '通道名称')).toBeVisible();
        await shoot('form');
        await videos.dialog.getByRole('button', { name: en ? 'Cancel' : '取消' }).click();

        await videos.root.getByText(en ? 'List' : '列表', { exact: true }).click();
        await expect(videos.root.locator('.ant-table-row')).toHaveCount(4);
        await shoot('list');
      } finally {
        await removeChannels(request, token, projectId, prefix);
      }

      const library = new GraphLibraryPage(page);
      await library.open('/nv_project/nv_graph_lib');
      await settled(page);
      await shoot('graph-lib');
      await library.rows.first().getByRole('button', { name: en ? 'Copy' : '复制' }).click();
      await expect(library.copyDialog).toBeVisible();
      await pickOption(page, library.copyDialog.getByLabel(en ? 'Copy to project' : '复制到项目'), OTHER_PROJECT);
      await shoot('graph-copy');
      await library.copyDialog.getByRole('button', { name: en ? 'Cancel' : '取消' }).click();

      await library.open('/nv_project/nv_project_graph_lib');
      await settled(page);
      await shoot('project-graph-lib');
    });
  }
}
