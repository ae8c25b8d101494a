import { Right } from '../../contract/rights';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The operator organisation's playlist named `name` (one template item), inserted when missing. */
async function matrixPlaylistId(ctx: MatrixContext, name = '矩阵轮播'): Promise<number> {
  const db = ctx.server.database.db;
  const found = await db.selectFrom('t_playlist').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  const operator = await db.selectFrom('t_user').select('org_id').where('id', '=', ctx.ids.operator).executeTakeFirstOrThrow();
  const id = (await db.insertInto('t_playlist').values({ name, enabled: 1, org_id: operator.org_id, created_at: Date.now(), updated_at: Date.now() })
    .returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('t_playlist_item').values({ playlist_id: id, position: 0, kind: 'template', template_id: await overviewId(ctx), duration_sec: 30 }).execute();
  return id;
}

/** The global template 平台总览, which every caller sees. */
async function overviewId(ctx: MatrixContext): Promise<number> {
  return (await ctx.server.database.db.selectFrom('t_screen_tpl').select('id').where('name', '=', '平台总览').executeTakeFirstOrThrow()).id;
}

/** The kiosk playlist endpoints (issue 7) for the rights matrix of endpoint-table.ts. */
export const PLAYLIST_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_playlist/all', access: 'signed-in', call: () => ({ url: '/api/t_playlist/all' }) },
  { method: 'GET', route: '/api/t_playlist/:id', access: 'signed-in',
    call: async (ctx) => ({ url: `/api/t_playlist/${ctx.caller.api.token ? await matrixPlaylistId(ctx) : 1}` }) },
  { method: 'POST', route: '/api/t_playlist/save', access: Right.ScreenEdit,
    call: async (ctx) => ({
      url: '/api/t_playlist/save',
      body: { name: '矩阵轮播保存', items: [{ kind: 'template', templateId: await overviewId(ctx), durationSec: 30 }] },
    }) },
  // Deletes the operator organisation's matrix playlist (made here when missing); undo puts one back.
  { method: 'POST', route: '/api/t_playlist/del/:id', access: Right.ScreenEdit,
    call: async (ctx) => ({ url: `/api/t_playlist/del/${ctx.caller.api.token ? await matrixPlaylistId(ctx, '矩阵删除轮播') : 1}` }),
    async undo(ctx) { await matrixPlaylistId(ctx, '矩阵删除轮播'); } },
];
