import { expect, type Locator, type Page } from '@playwright/test';

/** The login page at /passport/login (alias /login): its selectors and the sign-in flow. */
export class LoginPage {
  static readonly path = '/passport/login';

  readonly heading: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  /** 游客访问, shown while guest mode is on. */
  readonly guest: Locator;
  readonly serverError: Locator;
  readonly productName: Locator;
  readonly productVersion: Locator;
  readonly footer: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '账号登录' });
    this.username = page.getByLabel('用户名', { exact: true });
    this.password = page.getByLabel('密码', { exact: true });
    this.submit = page.getByRole('button', { name: /^登录/ });
    this.guest = page.getByRole('button', { name: '游客访问' });
    this.serverError = page.getByRole('alert');
    this.productName = page.getByTestId('product-name');
    this.productVersion = page.getByTestId('product-version');
    this.footer = page.getByRole('contentinfo');
  }

  async goto(): Promise<void> {
    await this.page.goto(LoginPage.path);
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.username).toBeVisible();
  }

  fieldError(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  async fill(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
  }

  async login(username: string, password: string): Promise<void> {
    await this.fill(username, password);
    await this.submit.click();
  }
}
