import type { Locator, Page } from '@playwright/test';

/** The kiosk playlist administration (/nv_system/nv_kiosk_playlists): list, editor, item rows. */
export class PlaylistAdmin {
  readonly page: Page;
  readonly root: Locator;
  readonly name: Locator;
  readonly enabled: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.locator('[data-page="kiosk-playlists"]');
    this.name = this.root.getByLabel('名称');
    this.enabled = this.root.getByRole('checkbox', { name: '启用' });
    this.error = this.root.getByRole('alert');
  }

  async open(): Promise<void> {
    await this.page.goto('/nv_system/nv_kiosk_playlists');
  }

  entry(name: string): Locator {
    return this.root.locator(`[data-playlist-entry="${name}"]`);
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  /** Row `n` (0-based) of the item list. */
  row(n: number): Locator {
    return this.root.locator(`[data-playlist-item="${n}"]`);
  }

  async setDuration(n: number, seconds: number): Promise<void> {
    await this.row(n).getByLabel(`时长（秒） ${n + 1}`).fill(String(seconds));
  }
}
