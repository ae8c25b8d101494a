import type { Locator, Page } from '@playwright/test';

/** The energy analysis page (/nv_energy_analysis/index): what a user reads and clicks. */
export class EnergyAnalysis {
  readonly heading: Locator;
  readonly range: Locator;
  readonly price: Locator;
  readonly projects: Locator;
  readonly drawer: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('main').getByRole('heading', { level: 1 });
    this.range = page.getByTestId('energy-range');
    this.price = page.getByTestId('energy-price');
    this.projects = page.getByTestId('energy-projects');
    this.drawer = page.getByRole('dialog');
  }

  /** A total card's figure: 'energy' | 'cost' | 'per1000' | 'sfp' | 'efficiency' | 'saving'. */
  total(id: string): Locator {
    return this.page.getByTestId(`energy-total-${id}-value`);
  }

  /** A total card's change against the previous period (arrow and %, or —). */
  change(id: string): Locator {
    return this.page.getByTestId(`energy-total-${id}-change`);
  }

  /** A period of the segmented switch (日/周/月/年). */
  async choosePeriod(label: string): Promise<void> {
    await this.page.getByRole('main').locator('.ant-segmented').getByText(label, { exact: true }).click();
  }

  previousPeriod(): Locator {
    return this.page.getByRole('button', { name: /上一周期|Previous period/ });
  }

  /** A chart by its accessible name, drawn (its data on screen). */
  chart(name: string): Locator {
    return this.page.getByRole('img', { name }).and(this.page.locator('[data-echart="drawn"]'));
  }

  /** The project table's data rows. */
  projectRows(): Locator {
    return this.projects.locator('tr.ant-table-row');
  }

  /** The device table's data rows in the drawer. */
  deviceRows(): Locator {
    return this.drawer.getByTestId('energy-devices').locator('tr.ant-table-row');
  }
}
