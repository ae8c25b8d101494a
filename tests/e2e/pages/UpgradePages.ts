import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './AdminControls';

type Lang = 'zh' | 'en';
const T = {
  tasks: { zh: '升级任务', en: 'Upgrade tasks' },
  firmware: { zh: '固件管理', en: 'Firmware' },
  upload: { zh: '上传固件', en: 'Upload firmware' },
  create: { zh: '新建升级任务', en: 'New upgrade task' },
  submit: { zh: '提交审核', en: 'Submit for audit' },
  done: { zh: '完成', en: 'Done' },
  approve: { zh: '通过', en: 'Approve' },
  detail: { zh: '升级任务 #', en: 'Upgrade task #' },
  filter: { zh: '按名称、编码或项目筛选', en: 'Filter by name, code or project' },
} as const;

/**
 * 固件升级 (src/features/admin/upgrades/): the page (`[data-upgrade-page]`) with its two tabs, the
 * upload dialog (progress, then the server's MD5 in `[data-upload-md5]`), the new-task dialog, the
 * audit dialog and a task's detail drawer, whose device rows carry `data-item-state` and
 * `data-item-result`.
 */
export class UpgradePages {
  readonly root: Locator;
  readonly taskRows: Locator;

  constructor(readonly page: Page, readonly lang: Lang = 'zh') {
    this.root = page.getByRole('main').locator('[data-upgrade-page]');
    // Only the active tab's panel is not aria-hidden.
    this.taskRows = this.root.getByRole('tabpanel').locator('tbody tr.ant-table-row');
  }

  tab(name: 'tasks' | 'firmware'): Locator {
    return this.root.getByRole('tab', { name: T[name][this.lang] });
  }

  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog').filter({ has: this.page.locator('.ant-modal-title', { hasText: title }) });
  }

  /** The detail drawer of task `id`. */
  drawer(id: number): Locator {
    return this.page.getByRole('dialog', { name: `${T.detail[this.lang]}${id}`, exact: true });
  }

  /** Uploads `buffer` as firmware `fileVer` of `model`; resolves with the MD5 the dialog shows. */
  async upload(model: string, fileVer: string, name: string, buffer: Buffer): Promise<string> {
    await this.tab('firmware').click();
    await this.root.getByRole('button', { name: T.upload[this.lang] }).click();
    const dialog = this.dialog(T.upload[this.lang]);
    await pickOption(this.page, dialog.locator('#deviceModelId'), model);
    await dialog.locator('#fileVer').fill(fileVer);
    await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
    await expect(dialog.getByText(name)).toBeVisible();
    await dialog.getByRole('button', { name: T.upload[this.lang] }).click();
    const done = dialog.locator('[data-upload-md5]');
    await expect(done).toBeVisible({ timeout: 30_000 });
    const md5 = (await done.getAttribute('data-upload-md5'))!;
    await dialog.getByRole('button', { name: T.done[this.lang] }).click();
    await expect(dialog).toBeHidden();
    return md5;
  }

  /** Opens the new-task dialog with `model`, firmware `fileVer` and the devices named chosen; returns the dialog. */
  async fillTask(model: string, fileVer: string, devices: readonly string[]): Promise<Locator> {
    await this.tab('tasks').click();
    await this.root.getByRole('button', { name: T.create[this.lang] }).click();
    const dialog = this.dialog(T.create[this.lang]);
    await pickOption(this.page, dialog.locator('#upgrade-model'), model);
    await pickOption(this.page, dialog.locator('#upgrade-file'), new RegExp(`^${fileVer.replace(/\./g, '\\.')} · `));
    for (const device of devices) {
      const row = dialog.locator('tbody tr.ant-table-row').filter({ hasText: device });
      await row.getByRole('checkbox').check();
    }
    await expect(dialog.locator('[data-chosen-count]')).toContainText(String(devices.length));
    return dialog;
  }

  /** Submits the filled dialog; resolves with the new task's id (its drawer opens). */
  async submitTask(dialog: Locator): Promise<number> {
    await dialog.getByRole('button', { name: T.submit[this.lang] }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    const title = this.page.locator('.ant-drawer-title', { hasText: T.detail[this.lang] });
    await expect(title).toBeVisible();
    return Number((await title.textContent())!.replace(/\D+/g, ''));
  }

  /** Approves task `id` from its row's 审核; its drawer opens. */
  async approve(id: number, remark: string): Promise<void> {
    await this.root.locator(`[data-task-audit="${id}"]`).click();
    const dialog = this.page.getByRole('dialog').filter({ has: this.page.locator('#audit-remark') });
    await dialog.locator('#audit-remark').fill(remark);
    await dialog.locator('[data-audit="approve"]').click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(this.drawer(id)).toBeVisible();
  }
}
