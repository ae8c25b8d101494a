import { expect, type Locator, type Page } from '@playwright/test';

type Lang = 'zh' | 'en';
type Kind = 'filter-type' | 'filter-model';
const T = {
  'filter-type': { zh: '滤网类型', en: 'Filter types' },
  'filter-model': { zh: '滤网型号', en: 'Filter models' },
  apply: { zh: '应用同步', en: 'Apply' },
} as const;

/**
 * 滤网目录同步 (/nv_product/nv_filter_sync, src/features/admin/filter-catalogue/): one tab per kind,
 * each a panel (`[data-sync-panel=<kind>]`) with 从上游目录预览 (`[data-sync-preview]`), 应用同步
 * (`[data-sync-apply]`, behind a confirmation), the shown run (`[data-sync-run]` with
 * `data-sync-state`), its lines (`[data-sync-action]` tags, changed fields `[data-sync-field]`), an
 * error (`[data-sync-error]`) and the history of runs.
 */
export class CatalogueSyncPage {
  static readonly path = '/nv_product/nv_filter_sync';
  readonly root: Locator;
  readonly confirmation: Locator;

  constructor(readonly page: Page, readonly lang: Lang = 'zh') {
    this.root = page.locator('[data-catalogue-page]');
    this.confirmation = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
  }

  panel(kind: Kind): Locator {
    return this.root.locator(`[data-sync-panel="${kind}"]`);
  }

  async openTab(kind: Kind): Promise<void> {
    const tab = this.root.getByRole('tab', { name: T[kind][this.lang], exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(this.panel(kind)).toBeVisible();
  }

  /** The shown run's summary (its state in `data-sync-state`). */
  run(kind: Kind): Locator {
    return this.panel(kind).locator('[data-sync-run]');
  }

  /** The shown run's line of `code`. */
  line(kind: Kind, code: string): Locator {
    return this.panel(kind).locator('[data-sync-items] tbody tr').filter({ has: this.page.getByRole('cell', { name: code, exact: true }) });
  }

  /** The codes of the shown run's lines with `action`. */
  async codes(kind: Kind, action: 'added' | 'changed' | 'removed' | 'kept'): Promise<string[]> {
    return this.panel(kind).locator('[data-sync-items] tbody tr').filter({ has: this.page.locator(`[data-sync-action="${action}"]`) })
      .evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[1]?.textContent ?? ''));
  }

  /** 从上游目录预览: waits for the new previewed run. */
  async preview(kind: Kind): Promise<void> {
    const before = (await this.run(kind).count()) ? await this.run(kind).getAttribute('data-sync-run') : null;
    await this.panel(kind).locator('[data-sync-preview]').click();
    await expect(this.run(kind)).toHaveAttribute('data-sync-state', 'previewed', { timeout: 30_000 });
    if (before) await expect(this.run(kind)).not.toHaveAttribute('data-sync-run', before);
  }

  /** 应用同步, confirmed: waits until the shown run is applied. */
  async apply(kind: Kind): Promise<void> {
    await this.panel(kind).locator('[data-sync-apply]').click();
    await expect(this.confirmation).toBeVisible();
    await this.confirmation.getByRole('button', { name: T.apply[this.lang], exact: true }).click();
    await expect(this.run(kind)).toHaveAttribute('data-sync-state', 'applied', { timeout: 30_000 });
  }

  history(kind: Kind): Locator {
    return this.panel(kind).locator('[data-sync-history] tbody tr.ant-table-row');
  }
}
