import type { Page } from '@playwright/test';

/** The console theme and language `page` starts in (localStorage nv_theme / nv_lang, read at start). */
export async function setConsoleLook(page: Page, theme: 'dark' | 'light', language: 'zh' | 'en'): Promise<void> {
  await page.addInitScript(([t, l]) => {
    localStorage.setItem('nv_theme', JSON.stringify(t));
    localStorage.setItem('nv_lang', l);
  }, [theme, language]);
}
