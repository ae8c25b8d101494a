import type { Page } from 'playwright-core';

/** What `window.__nvLive` counts (screens/widgets/shared/liveInstances.ts); -1 each where the page has none. */
export interface LiveInstances { charts: number; scenes: number; maps: number; graphs: number }

export interface PageMemory {
  /** JS heap in use after two forced collections, MB. */
  heapMB: number;
  nodes: number;
  listeners: number;
  live: LiveInstances;
}

/** A soak bench's look at a page: forced GC, then its JS heap, DOM counters and live instances (Chromium's DevTools protocol). */
export async function pageMemory(page: Page): Promise<PageMemory> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const dom = await cdp.send('Memory.getDOMCounters');
    const live = await page.evaluate('window.__nvLive ?? null') as LiveInstances | null;
    return { heapMB: heap.usedSize / 1024 / 1024, nodes: dom.nodes, listeners: dom.jsEventListeners, live: live ?? { charts: -1, scenes: -1, maps: -1, graphs: -1 } };
  } finally {
    await cdp.detach();
  }
}
