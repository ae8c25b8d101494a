import type { Page } from '@playwright/test';

/** The console theme and language `page` starts in (localStorage nv_theme / nv_lang, read at start). */
export async function setConsoleLook(page: Page, theme: 'dark' | 'light', language: 'zh' | 'en'): Promise<void> {
  await page.addInitScript(([t, l]) => {
    localStorage.setItem('nv_theme', JSON.stringify(t));
    localStorage.setItem('nv_lang', l);
  }, [theme, language]);
}

const LOOKS = ['dark-zh', 'light-en', 'light-zh', 'dark-en'] as const;

/**
 * The tags of a screenshot test of one look (theme × language) of a spec's pages. Every look is
 * tagged `@look`: `npm run test:visual` runs all four of every page. Three of the four are also
 * tagged `@visual`, which `npm test` leaves out, so `npm test` takes one look of each page. Which
 * look stays in `npm test` turns with the spec's name, so that `npm test` still draws both themes
 * and both languages (English texts that overflow, a light theme's unreadable colours) somewhere.
 */
export function lookTags(spec: string, theme: 'dark' | 'light', language: 'zh' | 'en'): { tag: string[] } {
  let hash = 0;
  for (const ch of spec) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const kept = LOOKS[hash % LOOKS.length];
  return { tag: `${theme}-${language}` === kept ? ['@look'] : ['@look', '@visual'] };
}
