import type { Locator, Page } from '@playwright/test';
import { pickOption } from './AdminControls';
import { ResourceListPage } from './ResourceListPage';

/**
 * 设备列表 / 物联网设备 (src/features/admin/devices/): the kit's device list with its counts, the
 * row's 更多 menu (复制, 设置项目, 更换型号), 告警设置, and the import and change-model dialogs.
 */
export class DeviceAdminPage {
  readonly list: ResourceListPage;
  readonly counts: Locator;
  readonly changeModel: Locator;
  readonly unmapped: Locator;
  readonly importDialog: Locator;
  readonly importProblems: Locator;
  readonly alarmSettings: Locator;

  constructor(readonly page: Page) {
    this.list = new ResourceListPage(page, 't_device');
    this.counts = page.getByTestId('device-counts');
    this.changeModel = page.getByRole('dialog').filter({ has: page.getByTestId('change-model') });
    this.unmapped = page.getByTestId('unmapped-points');
    this.importDialog = page.getByRole('dialog').filter({ has: page.getByTestId('device-import') });
    this.importProblems = page.getByTestId('import-problems');
    this.alarmSettings = page.getByTestId('alarm-settings');
  }

  /** A select of the form drawer, by its label. */
  async pick(label: string, option: string): Promise<void> {
    await pickOption(this.page, this.list.field(label), option);
  }

  /** The row action `name` of the row holding `text` (更多 › 更换型号, …). */
  async rowMenu(text: string, more: string, name: string): Promise<void> {
    await this.list.row(text).getByRole('button', { name: more }).click();
    await this.page.getByRole('menuitem', { name, exact: true }).click();
  }
}
