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

/** A page's JS heap by what V8's heap snapshot calls its nodes, MB. */
export interface HeapComposition {
  /** Everything in the snapshot (self sizes). */
  totalMB: number;
  /**
   * V8's compiled code: bytecode, machine code and what it hangs on (the snapshot's `code`
   * nodes). It grows for thousands of runs while V8 tiers functions up, and is bounded by the
   * page's functions (bytecode of unused ones is flushed), not by how long the page runs.
   */
  codeMB: number;
  /**
   * DevTools' own record of every request the page made (Blink's NetworkResourcesData, kept while
   * a DevTools client has the Network domain on, as Playwright always does): about 0.3 kB a
   * request, not the page's.
   */
  inspectorMB: number;
  /** The rest: objects, strings, arrays, closures, DOM, what a leak of the page would be made of. */
  dataMB: number;
  /** How many requests DevTools keeps a record of (NetworkResourcesData::ResourceData nodes). */
  requestRecords: number;
}

/** Takes a heap snapshot over the DevTools protocol (it collects garbage first) and sums it by kind. */
export async function heapComposition(page: Page): Promise<HeapComposition> {
  const cdp = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => { chunks.push(chunk); });
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    await cdp.detach();
  }
  return snapshotComposition(chunks.join(''));
}

/** A heap snapshot's JSON (HeapProfiler.takeHeapSnapshot's chunks joined) summed by kind. */
export function snapshotComposition(json: string): HeapComposition {
  const snapshot = JSON.parse(json) as { snapshot: { meta: { node_fields: string[]; node_types: unknown[] } }; nodes: number[]; strings: string[] };
  const fields = snapshot.snapshot.meta.node_fields;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = snapshot.snapshot.meta.node_types[typeAt] as string[];
  const codeType = types.indexOf('code');
  const nativeType = types.indexOf('native');
  let total = 0;
  let code = 0;
  let inspector = 0;
  let requestRecords = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const size = snapshot.nodes[i + sizeAt];
    total += size;
    const type = snapshot.nodes[i + typeAt];
    if (type === codeType) code += size;
    else if (type === nativeType) {
      const name = snapshot.strings[snapshot.nodes[i + nameAt]];
      if (!name.startsWith('blink::NetworkResourcesData')) continue;
      inspector += size;
      if (name.startsWith('blink::NetworkResourcesData::ResourceData')) requestRecords++;
    }
  }
  const mb = (x: number) => x / 1024 / 1024;
  return { totalMB: mb(total), codeMB: mb(code), inspectorMB: mb(inspector), dataMB: mb(total - code - inspector), requestRecords };
}
