import { expect, test } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { browserSignIn } from './pages/api';
import { EnvironmentAnalysis } from './pages/EnvironmentAnalysis';
import { SectionPage } from './pages/SectionPage';
import { ShellPage } from './pages/ShellPage';
import { setConsoleLook, lookTags } from './pages/consoleLook';

/*
 * Environment analysis (issue 20) as a user walks it: 数据分析 from the shell opens a new tab, 环境分析
 * shows the overview of resistance, particulates and air volume; AQI analysis names the standard
 * in force and switches periods; the filter analysis lists each stage's efficiency. At 1366 px the
 * section dropdown still leads there. Screenshots at 1920×1080 in both themes and languages.
 */

const SHOTS = 'test-results/screenshots';

test.describe.configure({ timeout: 180_000 });

test('environment analysis from the shell: overview, AQI by period under the standard in force, filter stages', async ({ page, context }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  const [tab] = await Promise.all([context.waitForEvent('page'), shell.launcher('数据分析').click()]);
  await tab.waitForURL('**/nv_energy_analysis/index');
  const section = new SectionPage(tab, '数据分析');
  await section.button('环境分析').click();
  await tab.waitForURL('**/nv_environment_analysis/index');
  const env = new EnvironmentAnalysis(tab);
  await expect(env.heading).toHaveText('环境概览');
  // The demo's filters, sensors and purifiers: every summary has devices.
  await expect(env.paSummary.locator('dd').first()).toHaveText(/^[1-9]\d*$/);
  await expect(env.pmSummary.locator('dd').first()).toHaveText(/^[1-9]\d*$/);
  await expect(env.airSummary.locator('dd').first()).toHaveText(/^[1-9]\d*$/);
  await expect(env.rows().first()).toBeVisible();
  await tab.getByRole('tab', { name: /颗粒物/ }).click();
  await expect(tab.getByRole('columnheader', { name: 'PM2.5', exact: true })).toBeVisible();

  await section.subPage('AQI 分析').click();
  await tab.waitForURL('**/nv_environment_analysis/nv_aqi_analysis');
  await expect(env.heading).toHaveText('AQI 分析');
  await expect(env.standard).toHaveText('执行标准：HJ 633—2026 环境空气质量指数（AQI）技术规定');
  await expect(env.aqiValue('outdoor')).toHaveText(/^(\d+|NA)$/);
  await expect(env.side('outdoor')).toContainText('首要污染物');
  await expect(env.side('indoor')).toContainText('PM2.5');
  await env.choosePeriod('近7天');
  await expect(tab).toHaveURL(/period=week/);
  await expect(env.aqiValue('outdoor')).toHaveText(/^(\d+|NA)$/);
  await env.choosePeriod('近30天');
  await expect(tab).toHaveURL(/period=month/);
  await expect(tab.getByRole('img', { name: 'AQI 趋势' })).toBeVisible();

  await section.subPage('过滤器分析').click();
  await tab.waitForURL('**/nv_environment_analysis/nv_filter_analysis');
  await expect(env.heading).toHaveText('过滤器分析');
  await expect(env.rows().first()).toBeVisible();
  await expect(env.rows().first().getByTestId('stage-state')).toHaveText(/正常|曾骤降|疑似泄漏\/旁通/);
  await expect(env.rows().first()).toContainText('%');
  await env.choosePeriod('近24小时');
  await expect(tab).toHaveURL(/period=day/);
  await expect(env.rows().first()).toBeVisible();
  await tab.close();
});

test('at 1366 px the section dropdown leads to environment analysis and back', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await browserSignIn(page, request, ADMIN, baseURL!);
  await page.goto('/nv_environment_analysis/nv_aqi_analysis');
  const section = new SectionPage(page, '数据分析');
  const env = new EnvironmentAnalysis(page);
  await expect(section.dropdown).toHaveValue('environment');
  await expect(env.standard).toBeVisible();
  await section.dropdown.selectOption({ label: '能效分析' });
  await expect(page).toHaveURL('/nv_energy_analysis/index');
  await section.dropdown.selectOption({ label: '环境分析' });
  await expect(page).toHaveURL('/nv_environment_analysis/index');
  await expect(env.heading).toHaveText('环境概览');
  await expect(env.paSummary).toBeVisible();
});

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`environment analysis pages look finished, ${theme}, ${language}`, lookTags('environment-analysis', theme, language), async ({ page, request, baseURL }) => {
      await setConsoleLook(page, theme, language);
      await browserSignIn(page, request, ADMIN, baseURL!);
      const env = new EnvironmentAnalysis(page);
      const shoot = async (name: string) => {
        await page.mouse.move(1919, 1079);
        await page.screenshot({ path: `${SHOTS}/environment-${name}-${theme}-${language}.png`, animations: 'disabled' });
      };
      await page.goto('/nv_environment_analysis/index');
      await expect(env.rows().first()).toBeVisible();
      await expect(env.paSummary.locator('dd').first()).toHaveText(/^\d+$/);
      await shoot('index');
      await page.goto('/nv_environment_analysis/nv_aqi_analysis?period=week');
      await expect(env.aqiValue('outdoor')).toBeVisible();
      await expect(page.locator('[role="img"] svg').first()).toBeVisible();
      await shoot('aqi');
      await page.goto('/nv_environment_analysis/nv_filter_analysis');
      await expect(env.rows().first()).toBeVisible();
      await shoot('filter');
    });
  }
}
