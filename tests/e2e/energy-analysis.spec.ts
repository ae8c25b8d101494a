import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import type { EnergyDeviceList, EnergyProjectList } from '../../contract/energy-analysis';
import { ADMIN } from './pages/accounts';
import { browserSignIn, browserToken } from './pages/api';
import { EnergyAnalysis } from './pages/EnergyAnalysis';
import { SectionPage } from './pages/SectionPage';
import { ShellPage } from './pages/ShellPage';
import { setConsoleLook, lookTags } from './pages/consoleLook';

/*
 * Energy analysis (issue 20) as a user walks it: 数据分析 from the shell opens a new tab on 能效分析;
 * the month's totals match what the API answers; the year, the day and the day before are chosen
 * (kept in the address) and read again; the project ranked first is opened and its devices listed
 * in the drawer, whose sum is the API's. Screenshots at 1920×1080 in both themes and languages.
 */

const SHOTS = 'test-results/screenshots';

test.describe.configure({ timeout: 180_000 });

/** The figure as the page writes it (zh: thousands separators, fixed decimals). */
const zh = (v: number, digits = 1) => v.toLocaleString('zh-CN', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pct = (ratio: number | null) => (ratio === null ? '—' : `${ratio > 0 ? '↑' : ratio < 0 ? '↓' : '→'} ${(Math.abs(ratio) * 100).toFixed(1)}%`);

async function appGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/app-api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await response.json();
  expect(body.success, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(true);
  return body.data as T;
}

/**
 * The answers of v_energy_prj_list the page itself received, by period and date (the last of
 * each). The demo's simulator keeps metering, so a period that includes today grows between the
 * page's read and the test's own: the page is held to the answer it got.
 */
function pageAnswers(context: BrowserContext): Map<string, EnergyProjectList> {
  const answers = new Map<string, EnergyProjectList>();
  context.on('response', (response) => {
    if (!response.url().includes('/v_energy_prj_list')) return;
    response.json().then((body: { success?: boolean; data?: EnergyProjectList }) => {
      if (body.success && body.data) answers.set(`${body.data.period} ${body.data.date}`, body.data);
    }, () => undefined);
  });
  return answers;
}

/** What the page shows of a period's totals, as it writes them. */
const shownTotals = (list: EnergyProjectList) => [zh(list.totals.energyKWh), zh(list.totals.cost ?? 0, 2), pct(list.totals.change.energyKWh.ratio), zh(list.totals.savingKWh)];

/**
 * The page's totals for the period and date of `list` (the test's own read of the API): the same
 * projects, and the figures of the answer the page received for that period and date.
 */
async function expectTotals(energy: EnergyAnalysis, list: EnergyProjectList, answers: Map<string, EnergyProjectList>): Promise<EnergyProjectList> {
  await expect(energy.range).toContainText(list.date);
  const key = `${list.period} ${list.date}`;
  await expect.poll(async () => {
    const answer = answers.get(key);
    if (!answer) return `no answer for ${key} yet`;
    const shown = await Promise.all((['energy', 'cost'] as const).map((k) => energy.total(k).textContent())
      .concat([energy.change('energy').textContent(), energy.total('saving').textContent()]));
    return JSON.stringify(shown) === JSON.stringify(shownTotals(answer)) ? 'as answered' : `shown ${JSON.stringify(shown)}, answered ${JSON.stringify(shownTotals(answer))}`;
  }).toBe('as answered');
  await expect(energy.projectRows()).toHaveCount(list.projects.length);
  return answers.get(key)!;
}

test('energy analysis from the shell: totals against the API by period, the ranking and a project\'s devices', async ({ page, context, request }) => {
  const answers = pageAnswers(context);
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  const [tab] = await Promise.all([context.waitForEvent('page'), shell.launcher('数据分析').click()]);
  await tab.waitForURL('**/nv_energy_analysis/index');
  const section = new SectionPage(tab, '数据分析');
  await expect(section.button('能效分析')).toHaveAttribute('aria-current', 'page');
  const energy = new EnergyAnalysis(tab);
  await expect(energy.heading).toHaveText('能效分析');
  const token = await browserToken(tab);

  // The month by default: the totals are the API's, the price is the configured one.
  const month = await appGet<EnergyProjectList>(request, token, '/v_energy_prj_list?period=month');
  const shownMonth = await expectTotals(energy, month, answers);
  await expect(energy.price).toHaveText(`电价 ${month.price.toFixed(2)} 元/kWh`);
  await expect(energy.chart('用电趋势')).toBeVisible();
  await expect(energy.chart('项目用电排名')).toBeVisible();
  // The demo's projects all use electricity: every one ranked, the first one has the most.
  const first = shownMonth.projects.find((p) => p.rank === 1)!;
  await expect(energy.projectRows().first()).toContainText(first.name);
  await expect(energy.projectRows().first()).toContainText(zh(first.energyKWh));

  await energy.choosePeriod('年');
  await expect(tab).toHaveURL(/period=year/);
  const year = await appGet<EnergyProjectList>(request, token, '/v_energy_prj_list?period=year');
  await expectTotals(energy, year, answers);
  await expect(tab.getByText('本年逐月')).toBeVisible();

  await energy.choosePeriod('日');
  await expect(tab).toHaveURL(/period=day/);
  const day = await appGet<EnergyProjectList>(request, token, '/v_energy_prj_list?period=day');
  await expectTotals(energy, day, answers);
  await energy.previousPeriod().click();
  const yesterday = new Date(day.previousStart + 8 * 3_600_000).toISOString().slice(0, 10);
  await expect(tab).toHaveURL(new RegExp(`date=${yesterday}`));
  const before = await appGet<EnergyProjectList>(request, token, `/v_energy_prj_list?period=day&date=${yesterday}`);
  await expectTotals(energy, before, answers);
  // The address keeps the choice across a reload.
  await tab.reload();
  await expectTotals(energy, before, answers);

  // Sorting by electricity, largest first, and opening the top project's devices.
  await energy.projects.getByRole('columnheader', { name: /用电量/ }).click();
  await energy.projects.getByRole('columnheader', { name: /用电量/ }).click();
  const top = before.projects.reduce((a, b) => (b.energyKWh > a.energyKWh ? b : a));
  await expect(energy.projectRows().first()).toContainText(top.name);
  await energy.projectRows().first().getByRole('button', { name: top.name }).click();
  await expect(tab).toHaveURL(new RegExp(`projectId=${top.projectId}`));
  await expect(energy.drawer).toHaveAccessibleName(`${top.name} · 设备能耗`);
  const devices = await appGet<EnergyDeviceList>(request, token, `/v_energy_dev_list?period=day&date=${yesterday}&projectId=${top.projectId}`);
  await expect(energy.deviceRows()).toHaveCount(devices.devices.length);
  await expect(energy.drawer.getByTestId('energy-devices-energy')).toHaveText(zh(devices.devices.reduce((s, d) => s + d.energyKWh, 0)));
  const biggest = devices.devices.reduce((a, b) => (b.energyKWh > a.energyKWh ? b : a));
  await expect(energy.deviceRows().first()).toContainText(biggest.name);
  await expect(energy.deviceRows().first()).toContainText(zh(biggest.energyKWh));
  await energy.drawer.getByRole('button', { name: /关闭|Close/ }).click();
  await expect(energy.drawer).toBeHidden();
  await expect(tab).not.toHaveURL(/projectId=/);
  await tab.close();
});

test('an unknown project in the address: the server\'s refusal in the drawer, the page still there', async ({ page, request, baseURL }) => {
  await browserSignIn(page, request, ADMIN, baseURL!);
  await page.goto('/nv_energy_analysis/index?projectId=999999');
  const energy = new EnergyAnalysis(page);
  await expect(energy.drawer.getByRole('alert')).toContainText('加载失败');
  await expect(energy.total('energy')).not.toHaveText('—');
});

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`energy analysis looks finished, ${theme}, ${language}`, lookTags('energy-analysis', theme, language), async ({ page, request, baseURL }) => {
      await setConsoleLook(page, theme, language);
      const token = await browserSignIn(page, request, ADMIN, baseURL!);
      const energy = new EnergyAnalysis(page);
      const trend = language === 'zh' ? '用电趋势' : 'Electricity trend';
      const shoot = async (name: string) => {
        await page.mouse.move(1919, 1079);
        await page.screenshot({ path: `${SHOTS}/energy-${name}-${theme}-${language}.png`, animations: 'disabled' });
      };
      await page.goto('/nv_energy_analysis/index');
      await expect(energy.projectRows().first()).toBeVisible();
      await expect(energy.chart(trend)).toBeVisible();
      await shoot('month');
      await page.goto('/nv_energy_analysis/index?period=year');
      await expect(energy.range).toContainText('-01-01');
      await expect(energy.chart(trend)).toBeVisible();
      await shoot('year');
      const year = await appGet<EnergyProjectList>(request, token, '/v_energy_prj_list?period=year');
      await page.goto(`/nv_energy_analysis/index?period=year&projectId=${year.projects[0].projectId}`);
      await expect(energy.deviceRows().first()).toBeVisible();
      await shoot('devices');
    });
  }
}
