import { expect, type Locator, type Page } from '@playwright/test';

/** The root page (application statistics) inside the main layout. */
export class HomePage {
  readonly nickName: Locator;
  readonly welcome: Locator;
  readonly orgName: Locator;
  readonly version: Locator;
  readonly stats: Locator;

  constructor(readonly page: Page) {
    this.nickName = page.getByTestId('user-nick-name');
    this.welcome = page.getByRole('heading', { level: 2 });
    this.orgName = page.getByTestId('org-name');
    this.version = page.getByRole('main').getByTestId('product-version');
    this.stats = page.getByTestId('home-stats');
  }

  async expectSignedInAs(nickName: string): Promise<void> {
    await expect(this.nickName).toHaveText(nickName);
    await expect(this.welcome).toHaveText(`欢迎回来，${nickName}`);
  }
}
