import type { Kysely } from 'kysely';
import { columnOf, type ResourceDefinition } from '../../contract/resources/kit';
import { Right } from '../../contract/rights';
import { RESOURCES } from '../../contract/resources/registry';
import type { EndpointCase, MatrixContext } from './endpoint-table';
import { ORG_LOG_ENDPOINTS } from './endpoint-table-org-logs';
import { ROLE_ENDPOINTS } from './endpoint-table-roles';
import { USER_ENDPOINTS } from './endpoint-table-users';
import { RESOURCE_SAMPLES } from './resource-samples';

const MATRIX_TAG = '矩阵';
let saves = 0;

/** The operator's organisation: the matrix rows live there, where every caller of the matrix sees them. */
async function operatorOrg(ctx: MatrixContext): Promise<number> {
  return (await ctx.server.database.db.selectFrom('t_user').select('org_id').where('id', '=', ctx.ids.operator).executeTakeFirstOrThrow()).org_id;
}

/** The resource's matrix row (made by `prepare`). */
async function matrixRowId(ctx: MatrixContext, def: ResourceDefinition): Promise<number | undefined> {
  const db = ctx.server.database.db as unknown as Kysely<any>;
  const label = RESOURCE_SAMPLES[def.name].valid(MATRIX_TAG, 0)[def.label];
  let q = db.selectFrom(def.table).select('id').where(columnOf(def.label), '=', label);
  if (def.softDelete) q = q.where(columnOf(def.softDelete), 'is', null);
  return (await q.executeTakeFirst())?.id;
}

async function ensureMatrixRow(ctx: MatrixContext, def: ResourceDefinition): Promise<void> {
  if (await matrixRowId(ctx, def)) return;
  const db = ctx.server.database.db as unknown as Kysely<any>;
  const sample = RESOURCE_SAMPLES[def.name];
  if (def.softDelete) {
    // A removed matrix row comes back: its unique fields are still taken.
    const label = sample.valid(MATRIX_TAG, 0)[def.label];
    const back = await db.updateTable(def.table).set({ [columnOf(def.softDelete)]: null }).where(columnOf(def.label), '=', label).executeTakeFirst();
    if (Number(back.numUpdatedRows)) return;
  }
  const orgId = await operatorOrg(ctx);
  const values: Record<string, unknown> = sample.stored ? await sample.stored(MATRIX_TAG, orgId) : Object.fromEntries(
    Object.entries(sample.valid(MATRIX_TAG, orgId)).map(([k, v]) => [columnOf(k), v]),
  );
  if (def.createdAt) values.created_at = Date.now();
  if (def.scope.kind === 'org' && !def.scope.owner) values[columnOf(def.scope.field ?? 'orgId')] = orgId;
  await db.insertInto(def.table).values(values).execute();
}

/** The kit's six routes of every definition and what families add, for the rights matrix of endpoint-table.ts. */
export const RESOURCE_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_region/is-project-exists', access: Right.BaseDataPreview, call: () => ({ url: '/api/t_region/is-project-exists?id=1' }) },
  { method: 'GET', route: '/api/t_application/can-login', access: 'public', call: () => ({ url: '/api/t_application/can-login?id=1' }) },
  { method: 'GET', route: '/api/t_application/orgs', access: Right.ApplicationPreview, call: () => ({ url: '/api/t_application/orgs?id=1' }) },
  // Joins the supplier organisation to the demo application; undo takes it off again.
  { method: 'POST', route: '/api/t_application/add-org', access: Right.ApplicationEdit,
    call: async (ctx) => ({ url: '/api/t_application/add-org', body: { appId: 1, orgIds: [await operatorOrg(ctx)] } }),
    async undo(ctx) { await ctx.server.database.db.deleteFrom('t_app_org').where('app_id', '=', 1).where('org_id', '=', await operatorOrg(ctx)).execute(); } },
  { method: 'POST', route: '/api/t_application/remove-org', access: Right.ApplicationEdit,
    call: async (ctx) => ({ url: '/api/t_application/remove-org', body: { appId: 1, orgIds: [await operatorOrg(ctx)] } }) },
  { method: 'GET', route: '/api/t_application/user-app-count', access: Right.ApplicationPreview, call: () => ({ url: '/api/t_application/user-app-count' }) },
  { method: 'GET', route: '/api/t_application/login-list', access: Right.ApplicationPreview, call: () => ({ url: '/api/t_application/login-list?id=1&Page=1&Size=20' }) },
  ...ORG_LOG_ENDPOINTS,
  ...ROLE_ENDPOINTS,
  ...USER_ENDPOINTS,
  ...kitEndpoints(),
];



/** A fixed set's first seeded row, as a save body that changes nothing but its version. */
async function fixedRowUpdate(ctx: MatrixContext, def: ResourceDefinition): Promise<Record<string, unknown> & { id: number }> {
  const db = ctx.server.database.db as unknown as Kysely<any>;
  const row = await db.selectFrom(def.table).selectAll().orderBy('id').executeTakeFirstOrThrow();
  return { ...Object.fromEntries(Object.keys(def.save.shape).map((f) => [f, row[columnOf(f)]])), id: row.id, version: row.version };
}

function kitEndpoints(): EndpointCase[] {
  return RESOURCES.flatMap((def): EndpointCase[] => {
    const base = `/api/${def.name}`;
    if (def.fixed) {
      // A fixed set: its seeded rows are read and changed; there is no delete route.
      return [
        { method: 'GET', route: base, access: def.rights.preview, call: () => ({ url: `${base}?Page=1&Size=20` }) },
        { method: 'GET', route: `${base}/all`, access: def.rights.preview, call: () => ({ url: `${base}/all` }) },
        { method: 'GET', route: `${base}/names`, access: 'signed-in', call: () => ({ url: `${base}/names` }) },
        { method: 'GET', route: `${base}/:id`, access: def.rights.preview, call: async (ctx) => ({ url: `${base}/${(await fixedRowUpdate(ctx, def)).id}` }) },
        { method: 'POST', route: `${base}/save`, access: def.rights.edit, call: async (ctx) => ({ url: `${base}/save`, body: await fixedRowUpdate(ctx, def) }) },
      ];
    }
    const rowUrl = async (ctx: MatrixContext, path: string) => `${base}${path}${(await matrixRowId(ctx, def)) ?? 1}`;
    const prepare = (ctx: MatrixContext) => ensureMatrixRow(ctx, def);
    return [
      { method: 'GET', route: base, access: def.rights.preview, call: () => ({ url: `${base}?Page=1&Size=20` }) },
      { method: 'GET', route: `${base}/all`, access: def.rights.preview, call: () => ({ url: `${base}/all` }) },
      { method: 'GET', route: `${base}/names`, access: 'signed-in', call: () => ({ url: `${base}/names` }) },
      { method: 'GET', route: `${base}/:id`, access: def.rights.preview, prepare, call: async (ctx) => ({ url: await rowUrl(ctx, '/') }) },
      { method: 'POST', route: `${base}/save`, access: def.rights.edit,
        call: async (ctx) => ({ url: `${base}/save`, body: RESOURCE_SAMPLES[def.name].valid(`矩阵保存${++saves}`, await operatorOrg(ctx)) }) },
      // Deletes the matrix row (visible to every caller); prepare and undo put it back.
      { method: 'POST', route: `${base}/del/:id`, access: def.rights.delete ?? def.rights.edit, prepare, undo: prepare,
        call: async (ctx) => ({ url: await rowUrl(ctx, '/del/') }) },
    ];
  });
}
