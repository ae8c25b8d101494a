import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Page } from 'playwright-core';
import { ADMIN } from '../e2e/pages/accounts';
import { benchLogin, signedInContext } from './bench-api';
import { size } from './quick';
import { percentile, report } from './report';
import { benchSpareServer } from './spare-server';

const HOUR = 3_600_000;
const HOURS = 8760;
/** Loads and range changes the median is taken over (after the warm-up ones). */
const RUNS = size(7, 1);
const WARM = size(2, 0);

/**
 * A year of hourly rollups for one point, written into the stopped server's database: the
 * resistance of 上海张江's first filter, replacing the day the demo seeded. Returns its ids.
 */
function seedYear(dataDir: string): { deviceId: number; measureId: number } {
  const db = new Database(path.join(dataDir, 'nv-console.db'));
  try {
    const point = db.prepare(`SELECT d.id AS deviceId, m.id AS measureId FROM t_device d JOIN t_project p ON p.id = d.project_id
      JOIN t_measure m ON m.device_model_id = d.device_model_id WHERE p.code = 'P-SH-01' AND m.name = '阻力' ORDER BY d.id LIMIT 1`).get() as { deviceId: number; measureId: number };
    const end = Math.floor(Date.now() / HOUR) * HOUR;
    const insert = db.prepare(`INSERT INTO t_history_measure_1h (device_id, measure_id, bucket, min_value, max_value, sum_value, sample_count)
      VALUES (?, ?, ?, ?, ?, ?, 720)`);
    db.transaction(() => {
      db.prepare('DELETE FROM t_history_measure_1h WHERE device_id = ? AND measure_id = ?').run(point.deviceId, point.measureId);
      for (let i = 0; i < HOURS; i++) {
        // A filter loading over months, changed every quarter, with a daily rhythm.
        const t = end - (HOURS - i) * HOUR;
        const v = 180 + (i % 2190) * 0.1 + 15 * Math.sin((2 * Math.PI * i) / 24);
        insert.run(point.deviceId, point.measureId, t, v - 6, v + 6, v * 720);
      }
    })();
    return point;
  } finally {
    db.close();
  }
}

/**
 * The page notes when the chart has drawn the range it was asked for (`data-history-drawn`
 * becomes `<measure>:<from>:<to>:<points>` once ECharts has finished rendering it), from a
 * mutation observer, so polling from the bench does not load the page it measures.
 */
const DRAWN_PROBE = `(() => {
  window.__nvDrawn = (prefix, since, before) => new Promise((resolve) => {
    const done = () => {
      const el = document.querySelector('[data-history-chart]');
      const v = el && el.getAttribute('data-history-drawn');
      return v && v !== before && v.startsWith(prefix) && /:\\d+$/.test(v) ? v : null;
    };
    const check = () => {
      const v = done();
      if (!v) return false;
      resolve({ at: performance.now() - since, drawn: v });
      return true;
    };
    if (check()) return;
    const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
    observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-history-drawn'] });
  });
})();`;

type DrawnWindow = Window & { __nvDrawn(prefix: string, since: number, before: string): Promise<{ at: number; drawn: string }> };

/** From navigation start to the year drawn: the page, its chunks, the detail, the year's points, the chart. */
async function coldLoad(page: Page, url: string, prefix: string): Promise<number> {
  await page.addInitScript({ content: DRAWN_PROBE });
  await page.goto(url, { waitUntil: 'commit' });
  const r = await page.evaluate((p) => (window as unknown as DrawnWindow).__nvDrawn(p, 0, ''), prefix);
  return r.at;
}

/** From the click on 1年 to the year drawn, on a page showing another range. */
async function rangeChange(page: Page, prefix: string): Promise<number> {
  return page.evaluate(async (p) => {
    const button = [...document.querySelectorAll('[data-history-panel] .ant-segmented-item')].find((el) => el.textContent?.trim() === '1年') as HTMLElement;
    const before = document.querySelector('[data-history-chart]')?.getAttribute('data-history-drawn') ?? '';
    const since = performance.now();
    button.click();
    const r = await (window as unknown as DrawnWindow).__nvDrawn(p, since, before);
    return r.at;
  }, prefix);
}

/**
 * 设备详情's chart over one year of one point (8,760 hourly rollups) in real Chromium against the
 * real server: the server merges them into buckets that fit the chart's point budget, the page
 * draws them. Budget ≤ 1 s from navigation to the chart drawn, and from a range change to it.
 */
export async function benchDeviceDetail(): Promise<void> {
  const server = await benchSpareServer();
  const base = server.baseURL;
  await server.start();
  await server.stop();
  const { deviceId, measureId } = seedYear(server.dataDir);
  await server.start();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const token = await benchLogin(base, ADMIN);
    const detailUrl = (range: string) => `${base}/nv_monitor/nv_device_detail/${deviceId}?tab=history&measure=${measureId}&range=${range}`;
    // The year's key starts with the measure; its `from` is a year before the minute it was asked.
    const yearPrefix = `${measureId}:`;
    const loads: number[] = [];
    const changes: number[] = [];
    let points = '';
    for (let i = 0; i < WARM + RUNS; i++) {
      const context = await signedInContext(browser, base, token);
      const page = await context.newPage();
      const ms = await coldLoad(page, detailUrl('1y'), yearPrefix);
      points = (await page.getAttribute('[data-history-chart]', 'data-history-drawn')) ?? '';
      // Then another range, and back to the year by its button.
      await page.evaluate(() => {
        const button = [...document.querySelectorAll('[data-history-panel] .ant-segmented-item')].find((el) => el.textContent?.trim() === '24小时') as HTMLElement;
        button.click();
      });
      await page.waitForFunction((year) => {
        const v = document.querySelector('[data-history-chart]')?.getAttribute('data-history-drawn') ?? '';
        return /:\d+$/.test(v) && v !== year;
      }, points, { timeout: 30_000 });
      const change = await rangeChange(page, yearPrefix);
      if (i >= WARM) {
        loads.push(ms);
        changes.push(change);
      }
      await context.close();
    }
    const count = points.split(':').pop();
    report('device-detail-chart-1y-load-median', percentile(loads, 50), `ms (${count} points of ${HOURS} hours; ${loads.map((x) => x.toFixed(0)).join(' ')})`, { max: 1000 });
    report('device-detail-chart-1y-range-change-median', percentile(changes, 50), `ms (${changes.map((x) => x.toFixed(0)).join(' ')})`, { max: 1000 });
  } finally {
    await browser.close();
    await server.dispose();
  }
}
