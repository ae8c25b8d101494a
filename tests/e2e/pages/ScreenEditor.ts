import { expect, type Locator, type Page } from '@playwright/test';

/** The template library (/nv_screen_graph_lib, 大屏管理) as a user sees it. */
export class ScreenLibrary {
  constructor(readonly page: Page) {}

  card(name: string): Locator {
    return this.page.locator(`[data-template-card="${name}"]`);
  }

  /** Opens the library; the super layout's settings panel (open there by default) is closed so it covers no card. */
  async open(): Promise<void> {
    await this.page.goto('/nv_screen_graph_lib');
    await expect(this.page.locator('[data-page="screen-library"]')).toBeVisible({ timeout: 30_000 });
    const settings = this.page.getByTestId('settings-panel');
    await settings.getByRole('button', { name: /^(关闭|Close)$/ }).click();
    await expect(settings).toBeHidden();
  }

  /** Picks an entry of a card's 更多 menu. */
  async more(name: string, entry: string): Promise<void> {
    await this.card(name).getByRole('button', { name: '更多' }).click();
    await this.page.getByRole('menuitem', { name: entry, exact: true }).click();
  }

  /** 新建模板 from a blank 1920×1080 canvas; lands in the editor. */
  async createBlank(name: string): Promise<void> {
    await this.page.getByRole('button', { name: '新建模板' }).click();
    const dialog = this.page.getByRole('dialog', { name: '新建模板' });
    await dialog.getByLabel('模板名称').fill(name);
    await dialog.getByRole('button', { name: '创建并编辑' }).click();
    await expect(this.page).toHaveURL(/\/nv_screen_graph_editor\?id=\d+$/);
  }
}

/** The visual editor (/nv_screen_graph_editor?id=). */
export class ScreenEditor {
  readonly stage: Locator;
  readonly viewport: Locator;
  readonly widgets: Locator;
  readonly saveStatus: Locator;
  readonly properties: Locator;

  constructor(readonly page: Page) {
    this.stage = page.locator('[data-editor-stage]');
    this.viewport = page.locator('[data-editor-viewport]');
    this.widgets = page.locator('[data-editor-widget]');
    this.saveStatus = page.locator('[data-save-status]');
    this.properties = page.locator('[data-editor-properties]');
  }

  widget(id: string): Locator {
    return this.page.locator(`[data-editor-widget="${id}"]`);
  }

  async expectLoaded(): Promise<void> {
    await expect(this.stage).toBeVisible({ timeout: 30_000 });
  }

  /** Drags a palette entry onto the canvas at design coordinates (x, y); answers the new widget's id. */
  async dropFromPalette(type: string, x: number, y: number): Promise<string> {
    const before = await this.widgetIds();
    const at = await this.toScreen(x, y);
    const box = (await this.viewport.boundingBox())!;
    await this.page.locator(`[data-palette="${type}"]`).dragTo(this.viewport, { targetPosition: { x: at.x - box.x, y: at.y - box.y } });
    await expect.poll(async () => (await this.widgetIds()).length).toBe(before.length + 1);
    return (await this.widgetIds()).find((id) => !before.includes(id))!;
  }

  async widgetIds(): Promise<string[]> {
    return this.widgets.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.editorWidget!));
  }

  /** A widget's rectangle in design pixels, as the document holds it. */
  async rect(id: string): Promise<{ x: number; y: number; w: number; h: number }> {
    return this.widget(id).evaluate((el) => {
      const s = (el as HTMLElement).style;
      return { x: parseFloat(s.left), y: parseFloat(s.top), w: parseFloat(s.width), h: parseFloat(s.height) };
    });
  }

  /** The zoom of the canvas (its screen width over its design width). */
  async zoom(): Promise<number> {
    return this.stage.evaluate((el) => el.getBoundingClientRect().width / (el as HTMLElement).offsetWidth);
  }

  /** Screen coordinates of a design point. */
  async toScreen(x: number, y: number): Promise<{ x: number; y: number }> {
    const box = (await this.stage.boundingBox())!;
    const zoom = await this.zoom();
    return { x: box.x + x * zoom, y: box.y + y * zoom };
  }

  /** Drags a widget by (dx, dy) screen pixels with the mouse, in small steps as a hand would. */
  async dragBy(id: string, dx: number, dy: number): Promise<void> {
    const box = (await this.widget(id).boundingBox())!;
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.page.mouse.move(start.x + dx, start.y + dy, { steps: 12 });
    await this.page.mouse.up();
  }

  button(name: string): Locator {
    return this.page.locator('[data-editor-toolbar]').getByRole('button', { name, exact: true });
  }
}
