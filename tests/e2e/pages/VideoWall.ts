import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

export interface WallBody {
  name: string;
  rows: number;
  cols: number;
  screenWidth: number;
  screenHeight: number;
  bezelX: number;
  bezelY: number;
  templateIds: number[];
  rotateSeconds?: number;
}

/**
 * A still template: a title bar across the whole width (crossing the vertical seam), the project
 * count (crossing it too) and the projects ranked by their device count (crossing both seams),
 * all of data the demo does not change, so two renderings of it can be compared pixel by pixel.
 */
export function stillTemplate(title: string) {
  return {
    version: 2, canvas: { width: 1920, height: 1080, background: '#061327', scaleMode: 'fit' },
    sources: [{ id: 'overview', kind: 'rest', endpoint: '/api/s/screen/overview', params: {}, refreshSeconds: 300 }],
    widgets: [
      { id: 'header', type: 'header', x: 0, y: 0, w: 1920, h: 96, z: 2, title, props: { clock: false, subtitle: '拼接校验' } },
      { id: 'projects', type: 'kpi', x: 820, y: 150, w: 280, h: 120, title: '项目总数', source: { sourceId: 'overview', path: 'projects' }, props: { unit: '个' } },
      { id: 'ranking', type: 'barRanking', x: 440, y: 320, w: 1040, h: 520, title: '项目设备数',
        source: { sourceId: 'overview', path: 'projectList', transform: { sortBy: { field: 'devices', order: 'desc' }, limit: 6, map: { name: 'name', value: 'devices' } } },
        props: { unit: '台', decimals: 0 } },
    ],
  };
}

/** One screen of a wall: its browser context (its own cookies) and page. */
export interface TileView { tile: [number, number]; context: BrowserContext; page: Page }

/**
 * A video wall as its screens see it: the wall and its display token made over the API, then one
 * browser context per tile, each signed in with the display token alone (no person's account),
 * showing `/monitor?wall=<id>&tile=r,c` at the screen's size.
 */
export class VideoWall {
  static async post<T>(request: APIRequestContext, token: string, baseURL: string, path: string, data?: unknown): Promise<T> {
    const r = await request.post(`${baseURL}/api${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
    const envelope = await r.json();
    expect(envelope.success, `${path}: ${JSON.stringify(envelope)}`).toBe(true);
    return envelope.data as T;
  }

  /** Saves {@link stillTemplate} titled `title` as `name`; its id. */
  static async saveStillTemplate(request: APIRequestContext, token: string, baseURL: string, name: string, title: string): Promise<number> {
    return (await VideoWall.post<{ id: number }>(request, token, baseURL, '/t_screen_tpl/save', { name, content: stillTemplate(title) })).id;
  }

  static async create(request: APIRequestContext, token: string, baseURL: string, body: WallBody): Promise<{ id: number; displayToken: string }> {
    const wall = await VideoWall.post<{ id: number }>(request, token, baseURL, '/t_wall/save', body);
    const created = await VideoWall.post<{ token: string }>(request, token, baseURL, `/t_wall/${wall.id}/tokens/create`, { name: `${body.name} 显示凭据` });
    return { id: wall.id, displayToken: created.token };
  }

  /** Opens every tile of a rows×cols wall (or those of `only`), each in its own context at `size` (the screen's resolution). */
  static async openTiles(browser: Browser, baseURL: string, wall: { id: number; displayToken: string }, rows: number, cols: number,
    size: { width: number; height: number }, only?: readonly string[]): Promise<TileView[]> {
    const tiles: TileView[] = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (only && !only.includes(`${r},${c}`)) continue;
        const context = await browser.newContext({ viewport: size, locale: 'zh-CN' });
        await context.addCookies([{ name: 'nv_token', value: wall.displayToken, url: baseURL }]);
        const page = await context.newPage();
        await page.goto(`${baseURL}/monitor?wall=${wall.id}&tile=${r},${c}`);
        tiles.push({ tile: [r, c], context, page });
      }
    }
    return tiles;
  }

  /** Waits until the tile shows `templateId` with every widget of it ready. */
  static async waitShowing(page: Page, templateId: number): Promise<void> {
    const root = page.locator('[data-page="wall-tile"]');
    await expect(root).toHaveAttribute('data-wall-item', String(templateId), { timeout: 30_000 });
    const layer = page.locator(`[data-wall-layer="shown"][data-wall-template="${templateId}"]`);
    await expect(layer.locator('[data-screen-widget]').first()).toBeVisible();
    await expect(layer.locator('[data-screen-widget]:not([data-state="ready"])')).toHaveCount(0, { timeout: 30_000 });
  }

  static async closeAll(tiles: readonly TileView[]): Promise<void> {
    for (const t of tiles) await t.context.close();
  }
}
