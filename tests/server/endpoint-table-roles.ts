import type { Kysely } from 'kysely';
import { Right } from '../../contract/rights';
import type { DB } from '../../server/db/schema';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The matrix's role: in the operator's organisation (every caller of the matrix sees it), no rights. */
const MATRIX_ROLE = '矩阵权限角色';
/** The matrix's organisation-type role (distributors: nothing in the matrix imports it). */
const MATRIX_TYPE_ROLE = '矩阵类型角色权限';
const COPY_PREFIX = '矩阵复制';
let copies = 0;

const dbOf = (ctx: MatrixContext) => ctx.server.database.db as Kysely<DB>;

async function operatorOrg(ctx: MatrixContext): Promise<number> {
  return (await dbOf(ctx).selectFrom('t_user').select('org_id').where('id', '=', ctx.ids.operator).executeTakeFirstOrThrow()).org_id;
}

async function matrixRole(ctx: MatrixContext): Promise<number> {
  const db = dbOf(ctx);
  const orgId = await operatorOrg(ctx);
  const row = await db.selectFrom('t_role').select('id').where('org_id', '=', orgId).where('name', '=', MATRIX_ROLE).executeTakeFirst();
  if (row) return row.id;
  return (await db.insertInto('t_role').values({ org_id: orgId, name: MATRIX_ROLE, data_scope: 'VDept', created_at: Date.now() })
    .returning('id').executeTakeFirstOrThrow()).id;
}

async function matrixTypeRole(ctx: MatrixContext): Promise<number> {
  const db = dbOf(ctx);
  const row = await db.selectFrom('t_org_type_role').select('id').where('org_type', '=', 3).where('name', '=', MATRIX_TYPE_ROLE).executeTakeFirst();
  if (row) return row.id;
  return (await db.insertInto('t_org_type_role').values({ org_type: 3, name: MATRIX_TYPE_ROLE, created_at: Date.now() })
    .returning('id').executeTakeFirstOrThrow()).id;
}

const prepareRole = async (ctx: MatrixContext) => { await matrixRole(ctx); };
const prepareTypeRole = async (ctx: MatrixContext) => { await matrixTypeRole(ctx); };

/** The access calls of server/routes/roles/ (role rights, data rights, measure rights, copy, type rights, …). */
export const ROLE_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/right/all', access: 'signed-in', call: () => ({ url: '/api/right/all' }) },
  { method: 'GET', route: '/api/right/holders', access: Right.RightPreview, call: () => ({ url: '/api/right/holders' }) },
  { method: 'GET', route: '/api/t_data_right/all', access: 'signed-in', call: () => ({ url: '/api/t_data_right/all' }) },
  { method: 'GET', route: '/api/role/rights/:id', access: Right.RolePreview, prepare: prepareRole,
    call: async (ctx) => ({ url: `/api/role/rights/${await matrixRole(ctx)}` }) },
  // Gives nothing (a caller with no more than role-edit may): the set stays empty.
  { method: 'POST', route: '/api/role/rights/:id', access: Right.RoleEdit, prepare: prepareRole,
    call: async (ctx) => ({ url: `/api/role/rights/${await matrixRole(ctx)}`, body: { rights: [] } }) },
  { method: 'GET', route: '/api/role/data-rights/:id', access: Right.RolePreview, prepare: prepareRole,
    call: async (ctx) => ({ url: `/api/role/data-rights/${await matrixRole(ctx)}` }) },
  { method: 'POST', route: '/api/role/data-rights/:id', access: Right.RoleEdit, prepare: prepareRole,
    call: async (ctx) => ({ url: `/api/role/data-rights/${await matrixRole(ctx)}`, body: { dataScope: 'VDept', targets: [] } }) },
  { method: 'GET', route: '/api/role/measure-rights/:id', access: Right.RolePreview, prepare: prepareRole,
    call: async (ctx) => ({ url: `/api/role/measure-rights/${await matrixRole(ctx)}` }) },
  { method: 'POST', route: '/api/role/measure-rights/:id', access: Right.RoleEdit, prepare: prepareRole,
    async call(ctx) {
      const measure = await dbOf(ctx).selectFrom('t_measure').select('id').orderBy('id').executeTakeFirstOrThrow();
      return { url: `/api/role/measure-rights/${await matrixRole(ctx)}`, body: { measureIds: [measure.id] } };
    } },
  // Each copy gets a name of its own; undo takes the copies away again.
  { method: 'POST', route: '/api/role/copy/:id', access: Right.RoleEdit, prepare: prepareRole,
    call: async (ctx) => ({ url: `/api/role/copy/${await matrixRole(ctx)}`, body: { name: `${COPY_PREFIX}${++copies}` } }),
    async undo(ctx) { await dbOf(ctx).deleteFrom('t_role').where('name', 'like', `${COPY_PREFIX}%`).execute(); } },
  { method: 'GET', route: '/api/role/user-rights/:userId', access: Right.RightPreview,
    call: (ctx) => ({ url: `/api/role/user-rights/${ctx.ids.operator}` }) },
  { method: 'GET', route: '/api/t_org_type/rights/:orgType', access: Right.OrgTypePreview, call: () => ({ url: '/api/t_org_type/rights/3' }) },
  // Sends the distributors' rights as they are: nothing given, nothing taken.
  { method: 'POST', route: '/api/t_org_type/rights/:orgType', access: Right.OrgTypeEdit,
    async call(ctx) {
      const rows = await dbOf(ctx).selectFrom('t_org_type_right').select('right_code').where('org_type', '=', 3).execute();
      return { url: '/api/t_org_type/rights/3', body: { rights: rows.map((r) => r.right_code) } };
    } },
  { method: 'GET', route: '/api/t_org_type_role/rights/:id', access: Right.OrgTypePreview, prepare: prepareTypeRole,
    call: async (ctx) => ({ url: `/api/t_org_type_role/rights/${await matrixTypeRole(ctx)}` }) },
  { method: 'POST', route: '/api/t_org_type_role/rights/:id', access: Right.OrgTypeEdit, prepare: prepareTypeRole,
    call: async (ctx) => ({ url: `/api/t_org_type_role/rights/${await matrixTypeRole(ctx)}`, body: { rights: [] } }) },
  { method: 'GET', route: '/api/t_org/rights/:id', access: Right.RightPreview, call: async (ctx) => ({ url: `/api/t_org/rights/${await operatorOrg(ctx)}` }) },
  // The owners' type offers no roles in the matrix: the import finds nothing to add.
  { method: 'POST', route: '/api/t_org/import-type-roles/:id', access: Right.RoleEdit,
    call: async (ctx) => ({ url: `/api/t_org/import-type-roles/${await operatorOrg(ctx)}` }) },
];
