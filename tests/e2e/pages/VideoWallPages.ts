import type { Locator, Page } from '@playwright/test';

/** 视频墙 (/nv_system/nv_video_wall): the wall list, the definition form with its preview, the display tokens. */
export class VideoWallAdmin {
  readonly root: Locator;
  readonly form: Locator;
  readonly preview: Locator;
  readonly tokens: Locator;
  readonly tokenModal: Locator;
  readonly messages: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-walls-page]');
    this.form = this.root.locator('[data-wall-form]');
    this.preview = this.root.locator('[data-wall-preview]');
    this.tokens = this.root.locator('[data-wall-tokens]');
    this.tokenModal = page.locator('.ant-modal:visible');
    this.messages = page.locator('.ant-message-notice');
  }

  async open(wallId?: number): Promise<void> {
    await this.page.goto(wallId === undefined ? '/nv_system/nv_video_wall' : `/nv_system/nv_video_wall?wall=${wallId}`);
    await this.root.waitFor();
  }

  entry(name: string): Locator {
    return this.root.locator(`[data-wall-entry="${name}"]`);
  }

  /** A field of the wall form by its label. */
  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** A screen of the preview, `r,c` 0-based. */
  tile(rc: string): Locator {
    return this.preview.locator(`[data-preview-tile="${rc}"]`);
  }

  tokenRow(name: string): Locator {
    return this.tokens.locator('tr').filter({ has: this.page.locator(`[data-token-name="${name}"]`) });
  }

  /** Picks a template in the rotation's 添加模板… picker. */
  async addTemplate(name: string): Promise<void> {
    await this.form.locator('[data-wall-templates] .ant-select').click();
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
  }
}

/** 墙体健康 (/nv_system/nv_wall_health): every wall as its grid of tiles, a tile's history drawer. */
export class WallHealthPage {
  readonly root: Locator;
  readonly drawer: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-wall-health-page]');
    this.drawer = page.locator('.ant-drawer').filter({ has: page.locator('[data-tile-history]') });
  }

  async open(): Promise<void> {
    await this.page.goto('/nv_system/nv_wall_health');
    await this.root.waitFor();
  }

  wall(name: string): Locator {
    return this.root.locator(`[data-health-wall="${name}"]`);
  }

  tile(wallName: string, rc: string): Locator {
    return this.wall(wallName).locator(`[data-health-tile="${rc}"]`);
  }
}
