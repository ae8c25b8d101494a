import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './AdminControls';

/** 组态库 / 项目组态库 (src/features/admin/graph-libs/): the table of graphs, its filters and the copy dialog. */
export class GraphLibraryPage {
  readonly root: Locator;
  readonly rows: Locator;
  readonly copyDialog: Locator;
  readonly confirmation: Locator;
  readonly messages: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-graph-library]');
    this.rows = this.root.locator('.ant-table-row');
    this.copyDialog = page.getByRole('dialog');
    this.confirmation = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
    this.messages = page.locator('.ant-message-notice');
  }

  async open(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.root).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async pickProject(name: string, label = '项目'): Promise<void> {
    await pickOption(this.page, this.root.getByLabel(label, { exact: true }), name);
  }

  async search(text: string, label = '按名称搜索'): Promise<void> {
    const box = this.root.getByRole('searchbox', { name: label }).or(this.root.getByLabel(label, { exact: true })).first();
    await box.fill(text);
    await box.press('Enter');
  }

  message(text: string | RegExp): Locator {
    return this.messages.filter({ hasText: text });
  }
}
