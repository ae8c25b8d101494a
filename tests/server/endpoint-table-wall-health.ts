import { Right } from '../../contract/rights';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The demo wall 大厅 2×2 视频墙 (global): every caller with screen-preview sees it. */
async function demoWallId(ctx: MatrixContext): Promise<number> {
  return (await ctx.server.database.db.selectFrom('t_wall').select('id').where('name', '=', '大厅 2×2 视频墙').executeTakeFirstOrThrow()).id;
}

/** The video-wall health endpoints (issue 23, server/routes/wall-health/) for the rights matrix of endpoint-table.ts. */
export const WALL_HEALTH_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_wall/health', access: Right.ScreenPreview, call: () => ({ url: '/api/t_wall/health' }) },
  { method: 'GET', route: '/api/t_wall/:id/tile-history', access: Right.ScreenPreview,
    call: async (ctx) => ({ url: `/api/t_wall/${ctx.caller.api.token ? await demoWallId(ctx) : 1}/tile-history?tile=0,1` }) },
  // What a launcher reports (a display token's call; a person who sees the wall may make it too).
  { method: 'POST', route: '/api/t_wall/:id/tile-event', access: Right.ScreenPreview,
    call: async (ctx) => ({
      url: `/api/t_wall/${ctx.caller.api.token ? await demoWallId(ctx) : 1}/tile-event`, body: { tile: [1, 1], kind: 'started', detail: 'matrix' },
    }) },
];
