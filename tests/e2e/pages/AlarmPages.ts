import { expect, type Locator, type Page } from '@playwright/test';

export const REALTIME_ALARM_PATH = '/nv_intelligent_alarm/nv_realtime_alarm';
export const HISTORY_ALARM_PATH = '/nv_intelligent_alarm/nv_history_alarm';

/** The first alarm id in `rows` (elements carrying data-alarm-id), or null. */
async function firstId(rows: Locator): Promise<number | null> {
  const id = await rows.first().getAttribute('data-alarm-id', { timeout: 1_000 }).catch(() => null);
  return id === null ? null : Number(id);
}

/** 实时告警: the live list, its rows by alarm id, acknowledging. */
export class RealtimeAlarmList {
  readonly table: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('realtime-alarms');
    this.rows = this.table.locator('tbody tr[data-alarm-id]');
  }

  async open(query = ''): Promise<void> {
    await this.page.goto(`${REALTIME_ALARM_PATH}${query}`);
    await expect(this.table).toBeVisible();
  }

  row(id: number): Locator {
    return this.table.locator(`tbody tr[data-alarm-id="${id}"]`);
  }

  newestId(): Promise<number | null> {
    return firstId(this.rows);
  }
}

/** The top bar's bell dropdown (open): its items by alarm id. */
export class BellAlarms {
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.items = page.getByTestId('alarm-item');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('alarm-bell').getByRole('button').first().click();
    await expect(this.page.getByRole('region', { name: /实时告警|Real-time alarms/ })).toBeVisible();
  }

  newestId(): Promise<number | null> {
    return firstId(this.items);
  }
}

/** The wall's 实时告警 ticker on /monitor (the demo wall's widget `ticker`). */
export class WallTicker {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('[data-screen-widget="ticker"] [data-alarm-id]');
  }

  async open(): Promise<void> {
    await this.page.goto('/monitor');
    await expect(this.page.locator('[data-screen-widget="ticker"]')).toBeVisible({ timeout: 20_000 });
  }

  newestId(): Promise<number | null> {
    return firstId(this.rows);
  }
}

/** 历史告警: rows by history id, dealing, details, export. */
export class HistoryAlarmList {
  readonly table: Locator;
  readonly drawer: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('history-alarms');
    this.drawer = page.getByRole('dialog', { name: /告警详情|Alarm details/ });
  }

  async open(query = ''): Promise<void> {
    await this.page.goto(`${HISTORY_ALARM_PATH}${query}`);
    await expect(this.table).toBeVisible();
  }

  row(id: number): Locator {
    return this.table.locator(`tbody tr[data-alarm-id="${id}"]`);
  }
}
