import { expect, type Locator, type Page } from '@playwright/test';

/**
 * 关联视频 (src/features/admin/project-videos/): the player grid's tiles (each `li[data-video]`
 * with its player's `data-state`), the list view, the add / edit dialog and the delete confirmation.
 */
export class ProjectVideosPage {
  readonly root: Locator;
  readonly dialog: Locator;
  readonly confirmation: Locator;
  readonly messages: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-project-videos]');
    this.dialog = page.getByRole('dialog');
    this.confirmation = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
    this.messages = page.locator('.ant-message-notice');
  }

  async open(projectId: number, query = ''): Promise<void> {
    await this.page.goto(`/nv_project/nv_associate_video/${projectId}${query}`);
    await expect(this.root).toBeVisible();
  }

  tile(name: string): Locator {
    return this.root.locator(`li[data-video="${name}"]`);
  }

  /** What a tile's player shows: offscreen, connecting, playing or failed-<reason>. */
  player(name: string): Locator {
    return this.tile(name).locator('[data-state]');
  }

  video(name: string): Locator {
    return this.tile(name).locator('video');
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  /** The error shown under a field (not one leaving in antd's animation). */
  fieldError(label: string): Locator {
    return this.dialog.locator('.ant-form-item').filter({ has: this.page.getByLabel(label, { exact: true }) })
      .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
  }

  /** Adds a channel through the dialog and waits for its tile. */
  async add(name: string, url: string, { add = '添加通道', save = '保存' } = {}): Promise<void> {
    await this.root.getByRole('button', { name: add }).first().click();
    await this.fill(name, url);
    await this.dialog.getByRole('button', { name: save }).click();
    await expect(this.dialog).toBeHidden();
    await expect(this.tile(name)).toBeVisible();
  }

  async fill(name: string, url: string, { nameLabel = '通道名称', urlLabel = '视频流地址' } = {}): Promise<void> {
    await expect(this.dialog).toBeVisible();
    await this.field(nameLabel).fill(name);
    await this.field(urlLabel).fill(url);
  }

  message(text: string | RegExp): Locator {
    return this.messages.filter({ hasText: text });
  }
}
