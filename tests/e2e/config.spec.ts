import { expect, test } from '@playwright/test';

test('a malformed config.json shows an error screen naming the bad field', async ({ page }) => {
  await page.route('**/config.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ apiBaseUrl: 42 }) }));
  await page.goto('/passport/login');

  await expect(page.getByRole('heading', { name: '无法加载运行配置' })).toBeVisible();
  await expect(page.getByTestId('config-error-detail')).toHaveText('/config.json："apiBaseUrl" must be a string, got 42');
  await expect(page.getByRole('button', { name: '重新加载' })).toBeVisible();
});

test('a missing config.json shows the error screen instead of a blank page', async ({ page }) => {
  await page.route('**/config.json', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/');

  await expect(page.getByRole('heading', { name: '无法加载运行配置' })).toBeVisible();
  await expect(page.getByTestId('config-error-detail')).toHaveText('/config.json：answered HTTP 404');
});
