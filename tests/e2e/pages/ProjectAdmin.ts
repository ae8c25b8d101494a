import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './AdminControls';
import { ResourceListPage } from './ResourceListPage';

/**
 * The project pages (src/features/admin/projects/): 项目列表 (the kit's list, its counts, the map
 * view and the form's place picker), 项目成员 and 关联设备.
 */
export class ProjectAdminPage {
  readonly list: ResourceListPage;
  readonly counts: Locator;
  readonly map: Locator;
  readonly mapCard: Locator;
  readonly pickedPlace: Locator;
  readonly locateNote: Locator;
  readonly members: Locator;
  readonly addMembers: Locator;
  readonly transfer: Locator;
  readonly gatewayDrawer: Locator;

  constructor(readonly page: Page) {
    this.list = new ResourceListPage(page, 't_project');
    this.counts = page.getByTestId('project-counts');
    this.map = page.getByTestId('project-map');
    this.mapCard = page.getByTestId('map-project-card');
    this.pickedPlace = page.getByTestId('picked-place');
    this.locateNote = page.getByTestId('locate-note');
    this.members = page.getByRole('main').locator('.ant-table').first();
    this.addMembers = page.getByRole('dialog').filter({ hasText: /添加成员到|Add members to/ });
    this.transfer = page.locator('.ant-transfer');
    this.gatewayDrawer = page.locator('.ant-drawer-open').getByRole('dialog');
  }

  /** The list / map switch's option `name`. */
  view(name: string): Locator {
    return this.page.locator('.ant-segmented-item').filter({ hasText: name });
  }

  /** A select of the form drawer, by its label. */
  async pick(label: string, option: string): Promise<void> {
    await pickOption(this.page, this.list.field(label), option);
  }

  /** Clicks the form's map at a fraction of its width and height (a place on land near the middle of China). */
  async clickMap(x = 0.55, y = 0.5): Promise<void> {
    const map = this.list.drawer.getByTestId('project-map');
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator('canvas').first()).toBeVisible();
    await expect(map).toHaveAttribute('data-echart', 'drawn');
    const box = (await map.boundingBox())!;
    await this.page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  }

  /** The row action `name` of the project `text` (成员, 关联设备, or 更多 › `name`). */
  async rowAction(text: string, name: string, more?: string): Promise<void> {
    const row = this.list.row(text);
    if (more) {
      await row.getByRole('button', { name: new RegExp(`^${more}`) }).click();
      await this.page.getByRole('menuitem', { name, exact: true }).click();
    } else {
      await row.getByRole('button', { name, exact: true }).click();
    }
  }

  /** One side of the transfer list: 0 left (outside the project), 1 right (the project's). */
  side(index: 0 | 1): Locator {
    return this.transfer.locator('.ant-transfer-section').nth(index);
  }

  transferItem(index: 0 | 1, text: string): Locator {
    return this.side(index).locator('.ant-transfer-list-content-item').filter({ hasText: text });
  }
}
