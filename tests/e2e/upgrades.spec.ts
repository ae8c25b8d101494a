import { createHash } from 'node:crypto';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, OPERATOR } from './pages/accounts';
import { pickOption } from './pages/AdminControls';
import { apiGet, apiLogin, apiPost, browserSignIn } from './pages/api';
import { UpgradePages } from './pages/UpgradePages';
import { lookTags } from './pages/consoleLook';

/**
 * Issue 18's firmware upgrade as its users work it: the administrator uploads a firmware (its
 * progress, then the MD5 the server computed), makes an upgrade task for three sensors of 上海张江,
 * and the site's operator — who holds the audit right, never for their own tasks — approves it;
 * the simulated gateways answer within seconds and the task's drawer shows each device's outcome
 * live: the demo's third sensor already runs a newer firmware and answers 已是最新版本. A debug
 * window is asked for, approved by the other and ended. Then each page at 1920×1080, dark and
 * light, Chinese and English (test-results/screenshots/upgrade18-<page>-<theme>-<lang>.png).
 * What the tests make (firmware, tasks) is deleted at the end; debug requests stay as history.
 */

const SHOTS = 'test-results/screenshots';
const SENSOR = 'NV-S200 空气质量传感器';
const SH_SENSORS = ['上海空气传感器-01', '上海空气传感器-02', '上海空气传感器-03'];
/** Between the demo's V1.2.0 and the V2.1.0 its last sensor per project already runs; unique per run (a model takes a version once). */
const version = () => `V2.0.${Math.floor(Date.now() / 1000) % 100_000_000}`;
const image = (size: number, seed: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 131 + seed) % 256));
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

interface TaskRecord { id: number; state: string; remark: string; items: { deviceName: string; state: string; code: number | null }[] }
interface Firmware { id: number; remark: string }

const made = { tasks: new Set<number>(), firmware: new Set<number>() };

async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies();
}

/** Deletes what the tests made: tasks (none still running by then), then their firmware. */
test.afterAll(async () => {
  const baseURL = test.info().project.use.baseURL!;
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    const token = await apiLogin(request, ADMIN);
    for (const id of made.tasks) {
      await expect.poll(async () => (await apiPost(request, token, `/t_upgrade/del/${id}`)).error ?? 'ok', { timeout: 60_000 })
        .toMatch(/^(ok|升级任务不存在)$/);
    }
    for (const id of made.firmware) await apiPost(request, token, `/t_upgrade_file/del/${id}`);
  } finally {
    await request.dispose();
  }
});

test.describe.configure({ timeout: 180_000 });

test('an administrator rolls out a firmware that the site\'s operator approves; each device\'s outcome shows as it comes', async ({ page, request, baseURL }) => {
  const adminToken = await browserSignIn(page, request, ADMIN, baseURL!);
  await page.goto('/nv_iot/nv_upgrade');
  const upgrades = new UpgradePages(page);
  await expect(upgrades.root).toBeVisible({ timeout: 30_000 });

  const fileVer = version();
  const buffer = image(1_500_000, 7);
  const shown = await upgrades.upload(SENSOR, fileVer, `nv-s200-${fileVer}.bin`, buffer);
  expect(shown).toBe(md5(buffer));
  const row = upgrades.taskRows.filter({ hasText: fileVer });
  await expect(row).toBeVisible();
  await expect(row.locator(`[data-md5="${md5(buffer)}"]`)).toBeVisible();
  const firmware = (await apiGet<{ list: (Firmware & { fileVer: string })[] }>(request, adminToken, '/t_upgrade_file?Size=50')).list.find((f) => f.fileVer === fileVer)!;
  made.firmware.add(firmware.id);

  const dialog = await upgrades.fillTask(SENSOR, fileVer, SH_SENSORS);
  // The third sensor already runs a newer firmware: the picker says so before anything is sent.
  await expect(dialog.locator('tbody tr.ant-table-row').filter({ hasText: SH_SENSORS[2] })).toContainText('无需升级');
  await dialog.locator('#upgrade-remark').fill('e2e 固件升级');
  const id = await upgrades.submitTask(dialog);
  made.tasks.add(id);
  await expect(upgrades.drawer(id).locator('.ant-descriptions [data-task-state]')).toHaveAttribute('data-task-state', 'pending');
  // The administrator submitted it: no 审核 for them.
  await page.keyboard.press('Escape');
  await expect(upgrades.root.locator(`[data-task-audit="${id}"]`)).toHaveCount(0);

  // The operator of 上海张江 audits it.
  await signOut(page);
  const operatorToken = await browserSignIn(page, request, OPERATOR, baseURL!);
  await page.goto('/nv_iot/nv_upgrade');
  await expect(upgrades.root.locator(`[data-task-audit="${id}"]`)).toBeVisible({ timeout: 30_000 });
  await upgrades.approve(id, '同意，夜间执行');
  const drawer = upgrades.drawer(id);
  const state = drawer.locator('.ant-descriptions [data-task-state]');
  await expect(state).toHaveAttribute('data-task-state', 'running');
  // The gateways answer in 5–10 s; the drawer refreshes itself until every device has its outcome.
  await expect(state).toHaveAttribute('data-task-state', /^(succeeded|partial|failed)$/, { timeout: 60_000 });
  await expect(drawer.locator('[data-task-autorefresh]')).toHaveCount(0);
  const rows = drawer.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  for (const name of SH_SENSORS) {
    await expect(rows.filter({ hasText: name }).locator('[data-item-state]')).toHaveAttribute('data-item-state', /^(succeeded|failed)$/);
  }
  // The demo's third sensor runs V2.1.0 already (or, were it offline, never fetched the file).
  await expect(rows.filter({ hasText: SH_SENSORS[2] }).locator('[data-item-result]')).toContainText(/已是最新版本|固件未下载/);
  const task = await apiGet<TaskRecord>(request, operatorToken, `/t_upgrade/${id}`);
  expect(task.items.filter((i) => i.state === 'succeeded').length).toBeGreaterThanOrEqual(1);

  // The submitter is told of the audit and of the outcome.
  const messages = await apiGet<{ list: { content: string }[] }>(request, adminToken, '/t_history_message?Page=1&Size=20&type=10');
  expect(messages.list.map((m) => m.content)).toEqual(expect.arrayContaining([
    expect.stringMatching(new RegExp(`^固件升级任务 #${id} (全部成功|部分失败|失败)：`)),
    `固件升级任务 #${id} 已由 业主运维 审核通过，开始升级：同意，夜间执行`,
  ]));

  // A debug window: asked for by the operator, approved by the administrator, who then ends it early.
  await page.goto('/nv_iot/nv_debug');
  const debug = page.getByRole('main').locator('[data-debug-page]');
  await debug.getByRole('button', { name: '申请远程调试' }).click();
  const ask = page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title', { hasText: '申请远程调试' }) });
  await pickOption(page, ask.locator('#modelId'), SENSOR);
  await pickOption(page, ask.locator('#deviceId'), new RegExp(`^${SH_SENSORS[0]} · `));
  await ask.locator('#reason').fill('e2e 读取运行日志');
  await ask.getByRole('button', { name: '提交审核' }).click();
  await expect(ask).toBeHidden();
  const request1 = debug.locator('tbody tr.ant-table-row').filter({ hasText: 'e2e 读取运行日志' }).first();
  await expect(request1.locator('[data-debug-state]')).toHaveAttribute('data-debug-state', 'pending');
  const debugId = Number(await request1.locator('td').first().textContent());

  await signOut(page);
  await browserSignIn(page, request, ADMIN, baseURL!);
  await page.goto('/nv_iot/nv_debug');
  await debug.locator(`[data-debug-audit="${debugId}"]`).click();
  const audit = page.getByRole('dialog').filter({ has: page.locator('#audit-remark') });
  await audit.locator('[data-audit="approve"]').click();
  await expect(audit).toBeHidden();
  const approved = debug.locator('tbody tr.ant-table-row').filter({ has: page.locator(`[data-debug-close="${debugId}"]`) });
  await expect(approved.locator('[data-debug-state]')).toHaveAttribute('data-debug-state', 'active');
  await approved.locator(`[data-debug-close="${debugId}"]`).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '结束调试' }).click();
  await expect(debug.locator('tbody tr.ant-table-row').filter({ hasText: 'e2e 读取运行日志' }).first().locator('[data-debug-state]'))
    .toHaveAttribute('data-debug-state', 'ended');
});

/** A finished task and a pending one (submitted by the operator, so the administrator may audit it), made over the API once. */
async function shotData(request: APIRequestContext): Promise<{ finished: number; fileVer: string }> {
  const admin = await apiLogin(request, ADMIN);
  const operator = await apiLogin(request, OPERATOR);
  const mine = (await apiGet<{ list: TaskRecord[] }>(request, admin, '/t_upgrade?Size=100')).list.filter((t) => t.remark.startsWith('e2e 截图'));
  const finished = mine.find((t) => t.remark === 'e2e 截图' && !['pending', 'running', 'rejected'].includes(t.state));
  const files = (await apiGet<{ list: (Firmware & { fileVer: string })[] }>(request, admin, '/t_upgrade_file?Size=100')).list;
  if (finished && mine.some((t) => t.remark === 'e2e 截图待审核' && t.state === 'pending')) {
    return { finished: finished.id, fileVer: files.find((f) => f.remark === 'e2e 截图')!.fileVer };
  }
  const fileVer = version();
  const models = await apiGet<{ id: number; name: string }[]>(request, admin, '/t_device_model/names');
  const s200 = models.find((m) => m.name === SENSOR)!.id;
  const up = await request.post(`/api/t_upgrade_file/upload?deviceModelId=${s200}&fileVer=${fileVer}&remark=${encodeURIComponent('e2e 截图')}`, {
    headers: { Authorization: `Bearer ${admin}` }, multipart: { file: { name: `nv-s200-${fileVer}.bin`, mimeType: 'application/octet-stream', buffer: image(400_000, 3) } },
  });
  const file = (await up.json()).data as Firmware;
  made.firmware.add(file.id);
  const devices = await apiGet<{ id: number; name: string }[]>(request, admin, `/t_upgrade/devices?deviceModelId=${s200}`);
  const ids = (names: string[]) => devices.filter((d) => names.includes(d.name)).map((d) => d.id);
  const task = await apiPost(request, admin, '/t_upgrade/save', { fileId: file.id, deviceIds: ids(SH_SENSORS), remark: 'e2e 截图' });
  made.tasks.add(task.data.id);
  expect((await apiPost(request, operator, '/t_upgrade/audit', { id: task.data.id, approved: true, remark: '同意' })).success).toBe(true);
  const pending = await apiPost(request, operator, '/t_upgrade/save', {
    fileId: file.id, deviceIds: ids(['苏州空气传感器-01', '苏州空气传感器-02']), remark: 'e2e 截图待审核',
  });
  made.tasks.add(pending.data.id);
  await expect.poll(async () => (await apiGet<TaskRecord>(request, admin, `/t_upgrade/${task.data.id}`)).state, { timeout: 60_000 })
    .toMatch(/^(succeeded|partial|failed)$/);
  // Debug requests: one open (approved by the administrator), one waiting for the administrator's audit.
  const sessions = (await apiGet<{ list: { reason: string }[] }>(request, admin, '/t_debug?Size=100')).list;
  if (!sessions.some((s) => s.reason.startsWith('e2e 截图'))) {
    const open = await apiPost(request, operator, '/t_debug/save', { deviceId: ids([SH_SENSORS[0]])[0], durationMin: 120, reason: 'e2e 截图：排查通讯异常' });
    expect((await apiPost(request, admin, '/t_debug/audit', { id: open.data.id, approved: true, remark: '同意' })).success).toBe(true);
    await apiPost(request, operator, '/t_debug/save', { deviceId: ids([SH_SENSORS[1]])[0], durationMin: 30, reason: 'e2e 截图：读取运行日志' });
  }
  return { finished: task.data.id, fileVer };
}

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`issue 18's firmware upgrade and debugging pages look finished, ${theme}, ${language}`, lookTags('upgrades', theme, language), async ({ page, request, baseURL }) => {
      await page.addInitScript(([t, l]) => {
        localStorage.setItem('nv_theme', JSON.stringify(t));
        localStorage.setItem('nv_lang', l);
      }, [theme, language]);
      const { finished, fileVer } = await shotData(request);
      await browserSignIn(page, request, ADMIN, baseURL!);
      const en = language === 'en';
      const upgrades = new UpgradePages(page, language);
      const shoot = async (name: string) => {
        await page.mouse.move(1919, 1079);
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
        await page.screenshot({ path: `${SHOTS}/upgrade18-${name}-${theme}-${language}.png`, animations: 'disabled' });
      };
      await page.goto('/nv_iot/nv_upgrade');
      await expect(upgrades.taskRows.first()).toBeVisible({ timeout: 30_000 });
      await expect(upgrades.root.locator('[data-task-audit]').first()).toBeVisible();
      await shoot('tasks');

      await upgrades.root.locator(`[data-task-detail="${finished}"]`).click();
      await expect(upgrades.drawer(finished).locator('tbody tr.ant-table-row')).toHaveCount(3);
      await shoot('detail');
      await page.keyboard.press('Escape');
      await expect(upgrades.drawer(finished)).toBeHidden();

      const dialog = await upgrades.fillTask(SENSOR, fileVer, SH_SENSORS.slice(0, 2));
      await shoot('create');
      await dialog.getByRole('button', { name: en ? 'Cancel' : '取消', exact: true }).click();
      await expect(dialog).toBeHidden();

      await upgrades.root.locator(`[data-task-audit]`).first().click();
      const audit = page.getByRole('dialog').filter({ has: page.locator('#audit-remark') });
      await expect(audit).toBeVisible();
      await shoot('audit');
      await audit.getByRole('button', { name: en ? 'Cancel' : '取消', exact: true }).click();

      await upgrades.tab('firmware').click();
      await expect(upgrades.taskRows.first()).toBeVisible();
      await shoot('firmware');
      await upgrades.root.getByRole('button', { name: en ? 'Upload firmware' : '上传固件' }).click();
      const upload = upgrades.dialog(en ? 'Upload firmware' : '上传固件');
      await pickOption(page, upload.locator('#deviceModelId'), SENSOR);
      await upload.locator('#fileVer').fill('V2.2.0');
      await upload.locator('input[type="file"]').setInputFiles({ name: 'nv-s200-v2.2.0.bin', mimeType: 'application/octet-stream', buffer: image(2_000, 1) });
      await shoot('upload');
      await upload.getByRole('button', { name: en ? 'Cancel' : '取消', exact: true }).click();

      await page.goto('/nv_iot/nv_debug');
      await expect(page.getByRole('main').locator('[data-debug-page] [data-debug-audit]').first()).toBeVisible({ timeout: 30_000 });
      await shoot('debug');
    });
  }
}
