/**
 * How many charts, WebGL scenes, maps and project graphs (maxGraph) are alive on this page. Each
 * is counted up where it is created and down where it is disposed; the soak benches read
 * `window.__nvLive` to prove a wall that runs for weeks leaves nothing behind.
 */
export const liveInstances = { charts: 0, scenes: 0, maps: 0, graphs: 0 };

if (typeof window !== 'undefined') (window as unknown as { __nvLive: typeof liveInstances }).__nvLive = liveInstances;
