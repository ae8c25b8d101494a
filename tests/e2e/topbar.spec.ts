import { expect, test } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { ShellPage } from './pages/ShellPage';

/** config.json with the IoT card home set, so its launcher shows. */
async function withCardHome(page: import('@playwright/test').Page, home: string) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), iotCardHomeUrl: home } });
  });
  await page.context().route('**/iot-card/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>IoT card</h1>' }));
}

const cardAnswer = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data }) });

test('the IoT card platform opens in a new tab with the token of its login answer', async ({ page, context, baseURL }) => {
  await withCardHome(page, `${baseURL}/iot-card/home`);
  let logins = 0;
  await page.route('**/api/t_card/login', (route) => {
    logins += 1;
    return route.fulfill(cardAnswer(logins === 1 ? '{"errCode":0,"result":{"token":"card-token"}}' : '{"errCode":7,"result":{}}'));
  });
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);

  const [first] = await Promise.all([context.waitForEvent('page'), shell.launcher('物联网卡平台').click()]);
  await first.waitForLoadState();
  expect(first.url()).toBe(`${baseURL}/iot-card/home?token=card-token`);
  const [second] = await Promise.all([context.waitForEvent('page'), shell.launcher('物联网卡平台').click()]);
  await second.waitForLoadState();
  expect(second.url()).toBe(`${baseURL}/iot-card/home?token=null`);
});

test('on a phone the IoT card tab is opened blank first and sent on after the login', async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 414, height: 860 });
  await withCardHome(page, `${baseURL}/iot-card/home`);
  await page.route('**/api/t_card/login', (route) => route.fulfill(cardAnswer('{"errCode":0,"result":{"token":"card-token"}}')));
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);

  const [tab] = await Promise.all([context.waitForEvent('page'), shell.launcher('物联网卡平台').click()]);
  await tab.waitForURL(`${baseURL}/iot-card/home?token=card-token`);
  await expect(tab.getByRole('heading', { name: 'IoT card' })).toBeVisible();
});

test('a failed IoT card login shows the server error', async ({ page, baseURL }) => {
  await withCardHome(page, `${baseURL}/iot-card/home`);
  await page.route('**/api/t_card/login', (route) => route.fulfill({
    status: 200, contentType: 'application/json', body: JSON.stringify({ success: false, error: '物联网卡平台账号未开通' }),
  }));
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await shell.launcher('物联网卡平台').click();
  await expect(shell.toast('物联网卡平台账号未开通')).toBeVisible();
});

test('full screen warns where the browser cannot do it', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await page.getByRole('button', { name: '全屏' }).click();
  await expect(shell.toast('您的浏览器不支持全屏')).toBeVisible();
});

test('the close button closes the window', async ({ page, context }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  const [popup] = await Promise.all([context.waitForEvent('page'), page.evaluate(() => { window.open('/nv_log', '_blank'); })]);
  const popupShell = new ShellPage(popup);
  await expect(popupShell.nickName).toHaveText(ADMIN.nickName);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: '关闭页面' }).click();
  await closed;
  expect(popup.isClosed()).toBe(true);
});
