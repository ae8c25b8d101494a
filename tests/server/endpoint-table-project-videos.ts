import type { Kysely } from 'kysely';
import { Right } from '../../contract/rights';
import type { DB } from '../../server/db/schema';
import type { EndpointCase, MatrixContext } from './endpoint-table';

const dbOf = (ctx: MatrixContext) => ctx.server.database.db as Kysely<DB>;
let made = 0;

/** The operator's first project (上海张江, P-SH-01): every matrix caller with a token sees it. */
async function projectId(ctx: MatrixContext): Promise<number> {
  return (await dbOf(ctx).selectFrom('t_project').select('id').where('code', '=', 'P-SH-01').executeTakeFirstOrThrow()).id;
}

/** The matrix's camera channel `name` of the project (made when missing): its id. */
async function matrixVideo(ctx: MatrixContext, name: string): Promise<number> {
  const db = dbOf(ctx);
  const pid = await projectId(ctx);
  const row = await db.selectFrom('t_project_video').select('id').where('project_id', '=', pid).where('name', '=', name).executeTakeFirst();
  if (row) return row.id;
  return (await db.insertInto('t_project_video').values({
    project_id: pid, name, stream_url: 'https://cams.example.com/matrix/index.m3u8', sort_order: 0, created_at: Date.now(), updated_at: Date.now(),
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** The matrix's graph `name` of the project without bindings (made when missing, never the default): its id. */
async function libraryGraph(ctx: MatrixContext, name: string): Promise<number> {
  const db = dbOf(ctx);
  const pid = await projectId(ctx);
  const row = await db.selectFrom('t_project_graph').select('id').where('project_id', '=', pid).where('name', '=', name).executeTakeFirst();
  if (row) return row.id;
  return (await db.insertInto('t_project_graph').values({
    project_id: pid, name, xml: '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/></root></mxGraphModel>',
    is_default: 0, is_active: 1, created_at: Date.now(), updated_at: Date.now(),
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** The project's default graph before set-default ran, put back by its undo. */
let priorDefault: number | undefined;
async function rememberDefault(ctx: MatrixContext): Promise<void> {
  await libraryGraph(ctx, '矩阵库组态');
  priorDefault ??= (await dbOf(ctx).selectFrom('t_project_graph').select('id').where('project_id', '=', await projectId(ctx))
    .where('is_default', '=', 1).executeTakeFirst())?.id;
}
async function restoreDefault(ctx: MatrixContext): Promise<void> {
  if (priorDefault === undefined) return;
  const db = dbOf(ctx);
  await db.updateTable('t_project_graph').set({ is_default: 0 }).where('project_id', '=', await projectId(ctx)).execute();
  await db.updateTable('t_project_graph').set({ is_default: 1 }).where('id', '=', priorDefault).execute();
}

/** Camera channels (server/routes/project-videos/, issue 18 nv_associate_video) for the rights matrix of endpoint-table.ts. */
export const PROJECT_VIDEO_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_project_video/all', access: Right.ProjectPreview,
    call: async (ctx) => ({ url: `/api/t_project_video/all?projectId=${await projectId(ctx)}` }) },
  // A new channel each call.
  { method: 'POST', route: '/api/t_project_video/save', access: Right.ProjectEdit,
    call: async (ctx) => ({ url: '/api/t_project_video/save', body: {
      projectId: await projectId(ctx), name: `矩阵通道 ${++made}`, streamUrl: 'https://cams.example.com/matrix/gate.m3u8',
    } }) },
  // Deletes the matrix's delete channel; undo puts one back.
  { method: 'POST', route: '/api/t_project_video/del/:id', access: Right.ProjectEdit,
    prepare: async (ctx) => { await matrixVideo(ctx, '矩阵删除通道'); },
    call: async (ctx) => ({ url: `/api/t_project_video/del/${await matrixVideo(ctx, '矩阵删除通道')}` }),
    async undo(ctx) { await matrixVideo(ctx, '矩阵删除通道'); } },
];

/** The graph libraries (server/routes/project-graphs/graph-library-routes.ts, issue 18) for the rights matrix of endpoint-table.ts. */
export const GRAPH_LIBRARY_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_project_graph/library', access: Right.ProjectPreview,
    call: async (ctx) => ({ url: `/api/t_project_graph/library?Page=1&Size=20&projectId=${await projectId(ctx)}` }) },
  // A new copy each call, in the same project.
  { method: 'POST', route: '/api/t_project_graph/copy', access: Right.ProjectEdit,
    prepare: async (ctx) => { await libraryGraph(ctx, '矩阵库组态'); },
    call: async (ctx) => ({ url: '/api/t_project_graph/copy', body: {
      id: await libraryGraph(ctx, '矩阵库组态'), projectId: await projectId(ctx), name: `矩阵副本 ${++made}`,
    } }) },
  // Makes the matrix's library graph the default; undo gives the default back.
  { method: 'POST', route: '/api/t_project_graph/set-default/:id', access: Right.ProjectEdit, prepare: rememberDefault,
    call: async (ctx) => ({ url: `/api/t_project_graph/set-default/${await libraryGraph(ctx, '矩阵库组态')}` }),
    undo: restoreDefault },
  // Takes the matrix's library graph out of the live view; undo puts it back.
  { method: 'POST', route: '/api/t_project_graph/set-active/:id', access: Right.ProjectEdit,
    prepare: async (ctx) => { await libraryGraph(ctx, '矩阵库组态'); },
    call: async (ctx) => ({ url: `/api/t_project_graph/set-active/${await libraryGraph(ctx, '矩阵库组态')}`, body: { isActive: false } }),
    async undo(ctx) { await dbOf(ctx).updateTable('t_project_graph').set({ is_active: 1 }).where('id', '=', await libraryGraph(ctx, '矩阵库组态')).execute(); } },
];
