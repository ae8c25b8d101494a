import type { Kysely } from 'kysely';
import { Right } from '../../contract/rights';
import { hashPassword } from '../../server/auth/passwords';
import type { DB } from '../../server/db/schema';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The matrix's users, in the operator's organisation (every caller of the matrix sees them). */
const MATRIX_USER = 'matrix.user';
/** Removed again after each call: what recover brings back. */
const MATRIX_REMOVED = 'matrix.removed';
const MATRIX_PASSWORD = 'Matrix@2026';

const dbOf = (ctx: MatrixContext) => ctx.server.database.db as Kysely<DB>;

async function operatorOrg(ctx: MatrixContext): Promise<number> {
  return (await dbOf(ctx).selectFrom('t_user').select('org_id').where('id', '=', ctx.ids.operator).executeTakeFirstOrThrow()).org_id;
}

/** The matrix user of that name (made on first use), with its removal as given. */
async function matrixUser(ctx: MatrixContext, username: string, removed = false): Promise<number> {
  const db = dbOf(ctx);
  const deleted_at = removed ? Date.now() : null;
  const row = await db.selectFrom('t_user').select('id').where('username', '=', username).executeTakeFirst();
  if (row) {
    await db.updateTable('t_user').set({ deleted_at, disabled: 0 }).where('id', '=', row.id).execute();
    return row.id;
  }
  return (await db.insertInto('t_user').values({
    username, nick_name: username, password_hash: await hashPassword(MATRIX_PASSWORD), org_id: await operatorOrg(ctx), created_at: Date.now(), deleted_at,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A matrix user's id (read only: a call must change nothing before it is sent). */
async function userId(ctx: MatrixContext, username: string): Promise<number> {
  return (await dbOf(ctx).selectFrom('t_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

const prepareUser = async (ctx: MatrixContext) => { await matrixUser(ctx, MATRIX_USER); };
const prepareRemoved = async (ctx: MatrixContext) => { await matrixUser(ctx, MATRIX_REMOVED, true); };

/** The user-manage calls beside the kit's (server/routes/user-manage/user-manage-routes.ts, guest-routes.ts). */
export const USER_ENDPOINTS: EndpointCase[] = [
  { method: 'POST', route: '/api/user-manage/disable', access: Right.UserEdit, prepare: prepareUser, undo: prepareUser,
    call: async (ctx) => ({ url: '/api/user-manage/disable', body: { id: await userId(ctx, MATRIX_USER), disabled: true } }) },
  { method: 'POST', route: '/api/user-manage/recover', access: Right.UserDelete, prepare: prepareRemoved, undo: prepareRemoved,
    call: async (ctx) => ({ url: '/api/user-manage/recover', body: { id: await userId(ctx, MATRIX_REMOVED) } }) },
  { method: 'POST', route: '/api/user-manage/change-password', access: Right.UserEdit, prepare: prepareUser,
    call: async (ctx) => ({ url: '/api/user-manage/change-password', body: { id: await userId(ctx, MATRIX_USER), password: MATRIX_PASSWORD } }) },
  { method: 'GET', route: '/api/user-manage/check-user', access: Right.UserEdit, call: () => ({ url: '/api/user-manage/check-user?username=admin' }) },
  { method: 'GET', route: '/api/user-manage/assignable-roles', access: Right.UserEdit,
    call: async (ctx) => ({ url: `/api/user-manage/assignable-roles?orgId=${await operatorOrg(ctx)}` }) },
  // Into the organisation it is in already: nothing moves, the call still checks all it must.
  { method: 'POST', route: '/api/user-manage/join-org', access: Right.UserEdit, prepare: prepareUser,
    call: async (ctx) => ({ url: '/api/user-manage/join-org', body: { id: await userId(ctx, MATRIX_USER), orgId: await operatorOrg(ctx) } }) },
  { method: 'POST', route: '/api/user-manage/bind/wxopenid', access: Right.UserEdit, prepare: prepareUser,
    call: async (ctx) => ({ url: '/api/user-manage/bind/wxopenid', body: { id: await userId(ctx, MATRIX_USER), openId: 'oMatrixWx' } }) },
  { method: 'POST', route: '/api/user-manage/bind/appopenid', access: Right.UserEdit, prepare: prepareUser,
    call: async (ctx) => ({ url: '/api/user-manage/bind/appopenid', body: { id: await userId(ctx, MATRIX_USER), openId: 'oMatrixApp' } }) },
  { method: 'GET', route: '/api/user-manage/orgs', access: Right.UserPreview, call: () => ({ url: '/api/user-manage/orgs' }) },
  { method: 'GET', route: '/api/user-manage/guest-info', access: Right.UserPreview, call: () => ({ url: '/api/user-manage/guest-info' }) },
];
