import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { apiGet, apiLogin, browserSignIn } from './pages/api';
import { diffWithRegion } from './pages/imageDiff';
import { VideoWall } from './pages/VideoWall';

const SHOTS = 'test-results/screenshots';
/** Screens of the test wall: a quarter of 1080p each, with 12 px bezels. */
const SCREEN = { width: 960, height: 540 };
const BEZEL = 12;

test.describe('video wall (issue 23)', () => {
  test('a 2×2 wall signed in with its display token: the four tiles, put side by side with their bezels, equal the template rendered whole', async ({ browser, request, baseURL }) => {
    test.setTimeout(150_000);
    const admin = await apiLogin(request, ADMIN, baseURL);
    const tpl = await VideoWall.saveStillTemplate(request, admin, baseURL!, '视频墙拼接校验', '视频墙拼接校验 · 一幅画面跨四块屏');
    const wall = await VideoWall.create(request, admin, baseURL!, {
      name: '拼接校验 2×2', rows: 2, cols: 2, screenWidth: SCREEN.width, screenHeight: SCREEN.height, bezelX: BEZEL, bezelY: BEZEL, templateIds: [tpl],
    });
    const tiles = await VideoWall.openTiles(browser, baseURL!, wall, 2, 2, SCREEN);
    // The template whole, on one window the size of the wall (screens and bezels).
    const whole = { width: 2 * SCREEN.width + BEZEL, height: 2 * SCREEN.height + BEZEL };
    const reference = await browser.newContext({ viewport: whole, locale: 'zh-CN' });
    try {
      const adminToken = await apiLogin(request, ADMIN, baseURL);
      await reference.addCookies([{ name: 'nv_token', value: adminToken, url: baseURL! }]);
      const refPage = await reference.newPage();
      // A blank page (no content security policy) decodes and compares the pictures.
      const scratch = await reference.newPage();
      await refPage.goto(`/monitor?tpl=${tpl}`);
      await expect(refPage.locator('[data-screen-widget]:not([data-state="ready"])')).toHaveCount(0, { timeout: 30_000 });
      await expect(refPage.locator('[data-screen-widget]')).toHaveCount(3);
      for (const t of tiles) await VideoWall.waitShowing(t.page, tpl);
      // The bars have drawn (ECharts marks its box) on every screen and on the whole.
      for (const p of [refPage, ...tiles.map((t) => t.page)]) {
        await expect(p.locator('[data-echart="pending"]')).toHaveCount(0);
      }
      const refShot = await refPage.screenshot();
      fs.mkdirSync(SHOTS, { recursive: true });
      fs.writeFileSync(`${SHOTS}/wall-whole-${whole.width}x${whole.height}.png`, refShot);
      for (const t of tiles) {
        const [r, c] = t.tile;
        const shot = await t.page.screenshot();
        fs.writeFileSync(`${SHOTS}/wall-tile-${r}-${c}.png`, shot);
        const rect = { x: c * (SCREEN.width + BEZEL), y: r * (SCREEN.height + BEZEL), ...SCREEN };
        const diff = await diffWithRegion(scratch, shot, refShot, rect);
        test.info().annotations.push({ type: `tile ${r},${c}`, description: `${diff.differing} of ${diff.total} pixels differ (max channel delta ${diff.maxDelta})` });
        // Text antialiasing may differ on a few edge pixels; anything misplaced would differ on thousands.
        expect(diff.differing / diff.total, `tile ${r},${c}: ${diff.differing} pixels differ`).toBeLessThan(0.005);
      }
    } finally {
      await reference.close();
      await VideoWall.closeAll(tiles);
      await VideoWall.post(request, admin, baseURL!, `/t_wall/${wall.id}/delete`);
    }
  });

  test('a rotation switches all four tiles to the same item at the same scheduled server time', async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await apiLogin(request, ADMIN, baseURL);
    const first = await VideoWall.saveStillTemplate(request, admin, baseURL!, '视频墙轮换一', '视频墙轮换 · 第一幅');
    const second = await VideoWall.saveStillTemplate(request, admin, baseURL!, '视频墙轮换二', '视频墙轮换 · 第二幅');
    const wall = await VideoWall.create(request, admin, baseURL!, {
      name: '轮换 2×2', rows: 2, cols: 2, screenWidth: SCREEN.width, screenHeight: SCREEN.height, bezelX: BEZEL, bezelY: BEZEL,
      templateIds: [first, second], rotateSeconds: 5,
    });
    const tiles = await VideoWall.openTiles(browser, baseURL!, wall, 2, 2, SCREEN);
    try {
      // Each page notes, on the machine's one clock, when its slot changes (watching the whole
      // document: the page's root may be rendered anew, an observer on it would go deaf).
      for (const t of tiles) {
        await expect(t.page.locator('[data-page="wall-tile"]')).not.toHaveAttribute('data-wall-item', '', { timeout: 30_000 });
        await t.page.evaluate(() => {
          const w = window as unknown as { __switches: { at: number; item: string; slot: string }[] };
          w.__switches = [];
          new MutationObserver((records) => {
            for (const r of records) {
              const root = r.target as Element;
              if (root.getAttribute('data-page') !== 'wall-tile') continue;
              w.__switches.push({ at: Date.now(), item: root.getAttribute('data-wall-item') ?? '', slot: root.getAttribute('data-wall-slot') ?? '' });
            }
          }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-wall-slot'] });
        });
      }
      // A slot every tile has put on screen since its observer began (they began one after another).
      type Seen = { at: number; item: string; slot: string }[];
      const commonSlots = async () => {
        const seen = await Promise.all(tiles.map((t) => t.page.evaluate(() => (window as unknown as { __switches: Seen }).__switches)));
        return { seen, common: seen[0].map((s) => s.slot).filter((slot) => slot && seen.every((list) => list.some((s) => s.slot === slot))) };
      };
      await expect.poll(async () => (await commonSlots()).common.length, { timeout: 60_000 }).toBeGreaterThan(0).catch(async (err: unknown) => {
        // What each tile was doing, for whoever reads the failure.
        const state = await Promise.all(tiles.map((t) => t.page.evaluate(() => JSON.stringify([(window as unknown as { __nvWallTile?: unknown }).__nvWallTile, (window as unknown as { __switches: unknown }).__switches]))));
        throw new Error(`${String(err)}\n${state.join('\n')}`);
      });
      const { seen, common } = await commonSlots();
      const slot = common[common.length - 1];
      const second4 = seen.map((list) => list.find((s) => s.slot === slot)!);
      expect(new Set(second4.map((s) => s.item)).size, JSON.stringify(second4)).toBe(1);
      expect([String(first), String(second)]).toContain(second4[0].item);
      const at = second4.map((s) => s.at);
      test.info().annotations.push({ type: 'switch skew', description: `${Math.max(...at) - Math.min(...at)} ms between the first and the last tile (budget 50 ms: npm run bench)` });
    } finally {
      await VideoWall.closeAll(tiles);
      await VideoWall.post(request, admin, baseURL!, `/t_wall/${wall.id}/delete`);
    }
  });

  test('a tile that stops turns red on 墙体健康, its administrators get a message, and it turns green again once it is back', async ({ browser, page, request, baseURL }) => {
    test.setTimeout(150_000);
    const admin = await browserSignIn(page, request, ADMIN, baseURL!);
    const tpl = await VideoWall.saveStillTemplate(request, admin, baseURL!, '视频墙健康校验', '视频墙健康校验');
    const name = `健康校验 ${Date.now() % 100_000}`;
    const wall = await VideoWall.create(request, admin, baseURL!, {
      name, rows: 2, cols: 2, screenWidth: SCREEN.width, screenHeight: SCREEN.height, bezelX: BEZEL, bezelY: BEZEL, templateIds: [tpl],
    });
    let tiles = await VideoWall.openTiles(browser, baseURL!, wall, 2, 2, SCREEN);
    try {
      await page.goto('/nv_system/nv_wall_health');
      const grid = page.locator(`[data-health-wall="${name}"]`);
      const tile = (rc: string) => grid.locator(`[data-health-tile="${rc}"]`);
      for (const rc of ['0,0', '0,1', '1,0', '1,1']) await expect(tile(rc)).toHaveAttribute('data-state', 'ok', { timeout: 40_000 });
      // The screen of 1,1 goes dark (its browser gone, as when a PC dies).
      const gone = tiles.find((t) => t.tile[0] === 1 && t.tile[1] === 1)!;
      await gone.context.close();
      tiles = tiles.filter((t) => t !== gone);
      await expect(tile('1,1')).toHaveAttribute('data-state', 'down', { timeout: 60_000 });
      await expect(tile('0,0')).toHaveAttribute('data-state', 'ok');
      // The watchdog's next round (the page judges at each read) sends the system message.
      await expect.poll(async () => (await apiGet<{ list: { type: number; content: string }[] }>(request, admin, '/t_history_message?Page=1&Size=50'))
        .list.filter((m) => m.type === 6).map((m) => m.content), { timeout: 30_000 })
        .toContainEqual(expect.stringContaining(`视频墙「${name}」第2行第2列`));
      // The launcher brings it back (a new browser on the same tile): green again.
      tiles.push(...(await VideoWall.openTiles(browser, baseURL!, wall, 2, 2, SCREEN, ['1,1'])));
      await expect(tile('1,1')).toHaveAttribute('data-state', 'ok', { timeout: 40_000 });
      await page.screenshot({ path: `${SHOTS}/wall-health-1920x1080.png` });
    } finally {
      await VideoWall.closeAll(tiles);
      await VideoWall.post(request, admin, baseURL!, `/t_wall/${wall.id}/delete`);
    }
  });
});
