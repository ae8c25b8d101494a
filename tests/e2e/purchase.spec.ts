import { expect, test, type APIRequestContext } from '@playwright/test';
import type { DeviceLifeRow } from '../../contract/life';
import type { OrderDetail, ProposalList } from '../../contract/purchase/orders';
import type { Paged } from '../../contract/envelope';
import { ADMIN } from './pages/accounts';
import { browserSignIn, browserToken } from './pages/api';
import { PurchasePages } from './pages/PurchasePages';
import { SectionPage } from './pages/SectionPage';
import { ShellPage } from './pages/ShellPage';
import { setConsoleLook, lookTags } from './pages/consoleLook';

/*
 * The purchase assistant (issue 21) as its users walk it: the buyer (admin) opens 采购助手 from the
 * shell in a new tab, sees the lines the demo's life prediction proposes, applies for the most
 * urgent one; the supplier's account, in a browser of its own, confirms the order; the buyer
 * receives the goods and records the installation by pasting a device code and an unknown one,
 * which is reported; the device's predicted life starts again. Screenshots at 1920×1080 in both
 * themes and languages. The order stays (orders are records: there is no deleting them); its
 * remaining filters are recorded on no other device, and the installation is the one change to
 * the demo's life data.
 */

const SHOTS = 'test-results/screenshots';
const SUPPLIER = { username: 'supplier', password: 'Supplier@2026', nickName: '恒流销售' } as const;
const DAY = 86_400_000;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function appGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/app-api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await response.json();
  expect(body.success, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(true);
  return body.data as T;
}

/** The device's life as the life analysis answers it. */
const lifeOf = async (request: APIRequestContext, token: string, deviceId: number) =>
  (await appGet<Paged<DeviceLifeRow>>(request, token, `/t_device/life-analyze?deviceIds=${deviceId}&Page=1&Size=1`)).list[0];

let orderId = 0;

test('the buyer applies for the filters due, the supplier confirms, the buyer receives and installs, and the life starts again', async ({ page, context, browser, request }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  const [tab] = await Promise.all([context.waitForEvent('page'), shell.launcher('采购助手').click()]);
  await tab.waitForURL('**/nv_buy/nv_life_buy');
  const section = new SectionPage(tab, '采购助手');
  await expect(section.button('智能采购申请')).toHaveAttribute('aria-current', 'page');
  const buy = new PurchasePages(tab);
  await expect(buy.heading).toHaveText('智能采购申请');
  const token = await browserToken(tab);

  // The lines are the server's proposal for 30 days: the demo predicts some filters to run out.
  const proposal = await appGet<ProposalList>(request, token, '/t_order/proposals?horizonDays=30');
  expect(proposal.lines.length).toBeGreaterThan(0);
  await expect(buy.proposalRows()).toHaveCount(proposal.lines.length);
  const line = proposal.lines[0];
  const device = line.devices[0];
  expect(line.supplierOrgName).toBe('恒流滤材供应');
  const before = await lifeOf(request, token, device.deviceId);
  expect(before.predictedAt!).toBeLessThan(Date.now() + 30 * DAY + line.leadDays * DAY);

  // Only the most urgent line, for as many filters as its devices hold.
  for (const other of proposal.lines.slice(1)) {
    if (other.supplierOrgId !== null && other.quantity > 0) await buy.lineCheckbox(other.projectName, other.filterCode).uncheck();
  }
  await buy.quantity(line.projectName, line.filterCode).fill(String(line.need));
  await tab.getByRole('textbox', { name: '备注' }).fill('e2e 采购');
  await tab.getByRole('button', { name: '提交采购申请（1 项）' }).click();
  await expect(buy.submitted).toContainText('采购申请已提交');
  const code = (await buy.submitted.getByTestId('order-code').innerText()).split(' · ')[0];
  expect(code).toMatch(/^PO\d{8}-\d+$/);

  // The supplier, in a browser of its own, sees only the records and confirms the order.
  const supplierContext = await browser.newContext();
  try {
    const supplierPage = await supplierContext.newPage();
    const supplierShell = new ShellPage(supplierPage);
    await supplierShell.signIn(SUPPLIER);
    const [records] = await Promise.all([supplierContext.waitForEvent('page'), supplierShell.launcher('采购助手').click()]);
    await records.waitForURL('**/nv_buy/nv_life_buy_record');
    await expect(new SectionPage(records, '采购助手').nav.getByRole('link')).toHaveText(['采购记录']);
    const sup = new PurchasePages(records);
    await sup.orderTab('created').click();
    await sup.orderRow(code).getByRole('button', { name: code }).click();
    await expect(sup.timeline).toContainText('提交申请');
    await expect(sup.drawer.getByTestId('order-state')).toHaveText('待确认');
    await expect(sup.actions.getByRole('button', { name: '确认收货' })).toHaveCount(0);
    await sup.actions.getByRole('button', { name: '确认订单' }).click();
    await sup.modal('确认订单').getByRole('button', { name: '确定' }).click();
    await expect(sup.drawer.getByTestId('order-state')).toHaveText('已确认');
    await expect(sup.page.getByTestId('timeline-confirmed')).toContainText(SUPPLIER.nickName);
    await expect(sup.actions.getByRole('button', { name: '确认订单' })).toHaveCount(0);
  } finally {
    await supplierContext.close();
  }

  // The buyer finds it confirmed, receives the goods and records the installation.
  await section.button('采购记录').click();
  await expect(buy.heading).toHaveText('采购记录');
  await buy.orderTab('confirmed').click();
  await buy.orderRow(code).getByRole('button', { name: '详情' }).click();
  await expect(buy.drawer.getByTestId('order-state')).toHaveText('已确认');
  orderId = Number(new URL(tab.url()).searchParams.get('id'));
  await buy.actions.getByRole('button', { name: '确认收货' }).click();
  await buy.modal('确认收货').getByRole('button', { name: '确定' }).click();
  await expect(buy.drawer.getByTestId('order-state')).toHaveText('已收货');
  await expect(tab.getByTestId('timeline-finished')).toContainText(ADMIN.nickName);

  await buy.actions.getByRole('button', { name: '登记安装' }).click();
  await expect(buy.installDialog.getByRole('combobox', { name: '订单明细' })).toBeVisible();
  await buy.installDialog.getByRole('textbox', { name: '设备编码' }).fill(`${device.deviceCode}\nNO-SUCH-DEVICE`);
  await expect(buy.installDialog.getByTestId('install-unknown')).toHaveText('未知编码 1 个');
  await expect(buy.installDialog.getByTestId('unknown-code')).toHaveText('NO-SUCH-DEVICE');
  await expect(buy.installDialog.getByTestId('install-matched')).toHaveText('可登记 1 台');
  await expect(buy.installDialog.getByRole('textbox', { name: '安装人' })).toHaveValue(ADMIN.nickName);
  await tab.mouse.move(1919, 1079);
  await tab.screenshot({ path: `${SHOTS}/purchase-install-dark-zh.png`, animations: 'disabled' });
  await buy.installDialog.getByRole('button', { name: '登记 1 台设备' }).click();
  await expect(tab.getByText('已登记 1 台设备的安装，寿命预测已重新开始')).toBeVisible();
  await expect(buy.installDialog).toBeHidden();
  await expect(buy.drawer.getByTestId('install-entries')).toContainText(device.deviceCode);

  // The life analysis: a new cycle from the installation, far from its end.
  const after = await lifeOf(request, token, device.deviceId);
  expect(after.installedAt).toBeGreaterThan(before.installedAt);
  expect(after.installedAt).toBeGreaterThan(Date.now() - 10 * 60_000);
  expect(after.predictedAt!).toBeGreaterThan(before.predictedAt!);
  expect(after.usedRatio!).toBeLessThan(0.1);
  const order = await appGet<OrderDetail>(request, token, `/t_order/${orderId}`);
  expect(order.timeline.map((s) => s.state)).toEqual(['created', 'confirmed', 'finished']);
  expect(order.lines[0].installed).toBe(device.quantity);
  await tab.close();
});

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`purchase pages look finished, ${theme}, ${language}`, lookTags('purchase', theme, language), async ({ page, request, baseURL }) => {
      await setConsoleLook(page, theme, language);
      await browserSignIn(page, request, ADMIN, baseURL!);
      const buy = new PurchasePages(page);
      const shoot = async (name: string) => {
        await page.mouse.move(1919, 1079);
        await page.screenshot({ path: `${SHOTS}/purchase-${name}-${theme}-${language}.png`, animations: 'disabled' });
      };
      await page.goto('/nv_buy/nv_life_buy');
      await expect(buy.proposalRows().first()).toBeVisible();
      await shoot('apply');
      await page.goto('/nv_buy/nv_life_buy_record');
      await expect(buy.orders.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await shoot('records');
      expect(orderId, 'the journey made an order').toBeGreaterThan(0);
      await page.goto(`/nv_buy/nv_life_buy_record?id=${orderId}`);
      await expect(buy.timeline).toBeVisible();
      await expect(buy.drawer.getByTestId('install-entries').locator('tbody tr.ant-table-row')).toHaveCount(1);
      await shoot('order');
    });
  }
}
