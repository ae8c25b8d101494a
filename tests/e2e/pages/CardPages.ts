import { expect, type Locator, type Page } from '@playwright/test';

type Lang = 'zh' | 'en';
const T = {
  cards: { zh: '物联网卡', en: 'IoT cards' },
  warnings: { zh: '预警列表', en: 'Warnings' },
  users: { zh: '平台账号', en: 'Platform accounts' },
  add: { zh: '登记物联网卡', en: 'Register a card' },
  save: { zh: '保存', en: 'Save' },
  del: { zh: '删除', en: 'Delete' },
  keyword: { zh: 'ICCID / 卡号 / 设备', en: 'ICCID / number / device' },
  status: { zh: '状态', en: 'Status' },
  org: { zh: '所属组织', en: 'Organisation' },
} as const;

/**
 * 物联网卡 (/nv_iot/nv_iot_card, src/features/admin/cards/): three tabs — the card registry
 * (filters, 登记/编辑/删除 in a drawer), the warning list (reasons as `[data-warning-reason]` tags)
 * and the card platform's accounts (switched with `[data-card-user-toggle=<username>]`).
 */
export class CardAdminPage {
  static readonly path = '/nv_iot/nv_iot_card';
  readonly root: Locator;
  /** The open tab's panel. */
  readonly panel: Locator;
  /** Data rows of the open tab's table. */
  readonly rows: Locator;
  readonly drawer: Locator;
  readonly confirmation: Locator;

  constructor(readonly page: Page, readonly lang: Lang = 'zh') {
    this.root = page.locator('[data-card-page]');
    this.panel = this.root.getByRole('tabpanel');
    this.rows = this.panel.locator('tbody tr.ant-table-row');
    this.drawer = page.getByRole('dialog').filter({ has: page.locator('[data-card-save]') });
    this.confirmation = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
  }

  async expectShown(): Promise<void> {
    await expect(this.root).toBeVisible({ timeout: 30_000 });
    await expect(this.rows.first()).toBeVisible({ timeout: 30_000 });
  }

  async openTab(tab: 'cards' | 'warnings' | 'users'): Promise<void> {
    await this.root.getByRole('tab', { name: T[tab][this.lang], exact: true }).click();
    await expect(this.root.getByRole('tab', { name: T[tab][this.lang], exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(this.rows.first()).toBeVisible({ timeout: 15_000 });
  }

  /** The registry's row of the card `iccid`. */
  row(iccid: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('cell', { name: iccid, exact: true }) });
  }

  /** Types `text` into the registry's search box and searches. */
  async search(text: string): Promise<void> {
    const box = this.panel.getByRole('searchbox', { name: T.keyword[this.lang] });
    await box.fill(text);
    await box.press('Enter');
  }

  statusFilter(): Locator {
    return this.panel.getByRole('combobox', { name: T.status[this.lang] });
  }

  /** The status tags (`data-card-status`) of the rows shown. */
  async statuses(): Promise<number[]> {
    return (await this.rows.locator('[data-card-status]').evaluateAll((tags) => tags.map((t) => t.getAttribute('data-card-status'))))
      .map(Number);
  }

  /** 登记物联网卡 opens the drawer. */
  async startRegistering(): Promise<void> {
    await this.panel.getByRole('button', { name: T.add[this.lang] }).click();
    await expect(this.drawer).toBeVisible();
  }

  /** The form's input of field `name` (iccid, msisdn, orgId, status, …). */
  field(name: string): Locator {
    return this.drawer.locator(`#${name}`);
  }

  fieldError(name: string): Locator {
    return this.drawer.locator(`#${name}_help .ant-form-item-explain-error`);
  }

  async saveForm(): Promise<void> {
    await this.drawer.locator('[data-card-save]').click();
  }

  /** 删除 on the card's row, confirmed. */
  async remove(iccid: string): Promise<void> {
    await this.row(iccid).locator(`[data-card-delete="${iccid}"]`).click();
    await expect(this.confirmation).toBeVisible();
    await this.confirmation.getByRole('button', { name: T.del[this.lang], exact: true }).click();
  }

  /** The 平台账号 row of `username` and its on/off switch. */
  userRow(username: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('cell', { name: username, exact: true }) });
  }

  userToggle(username: string): Locator {
    return this.panel.locator(`[data-card-user-toggle="${username}"]`);
  }

  /** A warning reason tag: usage, expiry or expired. */
  reasons(kind: 'usage' | 'expiry' | 'expired'): Locator {
    return this.rows.locator(`[data-warning-reason="${kind}"]`);
  }
}

/**
 * The demo IoT card home (/srv/card-home, server/routes/cards/card-home-page.ts): the card platform's
 * own page, opened by the console with `?token=`; it lists the cards of the user's organisation.
 */
export class CardHomePage {
  static readonly path = '/srv/card-home';
  readonly title: Locator;
  readonly who: Locator;
  readonly state: Locator;
  readonly summary: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.title = page.locator('#title');
    this.who = page.locator('#who');
    this.state = page.locator('#state');
    this.summary = page.locator('#summary .tile');
    this.rows = page.locator('#rows tr');
  }

  /** The ICCIDs listed, in order. */
  async iccids(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.iccid ?? ''));
  }
}
