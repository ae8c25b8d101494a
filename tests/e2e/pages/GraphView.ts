import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SUPERADMIN } from './accounts';
import { apiGet, browserSignIn } from './api';

/** The live project graph (/nv_project_visualization), as a control-room operator sees it. */
export class GraphView {
  readonly box: Locator;
  readonly svg: Locator;
  readonly staleMarker: Locator;

  constructor(readonly page: Page) {
    this.box = page.locator('[data-graph-live]');
    this.svg = this.box.locator('svg').first();
    this.staleMarker = this.box.locator('[data-stale-marker]');
  }

  /** Signs the browser in as superadmin (ingest right, sees every project); returns the API token. */
  static async signIn(page: Page, request: APIRequestContext, baseURL: string): Promise<string> {
    return browserSignIn(page, request, SUPERADMIN, baseURL);
  }

  async open(projectId: number): Promise<void> {
    await this.page.goto(`/nv_project_visualization?projectId=${projectId}`);
  }

  /** Waits until the graph is drawn and its first snapshot applied. */
  async waitUntilLive(timeout = 30_000): Promise<void> {
    await expect(this.box).toHaveAttribute('data-graph-phase', 'ready', { timeout });
    await this.page.waitForFunction(() => ((window as unknown as { __nvGraphStats?: { snapshots: number } }).__nvGraphStats?.snapshots ?? 0) > 0, null, { timeout });
  }

  /** The SVG group of a cell's symbol. */
  shape(cellId: string): Locator {
    return this.box.locator(`svg g[data-cell-id="${cellId}"]`).first();
  }

  /** The label text of a cell as drawn (every line). */
  async labelOf(cellId: string): Promise<string> {
    return this.box.locator(`svg g[data-cell-id="${cellId}"]`).evaluateAll((gs) => gs.map((g) => g.textContent ?? '').join(' '));
  }

  /** The stroke colours drawn inside a cell's symbol. */
  async strokesOf(cellId: string): Promise<string[]> {
    return this.shape(cellId).evaluate((g) => [...g.querySelectorAll('[stroke]')].map((e) => (e.getAttribute('stroke') ?? '').toLowerCase()));
  }

  /** How many maxGraph instances are alive on the page (window.__nvLive.graphs). */
  async liveGraphs(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as { __nvLive?: { graphs: number } }).__nvLive?.graphs ?? -1);
  }
}

/** A bound cell of a stored graph: its id and binding, read from the graph XML. */
export interface BoundCell {
  cellId: string;
  symbol: string;
  deviceId: number;
  measureId?: number;
}

/** The bound cells of the project's active graph (read from its XML, as the editor stored it). */
export async function boundCells(request: APIRequestContext, token: string, projectId: number): Promise<BoundCell[]> {
  const graph = await apiGet<{ xml: string }>(request, token, `/t_project_graph/active?projectId=${projectId}`);
  const cells: BoundCell[] = [];
  for (const [, attrs] of graph.xml.matchAll(/<UserObject\b([^>]*)>/g)) {
    const get = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
    const deviceId = get('deviceId');
    if (!deviceId) continue;
    const measureId = get('measureId');
    cells.push({ cellId: get('id')!, symbol: get('symbol') ?? '', deviceId: Number(deviceId), measureId: measureId ? Number(measureId) : undefined });
  }
  return cells;
}
