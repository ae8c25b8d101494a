import { expect, test } from '@playwright/test';
import { makePng } from '../server/png';
import { ADMIN } from './pages/accounts';
import { pickOption } from './pages/AdminControls';
import { apiGet, apiPost, browserSignIn } from './pages/api';
import { ResourceListPage } from './pages/ResourceListPage';
import { lookTags } from './pages/consoleLook';

const SHOTS = 'test-results/screenshots';

test.describe.configure({ timeout: 120_000 });

// Issue 17: the catalogue pages of the kit (products, IoT products, tags, categories).
for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`screenshots of the product catalogue's lists, ${theme}, ${language}`, lookTags('product-catalogue', theme, language), async ({ page, request, baseURL }) => {
      await page.addInitScript(([t, l]) => {
        localStorage.setItem('nv_theme', JSON.stringify(t));
        localStorage.setItem('nv_lang', l);
      }, [theme, language]);
      await browserSignIn(page, request, ADMIN, baseURL!);
      const shoot = (name: string) => page.screenshot({ path: `${SHOTS}/product17-${name}-${theme}-${language}.png`, animations: 'disabled' });
      const models = new ResourceListPage(page, 't_device_model');
      await page.goto('/nv_product/nv_product_list');
      await models.expectLoaded();
      await shoot('products');
      await page.goto('/nv_iot/nv_iot_product');
      await models.expectLoaded();
      await shoot('iot-products');
      await page.goto('/nv_product/nv_measure_tag');
      await new ResourceListPage(page, 't_measure_tag').expectLoaded();
      await shoot('tags');
      await page.goto('/nv_product/nv_product_category');
      await new ResourceListPage(page, 't_device_category').expectLoaded();
      await shoot('categories');
    });
  }
}

test('an admin adds a product with its picture; it is listed with products, not with IoT products, and a built-in tag cannot be deleted', async ({ page, request, baseURL }) => {
  const token = await browserSignIn(page, request, ADMIN, baseURL!);
  const models = new ResourceListPage(page, 't_device_model');
  await page.goto('/nv_product/nv_product_list');
  await models.expectLoaded();
  await models.button('新增').click();
  await models.field('型号名称').fill('E2E 高效过滤器 F900');
  await models.field('型号编码').fill('E2E-F900');
  await pickOption(page, models.field('设备类型'), '过滤器');
  await models.drawer.locator('input[type="file"]').setInputFiles({ name: 'f900.png', mimeType: 'image/png', buffer: makePng(64, 48) });
  await expect(models.drawer.locator('[data-stored-image^="/api/files/image/"]')).toBeVisible();
  await models.drawerButton('保存').click();
  await expect(models.drawer).toBeHidden();
  await models.search('名称/编码', 'E2E-F900');
  const row = models.row('E2E 高效过滤器 F900');
  await expect(row.locator('[data-stored-image^="/api/files/image/"] img')).toBeVisible();
  // The picture is served, not just referenced.
  const src = await row.locator('img').getAttribute('src');
  expect((await request.get(new URL(src!, baseURL).toString())).status()).toBe(200);

  await page.goto('/nv_iot/nv_iot_product?keyword=E2E-F900');
  await models.expectLoaded();
  await expect(models.emptyState).toBeVisible();

  await page.goto('/nv_product/nv_measure_tag');
  const tags = new ResourceListPage(page, 't_measure_tag');
  await tags.expectLoaded();
  const pm25 = tags.row('PM2.5');
  await pm25.getByRole('button', { name: '删除' }).click();
  await tags.confirm();
  await expect(tags.message(/系统内置/)).toBeVisible();
  await expect(pm25).toBeVisible();

  const list = await apiGet<{ list: { id: number; code: string }[] }>(request, token, '/t_device_model?keyword=E2E-F900');
  for (const m of list.list) expect((await apiPost(request, token, `/t_device_model/del/${m.id}`)).success).toBe(true);
});
