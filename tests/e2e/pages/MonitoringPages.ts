import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiGet, apiPost } from './api';
import { pickOption } from './AdminControls';

/** 项目监控 (/nv_project_monitor/nv_project_monitor): the full-window page of one project. */
export class ProjectMonitorPage {
  static readonly path = '/nv_project_monitor/nv_project_monitor';
  readonly root: Locator;
  readonly project: Locator;
  readonly status: Locator;
  readonly alarms: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-page="nv_project_monitor"]');
    this.project = page.getByRole('combobox', { name: /项目|Project/ });
    this.status = page.locator('[data-monitor-status]');
    this.alarms = page.locator('[data-monitor-alarms]');
  }

  async pickProject(name: string): Promise<void> {
    await this.project.selectOption({ label: name });
    await expect(this.status).toBeVisible();
  }

  count(key: 'total' | 'online' | 'alarm' | 'offline'): Locator {
    return this.root.locator(`[data-monitor-count="${key}"] [data-count-value]`);
  }

  device(deviceId: number): Locator {
    return this.root.locator(`[data-monitor-measures] tr[data-device-id="${deviceId}"]`);
  }

  /** A device's key value of measure tag `tag` (SPEC §3 ids: 2 PM2.5, 3 PM10, …). */
  value(deviceId: number, tag: number): Locator {
    return this.device(deviceId).locator(`td[data-tag="${tag}"]`);
  }
}

/** 设备监控 (/nv_monitor/nv_device_monitor): the live device cards or list. */
export class DeviceMonitorPage {
  static readonly path = '/nv_monitor/nv_device_monitor';
  readonly root: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-device-monitor]');
    this.status = this.root.locator('[data-monitor-status]');
  }

  async pick(label: string, option: string): Promise<void> {
    await pickOption(this.page, this.root.getByLabel(label, { exact: true }), option);
  }

  async search(keyword: string): Promise<void> {
    const box = this.root.getByRole('searchbox');
    await box.fill(keyword);
    await box.press('Enter');
  }

  tile(key: 'total' | 'online' | 'alarm' | 'offline'): Locator {
    return this.root.locator(`[data-monitor-count="${key}"]`);
  }

  /** A device's card (grid view) or row (list view). */
  device(deviceId: number): Locator {
    return this.root.locator(`[data-device-id="${deviceId}"]`);
  }

  shown(): Locator {
    return this.root.locator('[data-device-id]');
  }
}

/** A device of the demo's NV-S200 air sensor (PM2.5 alarms at 75) in a project, created for a test and removed after it. */
export class TestSensor {
  private constructor(readonly request: APIRequestContext, readonly token: string, readonly id: number, readonly code: string, readonly name: string) {}

  static async create(request: APIRequestContext, token: string, projectName: string, label: string): Promise<TestSensor> {
    const projects = await apiGet<{ id: number; name: string }[]>(request, token, '/t_project/names');
    const models = await apiGet<{ id: number; name: string }[]>(request, token, '/t_device_model/names');
    const projectId = projects.find((p) => p.name === projectName)?.id;
    const deviceModelId = models.find((m) => m.name.startsWith('NV-S200'))?.id;
    expect(projectId && deviceModelId, 'the demo project and the NV-S200 model').toBeTruthy();
    const code = `E2E-MON-${label}-${Date.now() % 1_000_000}`;
    const name = `E2E 监控传感器 ${label}`;
    const saved = await apiPost(request, token, '/t_device/save', { name, code, projectId, deviceModelId });
    expect(saved.success, JSON.stringify(saved)).toBe(true);
    return new TestSensor(request, token, saved.data.id as number, code, name);
  }

  /** Sends PM2.5 samples (tag 2) through the real ingest path, each a second after the last. */
  async sendPm25(values: number[], from = Date.now()): Promise<number> {
    const items = values.map((value, i) => ({ deviceId: this.id, tag: 2, value, ts: from + i * 1000 }));
    const body = await apiPost(this.request, this.token, '/ingest', { items });
    expect(body.success, JSON.stringify(body)).toBe(true);
    expect(body.data).toMatchObject({ accepted: items.length, rejected: [] });
    return from + values.length * 1000;
  }

  async remove(): Promise<void> {
    const body = await apiPost(this.request, this.token, `/t_device/del/${this.id}`);
    expect(body.success, JSON.stringify(body)).toBe(true);
  }
}
