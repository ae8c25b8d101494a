import { expect, test } from '@playwright/test';
import { ADMIN, OPERATOR } from './pages/accounts';
import { SectionPage } from './pages/SectionPage';
import { ShellPage } from './pages/ShellPage';

test('analysis layout: top buttons, the active one highlighted, sub-pages', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await page.goto('/nv_energy_analysis');
  const analysis = new SectionPage(page, '数据分析');

  await expect(page).toHaveURL('/nv_energy_analysis/index');
  expect(await analysis.buttonNames()).toEqual(['能效分析', '寿命分析', '环境分析']);
  await expect(analysis.button('能效分析')).toHaveAttribute('aria-current', 'page');
  await expect(analysis.dropdown).toHaveCount(0);
  await analysis.button('寿命分析').click();
  await expect(page).toHaveURL('/nv_life_analysis/nv_device_life_analysis');
  await expect(analysis.heading).toHaveText('设备寿命分析');
  await analysis.subPage('寿命公式').click();
  await expect(page).toHaveURL('/nv_life_analysis/nv_life_formula');
  await expect(analysis.heading).toHaveText('寿命公式');
  // A real page now (issue 20), not the 暂无数据 placeholder.
  await expect(page.getByTestId('empty-state')).toHaveCount(0);
});

test('at 1366 px a dropdown replaces the analysis buttons', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await page.goto('/nv_energy_analysis/index');
  const analysis = new SectionPage(page, '数据分析');

  await expect(analysis.dropdown).toHaveValue('energy');
  await expect(analysis.nav.getByRole('link')).toHaveCount(0);
  await analysis.dropdown.selectOption({ label: '环境分析' });
  await expect(page).toHaveURL('/nv_environment_analysis/index');
  await expect(analysis.heading).toHaveText('环境概览');

  await page.setViewportSize({ width: 1367, height: 768 });
  await expect(analysis.dropdown).toHaveCount(0);
  await expect(analysis.button('环境分析')).toHaveAttribute('aria-current', 'page');
});

test('at 1366 px, energy analysis without its right falls through to life analysis', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const shell = new ShellPage(page);
  await shell.signIn(OPERATOR);
  await page.goto('/nv_energy_analysis/index');
  const analysis = new SectionPage(page, '数据分析');

  await expect(page).toHaveURL('/nv_life_analysis/nv_device_life_analysis');
  await expect(analysis.dropdown).toHaveValue('life');
  await expect(analysis.dropdown.getByRole('option')).toHaveText(['寿命分析', '环境分析']);
});

test('purchase layout: two buttons, the active one highlighted', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  await page.goto('/nv_buy');
  const purchase = new SectionPage(page, '采购助手');

  await expect(page).toHaveURL('/nv_buy/nv_life_buy');
  expect(await purchase.buttonNames()).toEqual(['智能采购申请', '采购记录']);
  await expect(purchase.button('智能采购申请')).toHaveAttribute('aria-current', 'page');
  await purchase.button('采购记录').click();
  await expect(page).toHaveURL('/nv_buy/nv_life_buy_record');
  await expect(purchase.button('采购记录')).toHaveAttribute('aria-current', 'page');
  await expect(purchase.button('智能采购申请')).not.toHaveAttribute('aria-current', 'page');
  await expect(purchase.heading).toHaveText('采购记录');
});

test('data analysis and purchasing open in a new tab; the big screen opens in place', async ({ page, context }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);

  const [analysisTab] = await Promise.all([context.waitForEvent('page'), shell.launcher('数据分析').click()]);
  await analysisTab.waitForURL('**/nv_energy_analysis/index');
  await expect(new SectionPage(analysisTab, '数据分析').heading).toHaveText('能效分析');
  await analysisTab.close();

  const [purchaseTab] = await Promise.all([context.waitForEvent('page'), shell.launcher('采购助手').click()]);
  await purchaseTab.waitForURL('**/nv_buy/nv_life_buy');
  await purchaseTab.close();

  await expect(page).toHaveURL('/');
  await shell.launcher('大屏监控').click();
  await expect(page).toHaveURL('/monitor');
  // The big screen itself: the active template's header, no console chrome.
  await expect(page.locator('[data-screen-widget="header"]')).toContainText('平台总览');
  await expect(shell.sidebar).toHaveCount(0);
});

test('project monitoring opens the configured application with its hash route, appId=1 and the token', async ({ page, context, baseURL }) => {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = { ...(await response.json()), projectMonitorUrl: `${baseURL}/project-monitor/` };
    await route.fulfill({ response, json: config });
  });
  await context.route('**/project-monitor/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>project monitor</h1>' }));
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  const token = (await context.cookies()).find((c) => c.name === 'nv_token')!.value;

  const [tab] = await Promise.all([context.waitForEvent('page'), shell.launcher('项目监控').click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(`${baseURL}/project-monitor/#/nv_project_monitor/nv_project_monitor?appId=1&token=${token}`);
});
