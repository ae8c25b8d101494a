import ExcelJS from 'exceljs';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { AlarmPageShots } from './pages/AlarmPageShots';
import { BellAlarms, HistoryAlarmList, RealtimeAlarmList, WallTicker } from './pages/AlarmPages';
import { apiGet, apiPost, browserSignIn } from './pages/api';
import { lookTags } from './pages/consoleLook';

/**
 * Issue 19's intelligent alarm pages, as staff use them: a haze drill makes the simulator raise PM
 * alarms at 杭州未来科技城办公楼; they arrive over the hub in 实时告警, in the bell and on the wall's
 * 实时告警 ticker, which show the same newest alarm (one truth); the alarm is acknowledged, then dealt
 * with in 历史告警 with a remark (a second deal is refused), its delivery log is opened and the
 * filtered range is exported. The project's alarm contact has a webhook at a receiver the test
 * starts: the alarm arrives there too, signed with the contact's secret. Screenshots:
 * test-results/screenshots/alarms19-*.png.
 */

/** A webhook receiver on this machine: every POST it takes, with its headers and exact body. */
async function startWebhookReceiver(): Promise<{ url: string; calls: { headers: http.IncomingHttpHeaders; body: string }[]; close(): Promise<void> }> {
  const calls: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => { body += chunk; });
    req.on('end', () => {
      if (req.method === 'POST') calls.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/nv-alarms`, calls,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const WEBHOOK_SECRET = 'e2e-webhook-secret-2026';

const SHOTS = 'test-results/screenshots';
const HAZE_PROJECT = '杭州未来科技城办公楼';

interface Named { id: number; name: string }
interface RealRow { id: number; deviceId: number; projectName: string; deviceName: string; raisedAt: number; alarmContent: string }
interface HistoryRow { id: number; deviceId: number; raisedAt: number; dealedAt: number | null }

test.describe.configure({ timeout: 180_000 });

test('a drilled alarm reaches 实时告警, the bell and the wall alike, is acknowledged, dealt with and exported', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const projects = await apiGet<Named[]>(request, token, '/t_project/names');
  const project = projects.find((p) => p.name === HAZE_PROJECT)!;
  expect(project, 'the demo has the haze project').toBeDefined();

  const list = new RealtimeAlarmList(page);
  const bell = new BellAlarms(page);
  const wall = await page.context().newPage();
  const ticker = new WallTicker(wall);
  await ticker.open();
  await list.open();
  await bell.open();
  const before = (await apiGet<{ list: RealRow[] }>(request, token, '/t_real_measure_warning?Page=1&Size=1')).list[0]?.id ?? 0;

  // The project's alarm contacts gain one with a webhook at a receiver of the test's own.
  const receiver = await startWebhookReceiver();
  type Assigned = { id: number; warnLevels: number[]; escalationLevel: number };
  const assigned = await apiGet<Assigned[]>(request, token, `/t_project_contacts?projectId=${project.id}`);
  const contact = await apiPost(request, token, '/t_contacts/save', { name: `E2E 值班 Webhook ${Date.now() % 100000}`, webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
  expect(contact.success, JSON.stringify(contact)).toBe(true);
  const contacts = [...assigned.map((c) => ({ contactId: c.id, warnLevels: c.warnLevels, escalationLevel: c.escalationLevel })), { contactId: contact.data.id, warnLevels: [0, 1, 2], escalationLevel: 0 }];
  expect((await apiPost(request, token, '/t_project_contacts/save', { projectId: project.id, contacts })).success).toBe(true);
  try {
    let raised: RealRow | undefined;
    await test.step('the drill raises alarms; the list, the bell and the ticker show the same newest alarm', async () => {
      const drill = await apiPost(request, token, '/sim/drill/haze', { projectId: project.id, minutes: 2, level: 5 });
      expect(drill.success, JSON.stringify(drill)).toBe(true);
      await expect.poll(async () => {
        const newest = (await apiGet<{ list: RealRow[] }>(request, token, `/t_real_measure_warning?Page=1&Size=1&projectId=${project.id}`)).list[0];
        raised = newest && newest.id > before ? newest : undefined;
        return raised?.id ?? 0;
      }, { timeout: 60_000 }).toBeGreaterThan(before);
      // No polling in the pages: the rows come over the hub. All three agree on the newest.
      await expect(async () => {
        const ids = [await list.newestId(), await bell.newestId(), await ticker.newestId()];
        expect(ids[0]).toBeGreaterThanOrEqual(raised!.id);
        expect(ids).toEqual([ids[0], ids[0], ids[0]]);
      }).toPass({ timeout: 15_000 });
      await expect(list.row(raised!.id)).toContainText(raised!.alarmContent);
      await expect(wall.locator(`[data-screen-widget="ticker"] [data-alarm-id="${raised!.id}"]`)).toContainText(raised!.deviceName);
      await page.keyboard.press('Escape');
      await page.mouse.click(960, 1000);
    });

    await test.step('the alarm leaves the building: the contact\'s webhook receives it, signed with the contact\'s secret', async () => {
      await expect.poll(() => receiver.calls.filter((c) => c.body.includes(raised!.deviceName)).length, { timeout: 60_000 }).toBeGreaterThan(0);
      const call = receiver.calls.find((c) => c.body.includes(raised!.deviceName))!;
      const timestamp = String(call.headers['x-nv-timestamp']);
      const expected = `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${call.body}`, 'utf8').digest('hex')}`;
      expect(call.headers['x-nv-signature']).toBe(expected);
      expect(call.headers['x-nv-delivery']).toBeTruthy();
      expect(JSON.stringify(JSON.parse(call.body))).toContain(HAZE_PROJECT);
    });

    await test.step('filters by project and level; acknowledging marks the row and stops escalation', async () => {
      await list.open(`?project=${project.id}`);
      await expect(list.row(raised!.id)).toBeVisible();
      for (const row of await list.rows.all()) await expect(row).toContainText(HAZE_PROJECT);
      await page.mouse.move(1919, 1079);
      await page.screenshot({ path: `${SHOTS}/alarms19-realtime-flow.png` });
      await list.row(raised!.id).getByRole('button', { name: '确认' }).click();
      await expect(page.getByText('已确认 1 条告警')).toBeVisible();
      await expect(list.row(raised!.id)).toContainText('已确认');
      const again = await apiPost(request, token, '/t_real_measure_warning/ack', { ids: [raised!.id] });
      expect(again.success).toBe(false);
    });

    const history = new HistoryAlarmList(page);
    let historyId = 0;
    await test.step('历史告警: deal with it with a remark, once', async () => {
      const rows = (await apiGet<{ list: HistoryRow[] }>(request, token, `/t_history_measure_warning?Page=1&Size=50&deviceId=${raised!.deviceId}`)).list;
      historyId = rows.find((r) => r.raisedAt === raised!.raisedAt)!.id;
      await history.open(`?project=${project.id}&state=undealed`);
      const row = history.row(historyId);
      await expect(row).toContainText('已确认');
      await row.getByRole('button', { name: '处理' }).click();
      const dialog = page.getByRole('dialog', { name: /处理告警/ });
      await dialog.getByRole('button', { name: '处理' }).click();
      await expect(dialog).toContainText('请填写处理备注');
      await dialog.getByTestId('deal-remark').fill('雾霾演练：已关闭新风，复查正常');
      await dialog.getByRole('button', { name: '处理' }).click();
      await expect(page.getByText('已处理 1 条告警')).toBeVisible();
      await expect(dialog).toBeHidden();
      // Dealt with: it leaves the 未处理 view, shows as 已处理 with its remark, and cannot be dealt with again.
      await expect(row).toBeHidden();
      await history.open(`?project=${project.id}&state=dealed`);
      await expect(history.row(historyId)).toContainText('雾霾演练：已关闭新风，复查正常');
      await expect(history.row(historyId).getByRole('button', { name: '处理' })).toHaveCount(0);
      const twice = await apiPost(request, token, '/t_history_measure_warning/deal', { ids: [historyId], remark: '再次处理' });
      expect(twice).toMatchObject({ success: false, error: '告警已处理，不能重复处理' });
    });

    await test.step('its details show the delivery log; the filtered range exports to .xlsx', async () => {
      await history.row(historyId).getByRole('button', { name: '详情' }).click();
      await expect(history.drawer).toContainText('通知记录');
      await expect(history.drawer).toContainText('雾霾演练：已关闭新风，复查正常');
      await expect(history.drawer.getByTestId('notification-log').or(history.drawer.getByText(/没有发出通知/))).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/alarms19-history-detail-flow.png` });
      await history.drawer.getByRole('button', { name: /close|关闭/i }).first().click();
      await expect(history.drawer).toBeHidden();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^历史告警-\d{8}-\d{6}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await download.path())!);
      const rows = (workbook.worksheets[0].getSheetValues().slice(1) as string[][]).map((r) => r.slice(1));
      expect(rows[0]).toEqual(expect.arrayContaining(['告警级别', '告警时间', '项目', '设备', '告警内容', '处理备注']));
      const dealt = await apiGet<{ count: number }>(request, token, `/t_history_measure_warning?Page=1&Size=1&projectId=${project.id}&state=dealed`);
      expect(rows.length - 1).toBe(dealt.count);
      expect(rows.some((r) => r.includes('雾霾演练：已关闭新风，复查正常'))).toBe(true);
    });
  } finally {
    // The project's contacts as they were; the test's contact and receiver gone.
    await apiPost(request, token, '/t_project_contacts/save', { projectId: project.id, contacts: contacts.slice(0, -1) });
    await apiPost(request, token, `/t_contacts/del/${contact.data.id}`);
    await receiver.close();
    await wall.close();
  }
});

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`the alarm pages look finished at 1920×1080 and 3840×2160, ${theme}, ${language}`, lookTags('alarm-pages', theme, language), async ({ page, request, baseURL }) => {
      fs.mkdirSync(SHOTS, { recursive: true });
      const shots = new AlarmPageShots(page, theme, language);
      await shots.prepare();
      await browserSignIn(page, request, ADMIN, baseURL!);
      for (const size of [{ width: 1920, height: 1080, name: '1080p' }, { width: 3840, height: 2160, name: '2160p' }]) {
        await page.setViewportSize(size);
        await shoot(page, shots, size.name);
      }
    });
  }
}

async function shoot(page: Page, shots: AlarmPageShots, size: string): Promise<void> {
  const list = new RealtimeAlarmList(page);
  await list.open();
  await expect(list.rows.first()).toBeVisible();
  await shots.take(`realtime-${size}`);
  const history = new HistoryAlarmList(page);
  await history.open();
  await expect(history.table.locator('tbody tr[data-alarm-id]').first()).toBeVisible();
  await shots.take(`history-${size}`);
  await history.table.locator('tbody tr[data-alarm-id]').first().getByRole('button', { name: /详情|Details/ }).click();
  await expect(history.drawer).toBeVisible();
  await expect(history.drawer.getByTestId('notification-log').or(history.drawer.locator('.ant-empty'))).toBeVisible();
  await shots.take(`detail-${size}`);
}
