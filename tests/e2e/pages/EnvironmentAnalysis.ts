import type { Locator, Page } from '@playwright/test';

/** The environment analysis pages (/nv_environment_analysis/…): what a user reads and clicks. */
export class EnvironmentAnalysis {
  readonly heading: Locator;
  readonly paSummary: Locator;
  readonly pmSummary: Locator;
  readonly airSummary: Locator;
  readonly standard: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('main').getByRole('heading', { level: 1 });
    this.paSummary = page.getByTestId('env-pa-summary');
    this.pmSummary = page.getByTestId('env-pm-summary');
    this.airSummary = page.getByTestId('env-air-summary');
    this.standard = page.getByTestId('aqi-standard');
    this.table = page.getByRole('main').locator('.ant-table-tbody');
  }

  /** The AQI figure of a side ('outdoor' | 'indoor'). */
  aqiValue(side: 'outdoor' | 'indoor'): Locator {
    return this.page.getByTestId(`aqi-value-${side}`);
  }

  side(side: 'outdoor' | 'indoor'): Locator {
    return this.page.getByTestId(`aqi-side-${side}`);
  }

  /** A period of the segmented switch, by its label. */
  async choosePeriod(label: string): Promise<void> {
    await this.page.getByRole('main').locator('.ant-segmented').getByText(label, { exact: true }).click();
  }

  /** The table's body rows with data (not antd's measure row or the empty placeholder). */
  rows(): Locator {
    return this.table.locator('tr.ant-table-row');
  }
}
