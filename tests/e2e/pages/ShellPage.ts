import { expect, type Locator, type Page } from '@playwright/test';
import type { Account } from './accounts';
import { LoginPage } from './LoginPage';

/** The signed-in frame: sidebar, navbar, bells, user menu, tags, settings panel, toasts, dialogs. */
export class ShellPage {
  readonly sidebar: Locator;
  readonly hamburger: Locator;
  readonly breadcrumb: Locator;
  readonly launchers: Locator;
  readonly nickName: Locator;
  readonly userMenuButton: Locator;
  readonly alarmBell: Locator;
  readonly alarmButton: Locator;
  readonly alarmBadge: Locator;
  readonly alarmPanel: Locator;
  readonly alarmItems: Locator;
  readonly messageBell: Locator;
  readonly messageButton: Locator;
  readonly messageBadge: Locator;
  readonly messagePanel: Locator;
  readonly messageItems: Locator;
  readonly tags: Locator;
  readonly tagMenu: Locator;
  readonly settingsPanel: Locator;
  readonly toasts: Locator;
  readonly dialog: Locator;
  readonly forcedLogoutDialog: Locator;
  readonly hubStatus: Locator;
  readonly main: Locator;
  readonly emptyState: Locator;
  readonly footer: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByTestId('sidebar');
    this.hamburger = page.getByTestId('hamburger');
    this.breadcrumb = page.getByTestId('breadcrumb');
    this.launchers = page.getByTestId('app-launchers');
    this.nickName = page.getByTestId('user-nick-name');
    this.userMenuButton = page.getByRole('button', { name: '用户菜单' });
    this.alarmBell = page.getByTestId('alarm-bell');
    this.alarmButton = page.getByRole('button', { name: '实时告警' });
    this.alarmBadge = page.getByTestId('alarm-bell-badge');
    this.alarmPanel = page.getByRole('region', { name: '实时告警' });
    this.alarmItems = page.getByTestId('alarm-item');
    this.messageBell = page.getByTestId('message-bell');
    this.messageButton = page.getByRole('button', { name: '消息通知' });
    this.messageBadge = page.getByTestId('message-bell-badge');
    this.messagePanel = page.getByRole('region', { name: '消息通知' });
    this.messageItems = page.getByTestId('message-item');
    this.tags = page.getByTestId('tag');
    this.tagMenu = page.getByTestId('tag-menu');
    this.settingsPanel = page.getByTestId('settings-panel');
    this.toasts = page.getByTestId('toast');
    this.dialog = page.getByRole('dialog');
    this.forcedLogoutDialog = page.getByRole('dialog', { name: '下线提示' });
    this.hubStatus = page.getByTestId('hub-status');
    this.main = page.getByRole('main');
    this.emptyState = page.getByTestId('empty-state');
    this.footer = page.getByRole('contentinfo');
  }

  /** Signs in through the login form and waits for the frame. */
  async signIn(account: Pick<Account, 'username' | 'password' | 'nickName'>, path = LoginPage.path): Promise<void> {
    await this.page.goto(path);
    const login = new LoginPage(this.page);
    await login.expectShown();
    await login.login(account.username, account.password);
    await expect(this.nickName).toHaveText(account.nickName);
  }

  /** A top-level sidebar entry (link or group). */
  menuEntry(name: string): Locator {
    return this.sidebar.getByRole('navigation').getByText(name, { exact: true });
  }

  /** The titles of the top-level sidebar entries, in order. */
  async topLevelMenu(): Promise<string[]> {
    return this.sidebar.locator('nav > ul > li > :first-child').allInnerTexts();
  }

  /** Opens a sidebar group and returns the titles of its entries. */
  async groupEntries(group: string): Promise<string[]> {
    const button = this.sidebar.getByRole('button', { name: group, exact: true });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    return button.locator('xpath=following-sibling::ul').locator('a').allInnerTexts();
  }

  launcher(name: string): Locator {
    return this.launchers.getByRole('button', { name });
  }

  tag(title: string): Locator {
    return this.tags.filter({ hasText: new RegExp(`^${title}$`) });
  }

  async tagTitles(): Promise<string[]> {
    return this.tags.allInnerTexts();
  }

  async tagAction(title: string, action: '刷新' | '关闭' | '关闭其他' | '关闭所有'): Promise<void> {
    await this.tag(title).click({ button: 'right' });
    await this.tagMenu.getByRole('menuitem', { name: action, exact: true }).click();
  }

  async openUserMenu(): Promise<void> {
    await this.userMenuButton.click();
  }

  userMenuItem(name: string): Locator {
    return this.page.getByRole('menuitem', { name });
  }

  async openSettings(): Promise<void> {
    await this.openUserMenu();
    await this.userMenuItem('主题设置').click();
    await expect(this.settingsPanel).toBeVisible();
  }

  /** The alarm dropdown's entry for one device whose content contains `text`. */
  alarmItem(deviceName: string, text: string): Locator {
    return this.alarmItems.filter({ hasText: deviceName }).filter({ hasText: text });
  }

  toast(text: string): Locator {
    return this.toasts.filter({ hasText: text });
  }
}
