import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './AdminControls';

/** The life analysis pages (/nv_life_analysis/…): what a user reads and clicks. */
export class LifeAnalysis {
  readonly main: Locator;
  readonly heading: Locator;
  readonly recalc: Locator;
  readonly recalcResult: Locator;
  readonly drawer: Locator;
  readonly setNotice: Locator;
  readonly formulaNotice: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.recalc = page.locator('[data-life-recalc]');
    this.recalcResult = page.getByTestId('life-recalc-result');
    this.drawer = page.getByRole('dialog').last();
    this.setNotice = page.getByTestId('life-set-notice');
    this.formulaNotice = page.getByTestId('life-formula-notice');
  }

  /** The device life table's rows with data. */
  rows(): Locator {
    return this.main.locator('.ant-table-tbody tr.ant-table-row');
  }

  /** The row of a device, by its code. */
  deviceRow(code: string): Locator {
    return this.main.locator(`tr[data-life-row="${code}"]`);
  }

  /** A state count (total, due, warning, ok, unknown). */
  count(state: string): Locator {
    return this.page.locator(`[data-life-count="${state}"] strong`);
  }

  async chooseModel(name: string | RegExp): Promise<void> {
    await pickOption(this.page, this.main.getByRole('combobox', { name: '滤材型号' }), name);
  }

  async search(keyword: string): Promise<void> {
    const box = this.main.getByRole('searchbox').or(this.main.getByPlaceholder('设备、项目或型号')).first();
    await box.fill(keyword);
    await box.press('Enter');
  }

  /** The filter model row of 寿命设置, by its code. */
  modelRow(code: string): Locator {
    return this.main.locator(`tr[data-model-code="${code}"]`);
  }

  /** Opens a model's form, sets its final resistance to a fixed value and saves. */
  async setFinalResistance(code: string, pa: number): Promise<void> {
    await this.page.locator(`[data-model-edit="${code}"]`).click();
    const form = this.page.locator('[data-model-form]');
    await expect(form).toBeVisible();
    await form.getByText('固定值 (Pa)', { exact: true }).click();
    const input = form.getByLabel('终阻力 (Pa)');
    await input.fill(String(pa));
    await this.page.locator('[data-model-save]').click();
    await expect(form).toBeHidden();
  }

  formulaRow(name: string): Locator {
    return this.main.locator(`tr[data-formula-name="${name}"]`);
  }
}
