import type { Locator, Page } from '@playwright/test';

/** The analysis and purchase layouts: top buttons, or the dropdown at 1366 px and less. */
export class SectionPage {
  readonly nav: Locator;
  readonly dropdown: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page, title: '数据分析' | '采购助手') {
    this.nav = page.getByRole('navigation', { name: title });
    this.dropdown = page.getByRole('combobox', { name: '选择分析' });
    this.heading = page.getByRole('main').getByRole('heading', { level: 1 });
  }

  button(name: string): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }

  async buttonNames(): Promise<string[]> {
    return this.nav.getByRole('link').allInnerTexts();
  }

  subPage(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true });
  }
}
