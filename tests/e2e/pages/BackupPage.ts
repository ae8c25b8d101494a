import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** A backup as /srv/db/list lists it. */
export interface BackupItem { fileName: string; origin: string; createdAt: number; sha256: string }

/** GET or POST on the /srv base with a bearer token; resolves with the envelope. */
export async function srvCall<T = unknown>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const headers = { Authorization: `Bearer ${token}` };
  const response = method === 'GET' ? await request.get(`/srv${path}`, { headers }) : await request.post(`/srv${path}`, { headers, data });
  return (await response.json()) as { success: boolean; data?: T; error?: string };
}

export async function listBackups(request: APIRequestContext, token: string): Promise<BackupItem[]> {
  const r = await srvCall<{ items: BackupItem[] }>(request, token, 'GET', '/db/list');
  expect(r.success, JSON.stringify(r)).toBe(true);
  return r.data!.items;
}

/** 数据备份 (/nv_data_backup): the toolbar, the list, the restore confirmation and the schedule. */
export class BackupPage {
  readonly root: Locator;
  readonly rows: Locator;
  readonly confirmation: Locator;
  readonly messages: Locator;
  /** The console-wide notice of a restore (over every page). */
  readonly maintenance: Locator;
  readonly schedule: Locator;
  /** The note at the top on what a backup holds and the key it does not. */
  readonly contents: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-backup-page]');
    this.rows = this.root.locator('tbody tr.ant-table-row');
    this.confirmation = page.locator('.ant-modal-confirm');
    this.messages = page.locator('.ant-message-notice');
    this.maintenance = page.getByTestId('maintenance-dialog');
    this.schedule = this.root.locator('[data-backup-schedule]');
    this.contents = this.root.locator('[data-backup-contents]');
  }

  async open(): Promise<void> {
    await this.page.goto('/nv_data_backup');
    await expect(this.rows.first().or(this.root.locator('.ant-table-placeholder'))).toBeVisible({ timeout: 30_000 });
  }

  /** 立即备份. */
  get backupNow(): Locator {
    return this.root.locator('[data-backup-now]');
  }

  row(fileName: string): Locator {
    return this.rows.filter({ has: this.page.locator(`[data-backup-file="${fileName}"]`) });
  }

  restoreButton(fileName: string): Locator {
    return this.root.locator(`[data-backup-restore="${fileName}"]`);
  }
}
