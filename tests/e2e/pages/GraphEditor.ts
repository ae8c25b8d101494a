import { expect, type Locator, type Page } from '@playwright/test';

/** 组态管理 (/nv_project/nv_project_graph): the project-graph page and its maxGraph editor. */
export class GraphEditorPage {
  static readonly path = '/nv_project/nv_project_graph';

  readonly project: Locator;
  readonly graphTabs: Locator;
  readonly createButton: Locator;
  readonly nameDialog: Locator;
  readonly nameInput: Locator;
  readonly nameOk: Locator;
  readonly editor: Locator;
  readonly canvas: Locator;
  readonly palette: Locator;
  readonly save: Locator;
  readonly dirty: Locator;
  readonly error: Locator;
  readonly removed: Locator;
  readonly readOnlyNotice: Locator;
  readonly zoomFit: Locator;
  readonly connectTool: Locator;
  readonly undoTool: Locator;
  readonly binding: Locator;
  readonly bindingLabel: Locator;
  readonly deviceSearch: Locator;
  readonly device: Locator;
  readonly measure: Locator;
  readonly format: Locator;
  readonly unit: Locator;
  readonly apply: Locator;

  constructor(readonly page: Page) {
    this.project = page.getByTestId('graph-project');
    this.graphTabs = page.getByTestId('graph-list').getByRole('tab');
    this.createButton = page.getByRole('button', { name: '+ 新建组态' });
    this.nameDialog = page.getByTestId('graph-name-dialog');
    this.nameInput = this.nameDialog.getByLabel('组态名称');
    this.nameOk = this.nameDialog.getByRole('button', { name: '确定' });
    this.editor = page.getByTestId('graph-editor');
    this.canvas = page.getByTestId('graph-canvas');
    this.palette = page.getByTestId('graph-palette');
    this.save = page.getByTestId('graph-save');
    this.dirty = page.getByTestId('graph-dirty');
    this.error = page.getByTestId('graph-error');
    this.removed = page.getByTestId('graph-removed');
    this.readOnlyNotice = page.getByTestId('graph-readonly');
    this.zoomFit = page.getByRole('button', { name: '适应窗口' });
    this.connectTool = page.getByRole('button', { name: '连接所选两个图元' });
    this.undoTool = page.getByRole('button', { name: '撤销 (Ctrl+Z)' });
    this.binding = page.getByTestId('graph-binding');
    this.bindingLabel = page.getByTestId('binding-label');
    this.deviceSearch = page.getByTestId('binding-device-search');
    this.device = page.getByTestId('binding-device');
    this.measure = page.getByTestId('binding-measure');
    this.format = page.getByTestId('binding-format');
    this.unit = page.getByTestId('binding-unit');
    this.apply = page.getByTestId('binding-apply');
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`${GraphEditorPage.path}${query}`);
    await expect(this.project).toBeVisible();
  }

  tab(name: string): Locator {
    return this.page.getByTestId('graph-list').getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  paletteItem(symbol: string): Locator {
    return this.palette.locator(`[data-symbol="${symbol}"]`);
  }

  /** A label drawn on the canvas (maxGraph writes plain labels as SVG text). */
  label(text: string): Locator {
    return this.canvas.locator('svg text', { hasText: text });
  }

  async createGraph(name: string): Promise<void> {
    await this.createButton.click();
    await this.nameInput.fill(name);
    await this.nameOk.click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
    await expect(this.canvas).toBeVisible();
  }

  /** Drags a palette symbol onto the canvas, its centre at (x, y) relative to the canvas. */
  async dropSymbol(symbol: string, x: number, y: number): Promise<void> {
    await this.paletteItem(symbol).dragTo(this.canvas, { targetPosition: { x, y } });
  }

  /** Drags with the mouse between two points of the canvas (connects when it starts on a symbol's centre). */
  async dragOnCanvas(from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    const box = (await this.canvas.boundingBox())!;
    const mouse = this.page.mouse;
    await mouse.move(box.x + from.x - 10, box.y + from.y);
    await mouse.move(box.x + from.x, box.y + from.y, { steps: 5 });
    await mouse.down();
    await mouse.move(box.x + (from.x + to.x) / 2, box.y + (from.y + to.y) / 2, { steps: 8 });
    await mouse.move(box.x + to.x, box.y + to.y, { steps: 8 });
    await mouse.up();
  }

  async clickCanvas(x: number, y: number, modifiers: ('Control' | 'Shift')[] = []): Promise<void> {
    await this.canvas.click({ position: { x, y }, modifiers });
  }

  get renameButton(): Locator {
    return this.page.getByRole('button', { name: '重命名', exact: true });
  }

  get setDefaultButton(): Locator {
    return this.page.getByRole('button', { name: '设为默认', exact: true });
  }

  get deleteButton(): Locator {
    return this.page.getByRole('button', { name: '删除', exact: true });
  }

  get activeToggle(): Locator {
    return this.page.getByTestId('graph-active');
  }

  get confirmDialog(): Locator {
    return this.page.getByTestId('graph-confirm-dialog');
  }

  /** A toolbar button by its tooltip text. */
  tool(name: string): Locator {
    return this.editor.getByRole('toolbar').getByRole('button', { name, exact: true });
  }

  get zoomText(): Locator {
    return this.page.getByTestId('graph-zoom');
  }

  get layers(): Locator {
    return this.page.getByTestId('graph-layers').locator('li');
  }

  layer(name: string): Locator {
    return this.page.getByTestId('graph-layers').locator(`li[data-layer="${name}"]`);
  }

  get addLayer(): Locator {
    return this.page.getByTestId('graph-layers').getByRole('button', { name: '+ 新建图层' });
  }

  /** Sends a key to the canvas (the editor's shortcuts act while it has the focus). */
  async press(key: string): Promise<void> {
    await this.canvas.focus();
    await this.page.keyboard.press(key);
  }
}
