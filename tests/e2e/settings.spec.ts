import { expect, test } from '@playwright/test';
import { ADMIN } from './pages/accounts';
import { apiGet, apiPost, browserSignIn } from './pages/api';
import { setConsoleLook, lookTags } from './pages/consoleLook';

/**
 * Issue 22's 系统设置 (/nv_system/nv_settings), as an administrator uses it: changes the electricity
 * price and a retention period, saves, reloads and finds them kept; a bad value is refused with its
 * field named. What the test changes is put back. Screenshots: test-results/screenshots/settings22-*.png.
 */

const SHOTS = 'test-results/screenshots';
const PATH = '/nv_system/nv_settings';

interface Settings { electricityPrice: number; retention: { rawDays: number } }

test.describe.configure({ timeout: 120_000 });

test('the administrator changes the electricity price and a retention period, and they are kept', async ({ page, request, baseURL }) => {
  await setConsoleLook(page, 'dark', 'zh');
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const before = await apiGet<Settings>(request, token, '/sys_setting/get');
  try {
    await page.goto('/');
    // Through the menu, as a user finds it: 系统管理 › 系统设置.
    await page.getByRole('navigation').getByText('系统管理', { exact: true }).click();
    await page.getByRole('navigation').getByText('系统设置', { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    const form = page.getByTestId('settings-form');
    await expect(form).toBeVisible();

    const price = page.locator('#electricityPrice');
    const rawDays = page.locator('#retention_rawDays');
    await price.fill('1.05');
    await rawDays.fill('10');
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-saved')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('settings-form')).toBeVisible();
    await expect(price).toHaveValue('1.05');
    await expect(rawDays).toHaveValue('10');
    expect(await apiGet<Settings>(request, token, '/sys_setting/get')).toMatchObject({ electricityPrice: 1.05, retention: { rawDays: 10 } });

    // A bad value names its field and saves nothing.
    await rawDays.fill('0');
    await page.getByTestId('settings-save').click();
    const rawItem = page.locator('.ant-form-item').filter({ has: rawDays });
    await expect(rawItem.locator('.ant-form-item-explain-error')).toHaveText('不能小于 1');
    await expect(page.getByTestId('settings-saved')).toHaveCount(0);
    expect((await apiGet<Settings>(request, token, '/sys_setting/get')).retention.rawDays).toBe(10);
    // The server refuses it too, naming the field.
    const refused = await apiPost(request, token, '/sys_setting/save', { retention: { rawDays: 0 } });
    expect(refused.success).toBe(false);
    expect(refused.error).toMatch(/^body\.retention\.rawDays:/);
  } finally {
    await apiPost(request, token, '/sys_setting/save', { electricityPrice: before.electricityPrice, retention: { rawDays: before.retention.rawDays } });
  }
});

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`系统设置 looks finished, ${theme}, ${language}`, lookTags('settings', theme, language), async ({ page, request, baseURL }) => {
      await page.setViewportSize({ width: 1920, height: 1080 });
      await setConsoleLook(page, theme, language);
      await browserSignIn(page, request, ADMIN, baseURL!);
      await page.goto(PATH);
      await expect(page.getByTestId('settings-form')).toBeVisible();
      await expect(page.locator('#retention_rawDays')).not.toHaveValue('');
      await page.mouse.move(1919, 1079);
      await page.screenshot({ path: `${SHOTS}/settings22-${theme}-${language}.png`, animations: 'disabled' });
    });
  }
}
