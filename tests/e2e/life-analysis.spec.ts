import { expect, test } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { browserSignIn } from './pages/api';
import { LifeAnalysis } from './pages/LifeAnalysis';
import { SectionPage } from './pages/SectionPage';
import { ShellPage } from './pages/ShellPage';
import { setConsoleLook, lookTags } from './pages/consoleLook';

/*
 * Life analysis (issue 20) as a user walks it: 数据分析 from the shell opens a new tab, 寿命分析
 * lists every filter with its predicted replacement date; lowering a filter model's final
 * resistance in 寿命设置 brings a resistance-decided prediction forward (and the original value is
 * put back: the demo server is shared); a formula is written, tested (its error pointed at, then its
 * result), assigned to a model, unassigned and deleted. Screenshots at 1920×1080 in both themes
 * and languages.
 */

const SHOTS = 'test-results/screenshots';
const F8 = 'LF-F8-592';
const F8_NAME = '中效袋式过滤器 F8 592×592×600';
const H13 = 'LF-H13-610';

test.describe.configure({ timeout: 240_000 });

test('life analysis from the shell: a predicted date moves with the final resistance; a formula is tested and assigned', async ({ page, context }) => {
  const shell = new ShellPage(page);
  await shell.signIn(ADMIN);
  const [tab] = await Promise.all([context.waitForEvent('page'), shell.launcher('数据分析').click()]);
  await tab.waitForURL('**/nv_energy_analysis/index');
  const section = new SectionPage(tab, '数据分析');
  await section.button('寿命分析').click();
  await tab.waitForURL('**/nv_life_analysis/nv_device_life_analysis');
  const life = new LifeAnalysis(tab);
  await expect(life.heading).toHaveText('设备寿命分析');
  await expect(life.rows().first()).toBeVisible();
  await expect(life.count('total')).toHaveText(/^[1-9]\d*$/);

  // 重新计算: busy, then the result.
  await life.recalc.click();
  await expect(life.recalcResult).toContainText(/已重新计算 \d+ 台设备的滤材寿命，用时 \d+ 毫秒/, { timeout: 60_000 });

  // A F8 bag filter, not due yet, whose date the resistance trend decides.
  await life.chooseModel(F8_NAME);
  await expect(tab).toHaveURL(/filterId=\d+/);
  await life.count('ok').click();
  await expect(tab).toHaveURL(/state=ok/);
  const trendRow = life.rows().filter({ has: tab.getByTestId('life-reason').getByText('阻力趋势', { exact: true }) }).first();
  await expect(trendRow).toBeVisible();
  const code = (await trendRow.getAttribute('data-life-row'))!;
  const before = (await trendRow.getByTestId('life-predicted').textContent())!;
  expect(before).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // Its trend: the chart and the figures in the drawer.
  await trendRow.click();
  await expect(life.drawer.getByRole('img', { name: '阻力趋势' }).locator('svg')).toBeVisible();
  await expect(life.drawer).toContainText('终阻力');
  await expect(life.drawer).toContainText(before);
  await life.drawer.locator('.ant-drawer-close').click();
  await expect(life.drawer).toBeHidden();

  // 寿命设置: the F8 model's final resistance from 450 Pa to 600 Pa (raised: no filter comes into its warning days).
  await section.subPage('寿命设置').click();
  await tab.waitForURL('**/nv_life_analysis/nv_life_set');
  await expect(life.modelRow(F8).getByTestId('model-final')).toHaveText('450 Pa');
  try {
    await life.setFinalResistance(F8, 600);
    await expect(life.setNotice).toContainText(/已保存“中效袋式过滤器 F8 592×592×600”，\d+ 台设备的寿命预测已重新计算/);
    await expect(life.modelRow(F8).getByTestId('model-final')).toHaveText('600 Pa');

    await section.subPage('设备寿命分析').click();
    await tab.waitForURL('**/nv_life_analysis/nv_device_life_analysis**');
    await life.search(code);
    const row = life.deviceRow(code);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('life-predicted')).not.toHaveText(before);
    const after = (await row.getByTestId('life-predicted').textContent())!;
    expect(after > before, `${after} comes after ${before}`).toBe(true);
  } finally {
    // Put the demo's value back (other specs read it).
    await section.subPage('寿命设置').click();
    await tab.waitForURL('**/nv_life_analysis/nv_life_set');
    await life.setFinalResistance(F8, 450);
    await expect(life.modelRow(F8).getByTestId('model-final')).toHaveText('450 Pa');
  }

  // 寿命公式: write one, test it (an error marked, then a result), assign it, unassign and delete it.
  await section.subPage('寿命公式').click();
  await tab.waitForURL('**/nv_life_analysis/nv_life_formula');
  const name = `E2E 阻力公式 ${Date.now() % 100_000}`;
  await tab.getByRole('button', { name: '新增公式' }).click();
  const form = tab.locator('[data-formula-form]');
  await form.getByLabel('名称').fill(name);
  const source = form.getByRole('textbox', { name: '公式' });
  await source.fill('(resistance - initialResistance) / (finalResistanse - initialResistance) * 100');
  await tab.locator('[data-formula-test]').click();
  await expect(tab.getByTestId('formula-test-error')).toContainText('未知变量 finalResistanse');
  await expect(tab.getByTestId('formula-test-error')).toContainText('第 37 个字符处');
  await expect(tab.getByTestId('formula-error-source').locator('mark')).toHaveText('f');
  await source.fill('(resistance - initialResistance) / (');
  await tab.locator('[data-variable="finalResistance"]').click();
  await source.press('End');
  await source.pressSequentially(' - initialResistance) * 100');
  await expect(source).toHaveValue('(resistance - initialResistance) / (finalResistance - initialResistance) * 100');
  await tab.locator('[data-formula-test]').click();
  await expect(tab.getByTestId('formula-test-result')).toContainText('试算结果：已用寿命 50.0%');
  await tab.locator('[data-formula-save]').click();
  await expect(life.formulaNotice).toContainText(`已保存公式“${name}”`);
  const formulaRow = life.formulaRow(name);
  await expect(formulaRow.getByTestId('formula-used-by')).toHaveText('0');
  try {
    await tab.locator(`[data-formula-assign="${name}"]`).click();
    const modal = tab.getByRole('dialog');
    await expect(modal.locator(`tr[data-assign-code="${H13}"]`)).toContainText('自动');
    await modal.locator(`tr[data-assign-code="${H13}"] .ant-checkbox`).click();
    await expect(modal.locator(`tr[data-assign-code="${H13}"] .ant-checkbox`)).toHaveClass(/ant-checkbox-checked/);
    await modal.getByRole('button', { name: '保存' }).click();
    await expect(life.formulaNotice).toContainText('已更新 1 个型号的寿命算法');
    await expect(formulaRow.getByTestId('formula-used-by')).toHaveText('1');
  } finally {
    // Unassign (the model goes back to auto), then delete the formula.
    const modal = tab.getByRole('dialog');
    if (await modal.isVisible()) await modal.getByRole('button', { name: '取消' }).click();
    await expect(modal).toBeHidden();
    await tab.locator(`[data-formula-assign="${name}"]`).click();
    const box = modal.locator(`tr[data-assign-code="${H13}"] .ant-checkbox`);
    await expect(box).toBeVisible();
    if (await box.evaluate((el) => el.classList.contains('ant-checkbox-checked'))) {
      await box.click();
      await modal.getByRole('button', { name: '保存' }).click();
      await expect(life.formulaNotice).toContainText('已更新 1 个型号的寿命算法');
    } else {
      await modal.getByRole('button', { name: '取消' }).click();
    }
    await expect(formulaRow.getByTestId('formula-used-by')).toHaveText('0');
    await formulaRow.getByRole('button', { name: '删除' }).click();
    await tab.locator('.ant-popover').getByRole('button', { name: '删除' }).click();
    await expect(formulaRow).toHaveCount(0);
  }
  await tab.close();
});

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`life analysis pages look finished, ${theme}, ${language}`, lookTags('life-analysis', theme, language), async ({ page, request, baseURL }) => {
      await setConsoleLook(page, theme, language);
      await browserSignIn(page, request, ADMIN, baseURL!);
      const life = new LifeAnalysis(page);
      const shoot = async (name: string) => {
        await page.mouse.move(1919, 1079);
        await page.screenshot({ path: `${SHOTS}/life-${name}-${theme}-${language}.png`, animations: 'disabled' });
      };
      await page.goto('/nv_life_analysis/nv_device_life_analysis');
      await expect(life.rows().first()).toBeVisible();
      await expect(life.count('total')).toHaveText(/^\d+$/);
      await shoot('devices');
      await life.rows().first().click();
      await expect(life.drawer.locator('[data-echart="drawn"] svg')).toBeVisible();
      await shoot('trend');
      await page.goto('/nv_life_analysis/nv_life_set');
      await expect(life.modelRow(F8)).toBeVisible();
      await shoot('settings');
      await page.locator(`[data-model-edit="${F8}"]`).click();
      await expect(page.locator('[data-model-form]')).toBeVisible();
      await shoot('model-form');
      await page.goto('/nv_life_analysis/nv_life_formula');
      await expect(life.heading).toBeVisible();
      await page.locator('.ant-btn-primary').first().click();
      const form = page.locator('[data-formula-form]');
      await form.locator('textarea').first().fill('max(resistance - initialResistance, 0) / (finalResistance - initialResistance) * 100 + dust * 0');
      await page.locator('[data-formula-test]').click();
      await expect(page.getByTestId('formula-test-result')).toBeVisible();
      await shoot('formula');
    });
  }
}
