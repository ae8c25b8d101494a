import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in placeholder page shown for every console path. */
export class HomePage {
  readonly nickName: Locator;
  readonly welcome: Locator;
  readonly orgName: Locator;
  readonly version: Locator;
  readonly logout: Locator;

  constructor(readonly page: Page) {
    this.nickName = page.getByTestId('user-nick-name');
    this.welcome = page.getByRole('heading', { level: 2 });
    this.orgName = page.getByTestId('org-name');
    this.version = page.getByRole('main').getByTestId('product-version');
    this.logout = page.getByRole('button', { name: '退出登录' });
  }

  async expectSignedInAs(nickName: string): Promise<void> {
    await expect(this.nickName).toHaveText(nickName);
    await expect(this.welcome).toHaveText(`欢迎回来，${nickName}`);
  }
}
