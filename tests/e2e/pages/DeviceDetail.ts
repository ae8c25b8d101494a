import { expect, type Locator, type Page } from '@playwright/test';

/** 设备详情 (/nv_monitor/nv_device_detail/{id}) and 在线数据 (/nv_monitor/nv_device_onlinedata/{id}): selectors in one place. */
export class DeviceDetailPage {
  readonly root: Locator;
  readonly freshness: Locator;
  readonly history: Locator;
  readonly chart: Locator;
  readonly shownRange: Locator;
  readonly online: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-device-detail]');
    this.freshness = this.root.locator('[data-freshness]');
    this.history = page.locator('[data-history-panel]');
    this.chart = this.history.locator('[data-history-chart]');
    this.shownRange = this.history.locator('[data-shown-range]');
    this.online = page.locator('[data-device-online]');
  }

  async open(deviceId: number | string, query = ''): Promise<void> {
    await this.page.goto(`/nv_monitor/nv_device_detail/${deviceId}${query}`);
  }

  /** A point's card in 实时数据. */
  card(name: string): Locator {
    return this.root.locator(`[data-measure="${name}"]`);
  }

  tab(name: string): Locator {
    return this.root.getByRole('tab', { name });
  }

  /** Waits until the chart has drawn the data of its current range; resolves with the point count. */
  async chartDrawn(): Promise<number> {
    await expect(this.chart).toHaveAttribute('data-history-drawn', /:\d+$/, { timeout: 20_000 });
    return Number((await this.chart.getAttribute('data-history-drawn'))!.split(':').pop());
  }

  /** The window the chart shows (epoch ms). */
  async shown(): Promise<{ from: number; to: number }> {
    return { from: Number(await this.history.getAttribute('data-shown-from')), to: Number(await this.history.getAttribute('data-shown-to')) };
  }

  /** Zooms in with the mouse wheel over the middle of the chart. */
  async zoomIn(steps = 4): Promise<void> {
    const box = (await this.chart.boundingBox())!;
    await this.page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.4);
    for (let i = 0; i < steps; i++) await this.page.mouse.wheel(0, -300);
  }
}
