import { ADMIN } from '../e2e/pages/accounts';
import { benchApi, benchLogin } from './bench-api';
import { size } from './quick';

/** The seeded templates the soak plays: charts, the project map and the 3D purifier model; a project's screen with its table and trend; the echarts-gl 3D map. */
const SOAK_TEMPLATES = ['平台总览', '单项目监控', '三维态势'];
/** How many of the seeded project graphs it plays after the templates (all eight of the demo): a graph switch is the quickest, so more of them mean more switches a minute. */
const SOAK_GRAPHS = size(8, 2);
/** How many of the templates it plays (a quick run: the first; all are looked up). */
const SOAK_PLAYED_TEMPLATES = size(SOAK_TEMPLATES.length, 1);
const SOAK_NAME = 'kiosk soak bench';

interface PlaylistBrief { id: number; name: string; items: { kind: string; projectId?: number; name: string }[] }

/**
 * Creates, through the real playlist API as the demo admin, the playlist the kiosk soak plays:
 * the seeded 平台总览 (echarts charts, the project map, an r3f scene), 单项目监控 (a project's
 * screen: its variables, trend, table and ranking) and 三维态势 (echarts-gl's WebGL 3D map), then
 * the first {@link SOAK_GRAPHS} seeded project graphs of 大厅轮播 (maxGraph), each at the shortest
 * duration. (三维态势 was left out while its turning map kept a software renderer's main thread busy;
 * such a display now holds it still: globePropsForDisplay.) Resolves with its id and item names.
 */
export async function createSoakPlaylist(base: string): Promise<{ id: number; items: string[] }> {
  const token = await benchLogin(base, ADMIN);
  const templates = await benchApi<{ id: number; name: string }[]>(base, token, '/t_screen_tpl/all');
  const soakTemplates = SOAK_TEMPLATES.map((name) => {
    const template = templates.find((t) => t.name === name);
    if (!template) throw new Error(`kiosk soak: the seeded template ${name} is missing`);
    return template;
  });
  const seeded = (await benchApi<PlaylistBrief[]>(base, token, '/t_playlist/all')).find((p) => p.name === '大厅轮播');
  const graphs = (seeded?.items ?? []).filter((i) => i.kind === 'graph' && i.name && i.projectId).slice(0, SOAK_GRAPHS);
  if (graphs.length < 2) throw new Error('kiosk soak: fewer than two seeded project graphs in 大厅轮播');
  const saved = await benchApi<PlaylistBrief>(base, token, '/t_playlist/save', {
    name: SOAK_NAME,
    enabled: true,
    items: [
      ...soakTemplates.slice(0, SOAK_PLAYED_TEMPLATES).map((t) => ({ kind: 'template', templateId: t.id, durationSec: 5 })),
      ...graphs.map((g) => ({ kind: 'graph', projectId: g.projectId, durationSec: 5 })),
    ],
  });
  return { id: saved.id, items: saved.items.map((i) => i.name) };
}
