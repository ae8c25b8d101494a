import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './AdminControls';

type Lang = 'zh' | 'en';
const T = {
  start: { zh: '同步', en: 'Sync' },
  confirm: { zh: '开始同步', en: 'Start sync' },
  detail: { zh: '详情', en: 'Details' },
  product: { zh: '产品', en: 'Product' },
  retry: { zh: '重试失败项', en: 'Retry failed' },
  back: { zh: '返回产品同步', en: 'Back to product sync' },
} as const;

/**
 * 产品同步 and 同步详情 (src/features/admin/products/sync/): the list (`[data-product-sync="list"]`),
 * the 同步 dialog with its preview (`[data-sync-preview]`), and one sync's detail
 * (`[data-product-sync="detail"]`) with its device rows; states are in `data-sync-state` (running,
 * succeeded, partial, failed) and `data-item-state` (queued, sent, succeeded, failed, expired).
 */
export class ProductSyncPages {
  readonly list: Locator;
  readonly rows: Locator;
  readonly dialog: Locator;
  readonly preview: Locator;
  readonly detail: Locator;
  readonly detailState: Locator;
  readonly items: Locator;

  constructor(readonly page: Page, readonly lang: Lang = 'zh') {
    const main = page.getByRole('main');
    this.list = main.locator('[data-product-sync="list"]');
    this.rows = this.list.locator('tbody tr.ant-table-row');
    this.dialog = page.getByRole('dialog').filter({ has: page.locator('#sync-product') });
    this.preview = this.dialog.locator('[data-sync-preview]');
    this.detail = main.locator('[data-product-sync="detail"]');
    this.detailState = this.detail.locator('.ant-descriptions [data-sync-state]');
    this.items = this.detail.locator('tbody tr.ant-table-row');
  }

  /** The list's row of sync `id`. */
  row(id: number): Locator {
    return this.rows.filter({ has: this.page.locator('td:first-child', { hasText: new RegExp(`^${id}$`) }) });
  }

  /** 同步 → choose `product` → (the preview shows) → 开始同步; resolves with the new sync's id (the list's top row). */
  async startSync(product: string): Promise<{ id: number; preview: string }> {
    await this.list.getByRole('button', { name: T.start[this.lang], exact: true }).click();
    await expect(this.dialog).toBeVisible();
    await pickOption(this.page, this.dialog.locator('#sync-product'), product);
    await expect(this.preview).toBeVisible({ timeout: 15_000 });
    const preview = (await this.preview.textContent()) ?? '';
    await this.dialog.getByRole('button', { name: T.confirm[this.lang], exact: true }).click();
    await expect(this.dialog).toBeHidden({ timeout: 15_000 });
    const top = this.rows.first();
    await expect(top).toContainText(product);
    return { id: Number(await top.locator('td').first().textContent()), preview };
  }

  /** Waits until sync `id` leaves 同步中 in the list (the page refreshes itself), answering its final state. */
  async waitFinished(id: number): Promise<string> {
    const tag = this.row(id).locator('[data-sync-state]');
    await expect(tag).not.toHaveAttribute('data-sync-state', 'running', { timeout: 45_000 });
    return (await tag.getAttribute('data-sync-state'))!;
  }

  async openDetail(id: number): Promise<void> {
    await this.row(id).getByRole('link', { name: T.detail[this.lang], exact: true }).click();
    await expect(this.page).toHaveURL(new RegExp(`/nv_product/nv_product_sync_detail/${id}$`));
    await expect(this.items.first()).toBeVisible({ timeout: 30_000 });
  }

  retryButton(): Locator {
    return this.detail.getByRole('button', { name: T.retry[this.lang], exact: true });
  }

  backLink(): Locator {
    return this.detail.getByRole('link', { name: T.back[this.lang] });
  }
}
