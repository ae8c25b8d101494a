import { Right } from '../../contract/rights';
import type { EndpointCase, MatrixContext } from './endpoint-table';
import { makePng } from './png';

/** A minimal valid screen template. */
const LIBRARY_SCREEN = {
  version: 2, canvas: { width: 1920, height: 1080, background: '#000000', scaleMode: 'fit' },
  widgets: [{ id: 'title', type: 'header', x: 0, y: 0, w: 1920, h: 96 }],
};
const THUMBNAIL = `data:image/png;base64,${makePng().toString('base64')}`;
const ALL_DATA_ONLY = /可查看全部数据的用户/;

/** The operator organisation's template named `name`, inserted when missing (every caller may change it). */
async function libraryTemplate(ctx: MatrixContext, name = '矩阵模板库'): Promise<{ id: number; version: number }> {
  const db = ctx.server.database.db;
  const found = await db.selectFrom('t_screen_tpl').select(['id', 'version']).where('name', '=', name).executeTakeFirst();
  if (found) return found;
  const operator = await db.selectFrom('t_user').select('org_id').where('id', '=', ctx.ids.operator).executeTakeFirstOrThrow();
  return db.insertInto('t_screen_tpl').values({
    name, content: JSON.stringify(LIBRARY_SCREEN), is_default: 0, is_active: 0, org_id: operator.org_id, created_at: Date.now(), updated_at: Date.now(),
  }).returning(['id', 'version']).executeTakeFirstOrThrow();
}

/** The global template 平台总览, which every caller sees. */
async function overview(ctx: MatrixContext): Promise<number> {
  return (await ctx.server.database.db.selectFrom('t_screen_tpl').select('id').where('name', '=', '平台总览').executeTakeFirstOrThrow()).id;
}

/** Gives 平台总览 a thumbnail, for the image route. */
async function withThumbnail(ctx: MatrixContext): Promise<void> {
  await ctx.server.database.db.updateTable('t_screen_tpl').set({ thumbnail: THUMBNAIL }).where('id', '=', await overview(ctx)).execute();
}

/** The screen template library's endpoints (issue 16) for the rights matrix of endpoint-table.ts. */
export const SCREEN_LIBRARY_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_screen_tpl/:id/thumbnail', access: 'signed-in', raw: true, prepare: withThumbnail,
    call: async (ctx) => ({ url: `/api/t_screen_tpl/${await overview(ctx)}/thumbnail` }) },
  { method: 'POST', route: '/api/t_screen_tpl/thumbnail/:id', access: Right.ScreenEdit, prepare: async (ctx) => { await libraryTemplate(ctx); },
    call: async (ctx) => ({ url: `/api/t_screen_tpl/thumbnail/${(await libraryTemplate(ctx)).id}`, body: { image: THUMBNAIL } }) },
  { method: 'POST', route: '/api/t_screen_tpl/copy/:id', access: Right.ScreenEdit,
    call: async (ctx) => ({ url: `/api/t_screen_tpl/copy/${await overview(ctx)}`, body: { name: '矩阵副本' } }) },
  { method: 'POST', route: '/api/t_screen_tpl/rename/:id', access: Right.ScreenEdit, prepare: async (ctx) => { await libraryTemplate(ctx); },
    call: async (ctx) => {
      const t = await libraryTemplate(ctx);
      return { url: `/api/t_screen_tpl/rename/${t.id}`, body: { name: '矩阵模板库', version: t.version } };
    } },
  { method: 'POST', route: '/api/t_screen_tpl/active/:id', access: Right.ScreenEdit, prepare: async (ctx) => { await libraryTemplate(ctx); },
    call: async (ctx) => ({ url: `/api/t_screen_tpl/active/${(await libraryTemplate(ctx)).id}`, body: { value: false } }) },
  // Setting the installation's defaults also needs all data: the demo operator holds the right but not the scope.
  { method: 'POST', route: '/api/t_screen_tpl/default/:id', access: Right.ScreenEdit, scopeRefused: ALL_DATA_ONLY,
    call: async (ctx) => ({ url: `/api/t_screen_tpl/default/${await overview(ctx)}` }) },
  { method: 'POST', route: '/api/t_screen_tpl/default-multi/:id', access: Right.ScreenEdit, scopeRefused: ALL_DATA_ONLY,
    call: async (ctx) => ({ url: `/api/t_screen_tpl/default-multi/${await overview(ctx)}`, body: { value: false } }) },
  { method: 'GET', route: '/api/t_screen_tpl/:id/revisions', access: Right.ScreenPreview,
    call: async (ctx) => ({ url: `/api/t_screen_tpl/${await overview(ctx)}/revisions` }) },
  { method: 'GET', route: '/api/t_screen_tpl/:id/revisions/:version', access: Right.ScreenPreview,
    call: async (ctx) => ({ url: `/api/t_screen_tpl/${await overview(ctx)}/revisions/1` }) },
  { method: 'POST', route: '/api/t_screen_tpl/:id/restore', access: Right.ScreenEdit, prepare: async (ctx) => { await libraryTemplate(ctx); },
    call: async (ctx) => {
      const t = await libraryTemplate(ctx);
      return { url: `/api/t_screen_tpl/${t.id}/restore`, body: { revision: 1, version: t.version } };
    } },
  { method: 'GET', route: '/api/t_screen_tpl/:id/export', access: Right.ScreenPreview, raw: true, rawType: 'application/json; charset=utf-8',
    call: async (ctx) => ({ url: `/api/t_screen_tpl/${await overview(ctx)}/export` }) },
  { method: 'POST', route: '/api/t_screen_tpl/import', access: Right.ScreenEdit,
    call: () => ({ url: '/api/t_screen_tpl/import', body: { file: { format: 'nv-screen-template', name: '矩阵导入', content: LIBRARY_SCREEN } } }) },
];
