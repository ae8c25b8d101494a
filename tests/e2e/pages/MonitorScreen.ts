import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SUPERADMIN } from './accounts';
import { browserSignIn } from './api';

/** The big screen (/monitor): its widgets and their states, as a wall operator sees them. */
export class MonitorScreen {
  readonly widgets: Locator;
  readonly staleMarkers: Locator;
  readonly errorPanel: Locator;
  readonly canvas: Locator;

  constructor(readonly page: Page) {
    this.widgets = page.locator('[data-screen-widget]');
    this.staleMarkers = page.locator('[data-stale-marker]');
    this.errorPanel = page.locator('[data-screen-error]');
    this.canvas = page.locator('[data-screen-canvas]');
  }

  widget(id: string) {
    return this.page.locator(`[data-screen-widget="${id}"]`);
  }

  /**
   * Signs the browser in as superadmin with an API token (one session: the same token serves the
   * test's API calls) and returns the token.
   */
  static async signIn(page: Page, request: APIRequestContext, baseURL: string): Promise<string> {
    return browserSignIn(page, request, SUPERADMIN, baseURL);
  }

  async open(query = ''): Promise<void> {
    await this.page.goto(`/monitor${query}`);
  }

  /** Waits until every widget shows data (none loading, empty or failed) and returns their ids. */
  async waitUntilAllReady(timeout = 20_000): Promise<string[]> {
    await expect(this.widgets.first()).toBeVisible({ timeout });
    await this.page.waitForFunction(() => {
      const all = [...document.querySelectorAll('[data-screen-widget]')];
      return all.length > 0 && all.every((w) => w.getAttribute('data-state') !== 'loading');
    }, null, { timeout });
    const states = await this.widgets.evaluateAll((ws) => ws.map((w) => `${w.getAttribute('data-screen-widget')}:${w.getAttribute('data-state')}`));
    expect(states.filter((s) => !s.endsWith(':ready')), 'every widget shows data').toEqual([]);
    return states.map((s) => s.split(':')[0]);
  }
}
