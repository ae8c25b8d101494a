import { expect, test } from '@playwright/test';
import { SUPERADMIN } from './pages/accounts';
import { apiGet, browserSignIn } from './pages/api';

const SHOTS = 'test-results/screenshots';

test('template library, editor and preview look finished', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, SUPERADMIN, baseURL!);
  await page.goto('/nv_screen_graph_lib');
  await expect(page.locator('[data-template-card]').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/screen-library-1080p.png` });
  const list = await apiGet<{ list: { id: number; name: string }[] }>(request, token, '/t_screen_tpl?Size=200');
  const overview = list.list[0];
  await page.goto(`/nv_screen_graph_editor?id=${overview.id}`);
  await expect(page.locator('[data-editor-widget]').first()).toBeVisible();
  await page.locator('[data-editor-widget="kpiOnline"]').click();
  await page.screenshot({ path: `${SHOTS}/screen-editor-1080p.png` });
  await page.setViewportSize({ width: 3840, height: 2160 });
  await page.goto(`/nv_screen_graph_preview?id=${overview.id}`);
  await expect(page.locator('[data-screen-widget]').first()).toBeVisible();
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `${SHOTS}/screen-preview-2160p.png` });
});
