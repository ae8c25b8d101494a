import { Right } from '../../contract/rights';
import { hashToken, newToken } from '../../server/auth/tokens';
import type { EndpointCase, MatrixContext } from './endpoint-table';
import { loginAs } from './harness';

const db = (ctx: MatrixContext) => ctx.server.database.db;
const orgId = async (ctx: MatrixContext, code: string) =>
  (await db(ctx).selectFrom('t_org').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

/** A card of the operator's organisation (华东洁净制造集团) with this ICCID: the first such, or a new one. */
async function matrixCard(ctx: MatrixContext, iccid: string): Promise<{ id: number; version: number; orgId: number }> {
  const found = await db(ctx).selectFrom('t_card').select(['id', 'version', 'org_id']).where('iccid', '=', iccid).executeTakeFirst();
  if (found) return { id: found.id, version: Number(found.version), orgId: found.org_id };
  const org = await orgId(ctx, 'OWN-EAST');
  const now = Date.now();
  const { id } = await db(ctx).insertInto('t_card').values({
    iccid, org_id: org, status: 2, data_limit_mb: 1024, data_used_mb: 10, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return { id, version: 1, orgId: org };
}

/** A live card token of the admin (as POST /api/t_card/login hands out). */
async function cardToken(ctx: MatrixContext): Promise<string> {
  const token = `card.${newToken()}`;
  const now = Date.now();
  await db(ctx).insertInto('t_card_token').values({
    token_hash: hashToken(token), user_id: ctx.ids.admin, org_id: await orgId(ctx, 'NV-HQ'), created_at: now, expires_at: now + 600_000,
  }).execute();
  return token;
}

/** A fresh preview of the demo catalogue's filter types (by the admin, over HTTP), to be applied. */
async function matrixPreview(ctx: MatrixContext): Promise<void> {
  const r = await (await loginAs(ctx.server, 'admin')).post('/app-api/t_lcc_sync/filter-type');
  if (!r.body.success) throw new Error(`preview failed: ${r.body.error}`);
}
const newestRun = async (ctx: MatrixContext) =>
  (await db(ctx).selectFrom('t_lcc_sync').select('id').where('kind', '=', 'filter-type').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;

/** The IoT card platform and the filter catalogue sync (issue 21) for the rights matrix of endpoint-table.ts. */
export const CARD_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_card', access: Right.IotCardSysPreview, call: () => ({ url: '/api/t_card?Page=1&Size=5&status=2' }) },
  { method: 'GET', route: '/api/t_card/warnings', access: Right.IotCardSysPreview, call: () => ({ url: '/api/t_card/warnings?days=30' }) },
  { method: 'GET', route: '/api/t_card/users', access: Right.IotCardSysPreview, call: () => ({ url: '/api/t_card/users?Page=1&Size=5' }) },
  { method: 'GET', route: '/api/t_card/:id', access: Right.IotCardSysPreview,
    async prepare(ctx) { await matrixCard(ctx, '8986990000000000001'); },
    call: async (ctx) => ({ url: `/api/t_card/${(await matrixCard(ctx, '8986990000000000001')).id}` }) },
  { method: 'POST', route: '/api/t_card/save', access: Right.CardEdit,
    async prepare(ctx) { await matrixCard(ctx, '8986990000000000002'); },
    call: async (ctx) => {
      const card = await matrixCard(ctx, '8986990000000000002');
      return { url: '/api/t_card/save', body: { id: card.id, version: card.version, iccid: '8986990000000000002', orgId: card.orgId, status: 4, remark: '矩阵' } };
    } },
  { method: 'POST', route: '/api/t_card/del/:id', access: Right.CardEdit,
    async prepare(ctx) { await matrixCard(ctx, '8986990000000000003'); },
    call: async (ctx) => ({ url: `/api/t_card/del/${(await matrixCard(ctx, '8986990000000000003')).id}` }),
    async undo(ctx) { await matrixCard(ctx, '8986990000000000003'); } },
  { method: 'POST', route: '/api/t_card/sync-user', access: Right.CardEdit,
    call: async (ctx) => ({ url: '/api/t_card/sync-user', body: { orgId: await orgId(ctx, 'OWN-EAST') } }) },
  { method: 'POST', route: '/api/t_card/user-state', access: Right.CardEdit,
    call: (ctx) => ({ url: '/api/t_card/user-state', body: { userId: ctx.ids.operator, enabled: true } }) },
  // A caller without a card platform account hears errCode 40001 inside a successful envelope.
  { method: 'POST', route: '/api/t_card/login', access: Right.IotCardSysPreview, call: () => ({ url: '/api/t_card/login' }) },
  { method: 'GET', route: '/srv/card-home', access: 'public', raw: true, rawType: 'text/html; charset=utf-8', call: () => ({ url: '/srv/card-home' }) },
  { method: 'GET', route: '/srv/card-home/app.js', access: 'public', raw: true, rawType: 'text/javascript; charset=utf-8',
    call: () => ({ url: '/srv/card-home/app.js' }) },
  { method: 'GET', route: '/srv/card-home/app.css', access: 'public', raw: true, rawType: 'text/css; charset=utf-8',
    call: () => ({ url: '/srv/card-home/app.css' }) },
  // No console token: the card token of a card platform login is the whole authorisation.
  { method: 'GET', route: '/srv/card-home/cards', access: 'public',
    call: async (ctx) => ({ url: '/srv/card-home/cards', headers: { 'x-card-token': await cardToken(ctx) } }) },
  { method: 'GET', route: '/app-api/t_lcc_sync', access: Right.ProductPreview, call: () => ({ url: '/app-api/t_lcc_sync?Page=1&Size=5&kind=filter-type' }) },
  { method: 'GET', route: '/app-api/t_lcc_sync/:id', access: Right.ProductPreview,
    prepare: matrixPreview, call: async (ctx) => ({ url: `/app-api/t_lcc_sync/${await newestRun(ctx)}` }) },
  { method: 'GET', route: '/app-api/t_lcc_sync_items', access: Right.ProductPreview,
    prepare: matrixPreview, call: async (ctx) => ({ url: `/app-api/t_lcc_sync_items?syncId=${await newestRun(ctx)}` }) },
  // The server's own demo catalogue is the upstream (no FILTER_CATALOGUE_URL in tests).
  { method: 'POST', route: '/app-api/t_lcc_sync/filter-type', access: Right.ProductEdit, call: () => ({ url: '/app-api/t_lcc_sync/filter-type' }) },
  { method: 'POST', route: '/app-api/t_lcc_sync/filter-model', access: Right.ProductEdit, call: () => ({ url: '/app-api/t_lcc_sync/filter-model' }) },
  { method: 'POST', route: '/app-api/t_lcc_sync/sync', access: Right.ProductEdit,
    prepare: matrixPreview, call: async (ctx) => ({ url: '/app-api/t_lcc_sync/sync', body: { id: await newestRun(ctx) } }), undo: matrixPreview },
  { method: 'GET', route: '/srv/demo/filter-catalogue', access: 'public', raw: true, rawType: 'application/json; charset=utf-8',
    call: () => ({ url: '/srv/demo/filter-catalogue' }) },
];
