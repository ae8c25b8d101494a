import type { Page } from '@playwright/test';

/**
 * Records whether React's page-loading screen (a lazy chunk's Suspense fallback, PageLoading) was
 * ever put in the document: once one shows, React holds the page behind it for at least 300 ms.
 */
const LOADING_PROBE = `(() => {
  window.__nvLoadingSeen = false;
  new MutationObserver(() => {
    if (document.querySelector('[data-page-loading]')) window.__nvLoadingSeen = true;
  }).observe(document, { subtree: true, childList: true });
})();`;

/** Installs the probe for the page's next loads. */
export async function watchPageLoading(page: Page): Promise<void> {
  await page.addInitScript({ content: LOADING_PROBE });
}

/** Whether the page showed React's loading screen since it loaded. */
export async function pageLoadingSeen(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __nvLoadingSeen: boolean }).__nvLoadingSeen);
}
