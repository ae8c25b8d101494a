import { templateIdParam } from '../../../contract/address-params';
import { INLINE_MONITOR_TEMPLATE_ID } from '../../../contract/constants';
import type { ScreenTemplateRecord, WidgetType } from '../../../contract/screen-template';
import { preloadWidgets } from '../../../screens/runtime/useWidgetModule';
import { WIDGETS } from '../../../screens/widgets/registry';
import { getRuntimeConfig } from '../../shared/config';
import { peekEarlyRead, startEarlyRead, takeEarlyRead } from '../../shared/earlyReads';
import { apiGet } from '../../shared/http';
import type { EarlyReads } from '../../shared/screen/createScreenClient';
import { getToken } from '../../shared/session';
import { fetchTemplate } from './monitorApi';

/** The template read at start-up; `ready` when the page carried it (no read needed). */
let prefetched: { id: number | null; record: Promise<ScreenTemplateRecord>; ready: ScreenTemplateRecord | null } | null = null;

type Params = Record<string, string | number>;

/** The key of one REST read: the endpoint and its params in a stable order. */
export function readKey(endpoint: string, params: Params): string {
  return `${endpoint}?${Object.keys(params).sort().map((k) => `${k}=${params[k]}`).join('&')}`;
}

/** The REST sources of a stored template that need no variable, read without the schema. */
function plainRestSources(content: unknown): { endpoint: string; params: Params }[] {
  const sources = (content as { sources?: unknown } | null)?.sources;
  if (!Array.isArray(sources)) return [];
  return sources.flatMap((s: { kind?: unknown; endpoint?: unknown; params?: unknown }) => {
    if (s?.kind !== 'rest' || typeof s.endpoint !== 'string' || !s.endpoint.startsWith('/api/')) return [];
    const params = (s.params ?? {}) as Params;
    if (typeof params !== 'object' || JSON.stringify([s.endpoint, params]).includes('${')) return [];
    return [{ endpoint: s.endpoint, params }];
  });
}

/** The widgets of a stored template with a known type, read without the schema (the runtime checks it). */
function knownWidgets(content: unknown): { type: WidgetType; props: Record<string, unknown> }[] {
  const widgets = (content as { widgets?: unknown } | null)?.widgets;
  if (!Array.isArray(widgets)) return [];
  return widgets.flatMap((w: { type?: unknown; props?: unknown } | null) => {
    const type = w?.type;
    if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(WIDGETS, type)) return [];
    const props = w?.props && typeof w.props === 'object' && !Array.isArray(w.props) ? w.props as Record<string, unknown> : {};
    return [{ type: type as WidgetType, props }];
  });
}

/**
 * A wall opening /monitor cold should not wait for each step in turn: while the console's chunks
 * load and it checks the session, this already fetches the template, the chunks of the widgets
 * it names (and what they need besides data, such as the map's outline) and the data of its REST
 * sources that need no variable. Only started for /monitor with a token; returns whether it started.
 */
export function startMonitorPrefetch(pathname: string, search: string): boolean {
  if (!isMonitorStart(pathname)) return false;
  // A video-wall tile (`?wall=`) reads its wall's display, not the user's template.
  if (new URLSearchParams(search).has('wall')) return true;
  const id = templateIdParam(new URLSearchParams(search).get('tpl'));
  const startReads = (r: ScreenTemplateRecord) => {
    for (const { endpoint, params } of plainRestSources(r.content)) {
      // Keyed `endpoint?params`, handed to the screen's first reads (monitorEarlyReads).
      startEarlyRead(readKey(endpoint, params), () => apiGet<unknown>(endpoint.slice('/api'.length), params, undefined, { quietNotFound: true }));
    }
    // Through the runtime's own loader, so the screen finds the modules loaded when it mounts.
    preloadWidgets(knownWidgets(r.content), { map: getRuntimeConfig().map });
  };
  const ready = takeEmbeddedTemplate(id);
  if (ready) {
    // Now, not in a reaction: those run only after the whole entry has been evaluated.
    prefetched = { id, record: Promise.resolve(ready), ready };
    startReads(ready);
    return true;
  }
  const record = fetchTemplate(id);
  prefetched = { id, record, ready: null };
  record.then(startReads).catch(() => undefined);
  return true;
}

/**
 * The template the server put in the page for this address (server/http/monitor-start.ts), taken
 * once (the block is removed); null when there is none, it answers another address or is unreadable.
 */
function takeEmbeddedTemplate(id: number | null): ScreenTemplateRecord | null {
  const el = typeof document === 'undefined' ? null : document.getElementById(INLINE_MONITOR_TEMPLATE_ID);
  if (!el) return null;
  el.remove();
  try {
    const block = JSON.parse(el.textContent ?? '') as { tpl?: unknown; record?: unknown } | null;
    const record = block?.record as ScreenTemplateRecord | undefined;
    return block?.tpl === id && record && typeof record === 'object' && typeof record.id === 'number' ? record : null;
  } catch {
    return null;
  }
}

/** A signed-in start on /monitor: the case worth fetching ahead for. */
export function isMonitorStart(pathname: string): boolean {
  return /^\/monitor\/?$/.test(pathname) && !!getToken();
}

/**
 * The reads started at start-up, handed over once each while fresh: the answer when it has come
 * in (the screen's first render shows it), else the read on its way.
 */
export const monitorEarlyReads: EarlyReads = {
  answered(endpoint, params) {
    const key = readKey(endpoint, params);
    if (!peekEarlyRead(key)?.answer) return null;
    return takeEarlyRead(key)?.answer ?? null;
  },
  take: (endpoint, params) => takeEarlyRead(readKey(endpoint, params))?.data ?? null,
};

/** The template the page carried for this id, if any and not yet handed over: a first render can show it at once. */
export function peekReadyTemplate(id: number | null): ScreenTemplateRecord | null {
  return prefetched && prefetched.id === id ? prefetched.ready : null;
}

/** The template fetched at start-up for this id, handed over once; null when there is none. */
export function takePrefetchedTemplate(id: number | null): Promise<ScreenTemplateRecord> | null {
  if (!prefetched || prefetched.id !== id) return null;
  const { record } = prefetched;
  prefetched = null;
  return record;
}
