import { expect, test, type Page } from '@playwright/test';
import { SUPERADMIN } from './pages/accounts';
import { apiGet, browserSignIn } from './pages/api';
import { ScreenEditor, ScreenLibrary } from './pages/ScreenEditor';
import { lookTags } from './pages/consoleLook';

/**
 * Issue 16: the template library, personal configuration and the editor (a selection, a user guide,
 * the property panel) at 1920×1080 in both themes and languages, and the preview at 3840×2160,
 * saved to test-results/screenshots/screen16-<page>-<theme>-<lang>.png.
 */

const SHOTS = 'test-results/screenshots';

test.describe.configure({ timeout: 240_000 });

async function settings(page: Page, theme: string, language: string): Promise<void> {
  await page.addInitScript(([t, l]) => {
    localStorage.setItem('nv_theme', JSON.stringify(t));
    localStorage.setItem('nv_lang', l);
  }, [theme, language]);
}

for (const theme of ['dark', 'light'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`the library, personal settings and editor look finished, ${theme}, ${language}`, lookTags('screen-shots', theme, language), async ({ page, request, baseURL }) => {
      await settings(page, theme, language);
      const token = await browserSignIn(page, request, SUPERADMIN, baseURL!);
      const shoot = async (name: string) => {
        await page.mouse.move(1919, 1079);
        await page.screenshot({ path: `${SHOTS}/screen16-${name}-${theme}-${language}.png`, animations: 'disabled' });
      };

      const library = new ScreenLibrary(page);
      await library.open();
      // The seeded templates get their thumbnails drawn by the runtime on the first visit.
      for (const name of ['平台总览', '单项目监控', '三维态势']) {
        await expect(library.card(name).first().locator('[data-thumbnail="image"]')).toBeVisible({ timeout: 120_000 });
      }
      await shoot('library');

      await page.goto('/nv_personal_config');
      await expect(page.locator('[data-page="personal-config"] form')).toBeVisible({ timeout: 30_000 });
      await shoot('personal');

      const list = await apiGet<{ list: { id: number; name: string }[] }>(request, token, '/t_screen_tpl?Size=200');
      const overview = list.list.find((t) => t.name === '平台总览')!;
      const editor = new ScreenEditor(page);
      await page.goto(`/nv_screen_graph_editor?id=${overview.id}`);
      await editor.expectLoaded();
      await expect(editor.widget('kpiOnline').locator('[data-state="ready"]')).toBeVisible({ timeout: 30_000 });
      // A guide dragged out of the top ruler, and a widget selected: its properties on the right.
      const ruler = (await page.locator('[data-editor-canvas] canvas').first().boundingBox())!;
      const at = await editor.toScreen(0, 640);
      await page.mouse.move(ruler.x + 400, ruler.y + ruler.height / 2);
      await page.mouse.down();
      await page.mouse.move(ruler.x + 400, at.y, { steps: 8 });
      await page.mouse.up();
      await editor.widget('kpiOnline').click();
      await expect(editor.properties).toHaveAttribute('data-editor-properties', 'kpiOnline');
      await shoot('editor');
    });
  }
}

test('the preview renders the template at 3840×2160 as /monitor does', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 3840, height: 2160 });
  const token = await browserSignIn(page, request, SUPERADMIN, baseURL!);
  const list = await apiGet<{ list: { id: number; name: string }[] }>(request, token, '/t_screen_tpl?Size=200');
  const overview = list.list.find((t) => t.name === '平台总览')!;
  await page.goto(`/nv_screen_graph_preview?id=${overview.id}`);
  await expect(page.locator('[data-screen-widget]')).toHaveCount(13);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-screen-widget]')].every((w) => w.getAttribute('data-state') === 'ready'), undefined, { timeout: 30_000 });
  await page.mouse.move(3839, 10);
  await page.screenshot({ path: `${SHOTS}/screen16-preview-2160p.png` });
});

test('every demo template shows in the light and the dark wall theme at 3840×2160', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 3840, height: 2160 });
  const token = await browserSignIn(page, request, SUPERADMIN, baseURL!);
  const list = await apiGet<{ list: { id: number; name: string }[] }>(request, token, '/t_screen_tpl?Size=200');
  const demos = [['平台总览', 'overview'], ['单项目监控', 'project'], ['三维态势', 'situation']] as const;
  const titleColours: Record<string, string> = {};
  for (const wallTheme of ['light', 'dark'] as const) {
    for (const [name, file] of demos) {
      const template = list.list.find((t) => t.name === name)!;
      await page.goto(`/monitor?tpl=${template.id}&theme=${wallTheme}`);
      await expect(page.locator('[data-screen-viewport]')).toHaveAttribute('data-wall-theme', wallTheme);
      await page.waitForFunction(() => {
        const widgets = [...document.querySelectorAll('[data-screen-widget]')];
        return widgets.length > 0 && widgets.every((w) => w.getAttribute('data-state') === 'ready');
      }, undefined, { timeout: 60_000 });
      if (file === 'overview') {
        titleColours[wallTheme] = await page.locator('[data-screen-widget] h2').first()
          .evaluate((el) => getComputedStyle(el).color);
      }
      await page.mouse.move(3839, 2159);
      await page.screenshot({ path: `${SHOTS}/screen16-wall-${wallTheme}-${file}-2160p.png` });
    }
  }
  // What a viewer sees changes with the theme: light titles are dark text.
  expect(titleColours.light).not.toEqual(titleColours.dark);
});
