import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { PlaylistRecord, SavePlaylistBody } from '../../../contract/playlists';

/** `window.__nvKiosk` as the player publishes it. */
export interface KioskState {
  rotations: number;
  current: { kind: 'template' | 'graph'; id: number; title: string } | null;
  /** The item prepared out of sight for the next turn. */
  next: { key: string; ready: boolean } | null;
  paused: boolean;
}

/** One switch as the in-page recorder saw it: the page's clock (ms) when it was published, and the item. */
export interface Switch {
  at: number;
  title: string;
  rotations: number;
  /** The item prepared behind the wall was ready before this switch showed it. */
  wasReady: boolean;
}

/** Live chart, WebGL scene, map and graph instances of the page (`window.__nvLive`). */
export type LiveCounts = Record<string, number>;

/** The kiosk rotation player (/kiosk): its layers, title, progress line and pause badge. */
export class KioskPlayer {
  readonly current: Locator;
  readonly next: Locator;
  readonly layers: Locator;
  readonly title: Locator;
  readonly progress: Locator;
  readonly pausedBadge: Locator;
  readonly message: Locator;

  constructor(readonly page: Page, readonly baseURL = '') {
    this.current = page.locator('[data-kiosk-layer="current"]');
    this.next = page.locator('[data-kiosk-layer="next"]');
    this.layers = page.locator('[data-kiosk-layer]');
    this.title = page.locator('[data-kiosk-title]');
    this.progress = page.locator('[data-kiosk-progress]');
    this.pausedBadge = page.locator('[data-kiosk-paused]');
    this.message = page.locator('[data-kiosk-message]');
  }

  /** A widget of the item on screen, by its template widget id. */
  currentWidget(id: string): Locator {
    return this.current.locator(`[data-screen-widget="${id}"]`);
  }

  async open(query: string): Promise<void> {
    await this.page.goto(`${this.baseURL}/kiosk${query}`);
  }

  async state(): Promise<KioskState | null> {
    return this.page.evaluate(() => (window as unknown as { __nvKiosk?: KioskState }).__nvKiosk ?? null);
  }

  async live(): Promise<LiveCounts> {
    return this.page.evaluate(() => ({ ...(window as unknown as { __nvLive: LiveCounts }).__nvLive }));
  }

  /** ECharts instances still attached to the page's DOM (a disposed chart gives its container back). */
  async chartsInDom(): Promise<number> {
    return this.page.evaluate(() => document.querySelectorAll('[_echarts_instance_]').length);
  }

  async waitForTitle(title: string, timeout = 30_000): Promise<void> {
    await expect.poll(async () => (await this.state())?.current?.title, { timeout }).toBe(title);
  }

  /**
   * Records every switch at the moment the player publishes it (a setter on `window.__nvKiosk`,
   * installed before the page's scripts run): call before {@link open}.
   */
  async recordSwitches(): Promise<void> {
    await this.page.addInitScript(() => {
      const w = window as unknown as { __e2eSwitches: Switch[] };
      w.__e2eSwitches = [];
      let value: KioskState | undefined;
      let last = -1;
      Object.defineProperty(window, '__nvKiosk', {
        configurable: true,
        get: () => value,
        set(next: KioskState | undefined) {
          const wasReady = value?.next?.ready === true;
          value = next;
          if (next?.current && next.rotations !== last) {
            last = next.rotations;
            w.__e2eSwitches.push({ at: Math.round(performance.now()), title: next.current.title, rotations: next.rotations, wasReady });
          }
        },
      });
    });
  }

  async switches(): Promise<Switch[]> {
    return this.page.evaluate(() => (window as unknown as { __e2eSwitches: Switch[] }).__e2eSwitches);
  }

  /** Template ids by name, as the signed-in caller sees them. */
  static async templateIds(request: APIRequestContext, token: string, baseURL: string): Promise<Map<string, number>> {
    const r = await request.get(`${baseURL}/api/t_screen_tpl/all`, { headers: { Authorization: `Bearer ${token}` } });
    const body = await r.json();
    expect(body.success, JSON.stringify(body)).toBe(true);
    return new Map((body.data as { id: number; name: string }[]).map((t) => [t.name, t.id]));
  }

  /**
   * Saves a light screen template (header, device-state ring, energy ranking: two charts over two
   * REST sources of the demo) named `name` and titled `title`, and returns its id.
   */
  static async saveLightTemplate(request: APIRequestContext, token: string, baseURL: string, name: string, title: string): Promise<number> {
    const content = {
      version: 2, canvas: { width: 1920, height: 1080, background: '#061327', scaleMode: 'fit' },
      sources: [
        { id: 'devices', kind: 'rest', endpoint: '/api/s/device', params: {}, refreshSeconds: 30 },
        { id: 'overview', kind: 'rest', endpoint: '/api/s/screen/overview', params: {}, refreshSeconds: 30 },
      ],
      widgets: [
        { id: 'header', type: 'header', x: 0, y: 0, w: 1920, h: 96, z: 2, title, props: { clock: true } },
        { id: 'statePie', type: 'pie', x: 40, y: 140, w: 900, h: 900, title: '设备状态', source: { sourceId: 'devices' },
          props: { ring: true, slices: { online: '在线', alarm: '告警', offline: '离线' } } },
        { id: 'energyRank', type: 'barRanking', x: 980, y: 140, w: 900, h: 900, title: '今日能耗排行',
          source: { sourceId: 'overview', path: 'projectList', transform: { sortBy: { field: 'energyToday', order: 'desc' }, limit: 6, map: { name: 'name', value: 'energyToday' } } },
          props: { unit: 'kWh', decimals: 1 } },
      ],
    };
    const r = await request.post(`${baseURL}/api/t_screen_tpl/save`, { headers: { Authorization: `Bearer ${token}` }, data: { name, content } });
    const envelope = await r.json();
    expect(envelope.success, JSON.stringify(envelope)).toBe(true);
    return envelope.data.id as number;
  }

  /** The first project the caller sees. */
  static async firstProject(request: APIRequestContext, token: string, baseURL: string): Promise<{ id: number; name: string }> {
    const r = await request.get(`${baseURL}/api/t_project/names`, { headers: { Authorization: `Bearer ${token}` } });
    const body = await r.json();
    expect(body.success, JSON.stringify(body)).toBe(true);
    return body.data[0];
  }

  /** Saves a playlist over the API and returns it as stored. */
  static async savePlaylist(request: APIRequestContext, token: string, baseURL: string, body: SavePlaylistBody): Promise<PlaylistRecord> {
    const r = await request.post(`${baseURL}/api/t_playlist/save`, { headers: { Authorization: `Bearer ${token}` }, data: body });
    const envelope = await r.json();
    expect(envelope.success, JSON.stringify(envelope)).toBe(true);
    return envelope.data as PlaylistRecord;
  }
}
