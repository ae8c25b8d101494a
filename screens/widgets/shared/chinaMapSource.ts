/*
 * The map of China's outline as a fetch of its own, without ECharts: a screen's start asks for it
 * from the widget registry (before the widget chunks and ECharts have loaded and run), and
 * chinaMap.ts registers the same answer with ECharts when a widget needs it.
 */

/** Where the provinces' GeoJSON is served (public/maps/china.json): fetched at run time, never bundled. */
export const CHINA_MAP_URL = `${import.meta.env.BASE_URL ?? '/'}maps/china.json`;

let pending: Promise<unknown> | null = null;
/** The parsed answer of the fetch in `pending` once it has arrived: a widget mounting later takes it synchronously. */
let arrived: { json: unknown } | null = null;

/**
 * The outline's parsed JSON, fetched once per page however many callers ask; a failed fetch is
 * forgotten, so the next call (a later mount, a retry) tries again. Not validated here.
 */
export function fetchChinaMapJson(): Promise<unknown> {
  if (pending) return pending;
  const attempt = (async () => {
    const response = await fetch(CHINA_MAP_URL);
    if (!response.ok) throw new Error(`${CHINA_MAP_URL}: HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  })();
  pending = attempt;
  attempt.then(
    (json) => { if (pending === attempt) arrived = { json }; },
    () => { if (pending === attempt) pending = null; },
  );
  return attempt;
}

/**
 * The outline's parsed JSON if its fetch has already answered, else undefined: a screen that
 * fetched it ahead (the registry's `prepare`) draws its map in the first pass instead of one
 * render and one frame later.
 */
export function peekChinaMapJson(): unknown {
  return arrived?.json;
}

/** Starts the fetch ahead of need; a failure is left to the widget that needs the map. */
export function prefetchChinaMap(): void {
  fetchChinaMapJson().catch(() => undefined);
}

/** Forgets the fetched outline: the next call fetches again (a file that was not a map, tests). */
export function forgetChinaMapJson(): void {
  pending = null;
  arrived = null;
}
