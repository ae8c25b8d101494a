import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks `option` in an antd Select (single or multiple) found by its label: types it to search,
 * then clicks it in the open dropdown, until the select shows it. The options of a form's select
 * come from the server (names of organisations, types, assignable roles) and may arrive after the
 * dropdown opened, so the pick is repeated until it holds.
 */
export async function pickOption(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  // A string is the option's whole label; a pattern matches labels with more in them ("三维态势 (9 个部件)").
  const item = typeof option === 'string' ? options.filter({ has: page.getByText(option, { exact: true }) }) : options.filter({ hasText: option }).first();
  const shown = select.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const isShown = (text: string | null) => (typeof option === 'string' ? !!text?.includes(option) : option.test(text ?? ''));
  await expect(async () => {
    if (isShown(await shown.textContent())) return;
    if (!(await item.isVisible())) {
      await select.click({ timeout: 5_000 });
      if (typeof option === 'string' && await select.isEditable()) await select.fill(option, { timeout: 5_000 });
    }
    await expect(item).toBeVisible({ timeout: 5_000 });
    await item.click({ timeout: 5_000 });
    await expect(shown).toContainText(option, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  // A multiple select keeps its dropdown open: leaving the input closes it (Escape would close the
  // drawer around it as well).
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  if (await open.isVisible()) await select.blur();
  await expect(open).toBeHidden();
}

/**
 * The grouped rights tree (src/features/admin/access/RightsTree.tsx) inside `scope`: antd's Tree
 * (one, or one per group), each right a treeitem whose text holds its name and code, with a
 * checkbox (role checkbox, aria-checked, aria-disabled).
 */
export class RightsTreePanel {
  /** The tree, or the trees of the groups. */
  readonly tree: Locator;

  constructor(readonly scope: Locator) {
    this.tree = scope.getByRole('tree');
  }

  /** The checkbox of the right `code` (project-preview, …). */
  checkbox(code: string): Locator {
    return this.tree.getByRole('treeitem').filter({ has: this.scope.page().getByText(code, { exact: true }) }).getByRole('checkbox');
  }

  async check(code: string): Promise<void> {
    const box = this.checkbox(code);
    await expect(box).toHaveAttribute('aria-disabled', 'false');
    await box.click();
    await expect(box).toHaveAttribute('aria-checked', 'true');
  }

  /** The codes checked, in the tree's order. */
  async checked(): Promise<string[]> {
    return this.tree.getByRole('treeitem').evaluateAll((items) => items
      .filter((item) => item.querySelector('[role="checkbox"][aria-checked="true"]') && !item.getAttribute('aria-expanded'))
      .map((item) => item.querySelector('.ant-typography-secondary')?.textContent ?? ''));
  }
}
