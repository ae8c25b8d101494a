import { Right } from '../../contract/rights';
import { hashToken } from '../../server/auth/tokens';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The demo wall 大厅 2×2 视频墙 (global): every caller with screen-preview sees it. */
async function demoWallId(ctx: MatrixContext): Promise<number> {
  return (await ctx.server.database.db.selectFrom('t_wall').select('id').where('name', '=', '大厅 2×2 视频墙').executeTakeFirstOrThrow()).id;
}

/** The operator organisation's wall named `name` (a 1×2 wall), inserted when missing: the operator may change it. */
async function matrixWallId(ctx: MatrixContext, name = '矩阵视频墙'): Promise<number> {
  const db = ctx.server.database.db;
  const found = await db.selectFrom('t_wall').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  const operator = await db.selectFrom('t_user').select('org_id').where('id', '=', ctx.ids.operator).executeTakeFirstOrThrow();
  const now = Date.now();
  return (await db.insertInto('t_wall').values({
    name, rows: 1, cols: 2, screen_width: 1920, screen_height: 1080, epoch: now, org_id: operator.org_id, created_by: ctx.ids.operator, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A display token of the matrix wall (its digest stored as the API stores it). */
async function matrixTokenId(ctx: MatrixContext): Promise<number> {
  const db = ctx.server.database.db;
  const wallId = await matrixWallId(ctx);
  const found = await db.selectFrom('t_wall_token').select('id').where('wall_id', '=', wallId).where('name', '=', '矩阵令牌').executeTakeFirst();
  if (found) return found.id;
  return (await db.insertInto('t_wall_token').values({
    wall_id: wallId, tile: null, name: '矩阵令牌', token_hash: hashToken(`matrix-${wallId}`), created_by: ctx.ids.operator, created_at: Date.now(),
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** The video-wall endpoints (issue 23) for the rights matrix of endpoint-table.ts. */
export const WALL_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_wall', access: Right.ScreenPreview, call: () => ({ url: '/api/t_wall' }) },
  { method: 'GET', route: '/api/t_wall/:id', access: Right.ScreenPreview,
    call: async (ctx) => ({ url: `/api/t_wall/${ctx.caller.api.token ? await demoWallId(ctx) : 1}` }) },
  { method: 'GET', route: '/api/t_wall/:id/display', access: Right.ScreenPreview,
    call: async (ctx) => ({ url: `/api/t_wall/${ctx.caller.api.token ? await demoWallId(ctx) : 1}/display` }) },
  { method: 'POST', route: '/api/t_wall/save', access: Right.ScreenEdit,
    call: () => ({ url: '/api/t_wall/save', body: { name: '矩阵保存的墙', rows: 1, cols: 1, screenWidth: 1920, screenHeight: 1080 } }) },
  // Deletes the operator organisation's matrix wall (made here when missing); undo puts one back.
  { method: 'POST', route: '/api/t_wall/:id/delete', access: Right.ScreenEdit,
    call: async (ctx) => ({ url: `/api/t_wall/${ctx.caller.api.token ? await matrixWallId(ctx, '矩阵删除的墙') : 1}/delete` }),
    async undo(ctx) { await matrixWallId(ctx, '矩阵删除的墙'); } },
  { method: 'GET', route: '/api/t_wall/:id/tokens', access: Right.ScreenEdit,
    call: async (ctx) => ({ url: `/api/t_wall/${ctx.caller.api.token ? await matrixWallId(ctx) : 1}/tokens` }) },
  { method: 'POST', route: '/api/t_wall/:id/tokens/create', access: Right.ScreenEdit,
    call: async (ctx) => ({ url: `/api/t_wall/${ctx.caller.api.token ? await matrixWallId(ctx) : 1}/tokens/create`, body: { name: '矩阵', tile: [0, 1] } }) },
  // Revoking is idempotent: a second call answers the token as it is.
  { method: 'POST', route: '/api/t_wall/tokens/:tokenId/revoke', access: Right.ScreenEdit,
    call: async (ctx) => ({ url: `/api/t_wall/tokens/${ctx.caller.api.token ? await matrixTokenId(ctx) : 1}/revoke` }) },
];
