import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A list of the admin resource kit (src/features/admin/kit): filters, toolbar, table, paging, the
 * form drawer and the confirmations, for the resource named `resource` (`t_manufactor`, …).
 */
export class ResourceListPage {
  readonly root: Locator;
  readonly filters: Locator;
  readonly table: Locator;
  /** The table's data rows (not its header, not the empty row). */
  readonly rows: Locator;
  readonly emptyState: Locator;
  readonly total: Locator;
  readonly selectAll: Locator;
  readonly drawer: Locator;
  /** A button of the drawer still waiting for the server (保存 while saving). */
  readonly drawerBusy: Locator;
  /** The open 删除 / 批量删除 confirmation. */
  readonly confirmation: Locator;
  /** The dialog listing the records a batch delete could not delete. */
  readonly failures: Locator;
  readonly messages: Locator;

  constructor(readonly page: Page, readonly resource: string) {
    this.root = page.locator(`[data-resource="${resource}"]`);
    this.filters = this.root.getByRole('search');
    this.table = this.root.locator('.ant-table');
    this.rows = this.table.locator('tbody tr.ant-table-row');
    this.emptyState = this.table.locator('.ant-table-placeholder');
    this.total = this.root.locator('.ant-pagination-total-text');
    this.selectAll = this.table.locator('thead').getByRole('checkbox');
    this.drawer = page.locator('.ant-drawer-open').getByRole('dialog');
    this.drawerBusy = this.drawer.locator('.ant-btn-loading');
    this.confirmation = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
    this.failures = page.getByRole('dialog').filter({ has: page.getByTestId('delete-failures') });
    this.messages = page.locator('.ant-message-notice');
  }

  /**
   * Waits for the list's first rows or its empty state. The first admin page of a session loads the
   * admin chunk (antd, ~270 kB gzip): on a busy 2-core machine that alone took over 10 s.
   */
  async expectLoaded(): Promise<void> {
    await expect(this.rows.first().or(this.emptyState)).toBeVisible({ timeout: 30_000 });
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  filter(label: string): Locator {
    return this.filters.getByLabel(label, { exact: true });
  }

  /**
   * Types a keyword into the filter `label` and searches (Enter), until the address holds it (the
   * list's state is its address: `?<filter>=<keyword>`, absent when empty). A dialog that has just
   * closed gives the focus back to its opener when its animation ends: an Enter pressed at that
   * instant went to the opener, not the filter, once in a CI run.
   */
  async search(label: string, keyword: string): Promise<void> {
    const input = this.filter(label);
    const name = (await input.getAttribute('id'))?.split('-').pop() ?? '';
    await expect(async () => {
      await input.fill(keyword);
      await input.press('Enter');
      await expect.poll(() => new URL(this.page.url()).searchParams.get(name) ?? '', { timeout: 2_000 }).toBe(keyword.trim());
    }).toPass({ timeout: 30_000 });
  }

  /**
   * Picks a page size (`10 条/页`, `10 / page`) in the pager, until the pager shows it. The pager
   * sits at the page's foot and moves while the list settles (rows arrive after a save): a pointer
   * click on its menu met the layout's footer over the option, or a menu that had flipped and
   * closed, one run in three on a busy machine. The option is chosen by its own click event once
   * it is shown, and the whole pick is repeated until the pager says the new size.
   */
  async setPageSize(option: string): Promise<void> {
    const changer = this.root.locator('.ant-pagination-options .ant-select');
    const item = this.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option });
    await expect(async () => {
      if (!(await item.isVisible())) await changer.click({ timeout: 5_000 });
      await expect(item).toBeVisible({ timeout: 5_000 });
      await item.dispatchEvent('click');
      await expect(changer).toContainText(option, { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  rowButton(text: string, name: '编辑' | '删除' | 'Edit' | 'Delete'): Locator {
    return this.row(text).getByRole('button', { name, exact: true });
  }

  rowCheckbox(text: string): Locator {
    return this.row(text).getByRole('checkbox');
  }

  /** Every data row's cells as text, without the selection and action columns. */
  async cellTexts(): Promise<string[][]> {
    return this.rows.evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')]
      .filter((td) => !td.classList.contains('ant-table-selection-column') && !td.querySelector('button'))
      .map((td) => td.textContent ?? '')));
  }

  columnHeader(name: string): Locator {
    return this.table.locator('thead th').filter({ hasText: name });
  }

  field(label: string): Locator {
    return this.drawer.getByLabel(label, { exact: true });
  }

  /** The error shown under the form's input of the save field `name`. */
  fieldError(name: string): Locator {
    return this.drawer.locator(`[id="resource-${this.resource}_${name}_help"]`);
  }

  drawerButton(name: string): Locator {
    return this.drawer.getByRole('button', { name, exact: true });
  }

  async confirm(ok = '确定'): Promise<void> {
    await expect(this.confirmation).toBeVisible();
    await this.confirmation.getByRole('button', { name: ok, exact: true }).click();
  }

  message(text: string | RegExp): Locator {
    return this.messages.filter({ hasText: text });
  }
}
