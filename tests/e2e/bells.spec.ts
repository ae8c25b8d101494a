import { expect, test, type Page, type Response } from '@playwright/test';
import { ADMIN, OPERATOR } from './pages/accounts';
import { ShellPage } from './pages/ShellPage';

interface AlarmPage {
  list: { projectName: string; deviceName: string; alarmContent: string }[];
  count: number;
}

const data = async <T>(response: Response): Promise<T> => (await response.json()).data as T;
const answered = (page: Page, path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === `/api${path}`);

// The simulator raises alarms and messages all the time, so the badges are compared with the
// answers the bells themselves got.
test('the alarm badge shows the real-time alarm count and the dropdown the five newest', async ({ page }) => {
  const shell = new ShellPage(page);
  const countAnswer = answered(page, '/t_real_measure_warning/count');
  await shell.signIn(ADMIN);
  const count = await data<number>(await countAnswer);
  expect(count, 'the demo seed opens real-time alarms').toBeGreaterThan(0);
  await expect(shell.alarmBadge).toHaveText(count > 99 ? '99+' : String(count));

  const listAnswer = answered(page, '/t_real_measure_warning');
  await shell.alarmButton.click();
  const newest = await data<AlarmPage>(await listAnswer);
  await expect(shell.alarmPanel).toBeVisible();
  await expect(shell.alarmItems).toHaveCount(Math.min(5, newest.list.length));
  const first = shell.alarmItems.first();
  await expect(first).toContainText(newest.list[0].projectName);
  await expect(first).toContainText(newest.list[0].deviceName);
  await expect(first).toContainText(newest.list[0].alarmContent);
  await expect(first).toContainText(/正常|告警|离线/);

  await shell.alarmPanel.getByRole('button', { name: '查看更多' }).click();
  await expect(page).toHaveURL('/nv_intelligent_alarm/nv_realtime_alarm');
  await expect(page.getByRole('heading', { name: '实时告警' })).toBeVisible();
});

test('without real-alarm-preview, 查看更多 warns instead of navigating', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(OPERATOR);
  await shell.alarmButton.click();
  await shell.alarmPanel.getByRole('button', { name: '查看更多' }).click();

  await expect(shell.toast('请检查是否有未处理告警预览权限！')).toBeVisible();
  await expect(page).toHaveURL('/');
});

test('on a server without the alarm endpoints the bell shows no badge and 暂无实时告警', async ({ page }) => {
  const notFound = { status: 404, contentType: 'application/json', body: JSON.stringify({ success: false, error: '网络请求不存在' }) };
  await page.route('**/api/t_real_measure_warning**', (route) => route.fulfill(notFound));
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);

  await shell.alarmButton.click();
  await expect(shell.alarmPanel).toContainText('暂无实时告警');
  await expect(shell.alarmBadge).toHaveCount(0);
  await expect(shell.dialog).toHaveCount(0);
});

test('badges cap at 99+ and hide at 0', async ({ page }) => {
  const ok = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data }) });
  await page.route('**/api/t_real_measure_warning/count', (route) => route.fulfill(ok(100)));
  await page.route('**/api/t_history_message/unread-count', (route) => route.fulfill(ok(0)));
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);

  await expect(shell.alarmBadge).toHaveText('99+');
  await expect(shell.messageBadge).toHaveCount(0);
});

test('the message bell lists unread messages; opening one marks it read', async ({ page }) => {
  const shell = new ShellPage(page);
  const countAnswer = answered(page, '/t_history_message/unread-count');
  await shell.signIn(ADMIN);
  const unread = await data<number>(await countAnswer);
  expect(unread, 'the demo seed gives admin unread messages').toBeGreaterThan(1);
  await expect(shell.messageBadge).toHaveText(unread > 99 ? '99+' : String(unread));

  const listAnswer = page.waitForResponse((r) => r.url().includes('/api/t_history_message?'));
  await shell.messageButton.click();
  const list = await data<{ list: { id: number }[] }>(await listAnswer);
  expect(new URL((await listAnswer).url()).search).toBe('?Page=1&Size=5&type=0%2C5%2C6%2C8%2C9%2C12&isReaded=false');
  await expect(shell.messageItems).toHaveCount(Math.min(5, list.list.length));

  const readAnswer = answered(page, '/t_history_message/set-readed');
  const recount = answered(page, '/t_history_message/unread-count');
  await shell.messageItems.first().click();
  expect(new URL((await readAnswer).url()).searchParams.get('id')).toBe(String(list.list[0].id));
  const after = await data<number>(await recount);
  await expect(shell.messageBadge).toHaveText(after > 99 ? '99+' : String(after));

  await shell.messagePanel.getByRole('button', { name: '查看更多' }).click();
  await expect(page).toHaveURL('/nv_notice');
  await expect(page.getByRole('heading', { name: '消息通知' })).toBeVisible();
  await expect(page.getByTestId('notice-row').first()).toBeVisible();
});

test('without notice-preview, the message 查看更多 warns', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(OPERATOR);
  await shell.messageButton.click();
  await shell.messagePanel.getByRole('button', { name: '查看更多' }).click();

  await expect(shell.toast('请检查是否有消息通知预览权限！')).toBeVisible();
  await expect(page).toHaveURL('/');
});

test('with nothing unread the message dropdown says 暂无未读消息', async ({ page }) => {
  const empty = { status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: { list: [], count: 0 } }) };
  await page.route('**/api/t_history_message?**', (route) => route.fulfill(empty));
  const shell = new ShellPage(page);
  await shell.signIn(OPERATOR);
  await shell.messageButton.click();
  await expect(shell.messagePanel).toContainText('暂无未读消息');
});
