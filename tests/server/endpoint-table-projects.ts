import type { Kysely } from 'kysely';
import { COM_XML_TYPE } from '../../contract/projects';
import { Right } from '../../contract/rights';
import type { DB } from '../../server/db/schema';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/*
 * The matrix's project lives in the operator's organisation, so every caller of the matrix sees it:
 * MATRIX-PRJ with a group, a gateway and two devices (one to move about, one to delete).
 */
const dbOf = (ctx: MatrixContext) => ctx.server.database.db as Kysely<DB>;
let made = 0;

async function operatorOrg(ctx: MatrixContext): Promise<number> {
  return (await dbOf(ctx).selectFrom('t_user').select('org_id').where('id', '=', ctx.ids.operator).executeTakeFirstOrThrow()).org_id;
}

async function matrixProject(ctx: MatrixContext): Promise<number> {
  const db = dbOf(ctx);
  const row = await db.selectFrom('t_project').select('id').where('code', '=', 'MATRIX-PRJ').executeTakeFirst();
  if (row) return row.id;
  return (await db.insertInto('t_project').values({ name: '矩阵项目', code: 'MATRIX-PRJ', org_id: await operatorOrg(ctx), created_at: Date.now() })
    .returning('id').executeTakeFirstOrThrow()).id;
}

async function matrixGroup(ctx: MatrixContext): Promise<number> {
  const db = dbOf(ctx);
  const row = await db.selectFrom('t_project_group').select('id').where('name', '=', '矩阵项目分组').executeTakeFirst();
  if (row) return row.id;
  return (await db.insertInto('t_project_group').values({ name: '矩阵项目分组', org_id: await operatorOrg(ctx) }).returning('id').executeTakeFirstOrThrow()).id;
}

async function matrixGateway(ctx: MatrixContext): Promise<number> {
  const db = dbOf(ctx);
  const row = await db.selectFrom('t_gateway').select('id').where('code', '=', 'MATRIX-PRJ-GW').executeTakeFirst();
  if (row) return row.id;
  return (await db.insertInto('t_gateway').values({ code: 'MATRIX-PRJ-GW', name: '矩阵网关', project_id: await matrixProject(ctx), created_at: Date.now() })
    .returning('id').executeTakeFirstOrThrow()).id;
}

/** The matrix project's device `code`, made when missing and put back into the project when it left. */
async function matrixDevice(ctx: MatrixContext, code = 'MATRIX-PRJ-DEV'): Promise<number> {
  const db = dbOf(ctx);
  const projectId = await matrixProject(ctx);
  const row = await db.selectFrom('t_device').select(['id', 'project_id']).where('code', '=', code).executeTakeFirst();
  if (row) {
    if (row.project_id !== projectId) await db.updateTable('t_device').set({ project_id: projectId }).where('id', '=', row.id).execute();
    return row.id;
  }
  let model = await db.selectFrom('t_device_model').select('id').where('code', '=', 'MATRIX-PRJ-M').executeTakeFirst();
  model ??= await db.insertInto('t_device_model').values({ name: '矩阵项目型号', code: 'MATRIX-PRJ-M', device_type_id: 2001, created_at: Date.now() })
    .returning('id').executeTakeFirstOrThrow();
  return (await db.insertInto('t_device').values({
    name: `矩阵项目设备 ${code}`, code, project_id: projectId, device_model_id: model.id, device_type_id: 2001, created_at: Date.now(),
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** The admin as a member of the matrix project (what t_project_member/del takes away). */
async function adminMember(ctx: MatrixContext): Promise<void> {
  const db = dbOf(ctx);
  const projectId = await matrixProject(ctx);
  const row = await db.selectFrom('t_project_member').select('user_id').where('project_id', '=', projectId).where('user_id', '=', ctx.ids.admin).executeTakeFirst();
  if (!row) await db.insertInto('t_project_member').values({ project_id: projectId, user_id: ctx.ids.admin, role: 'member' }).execute();
}

const prepare = async (ctx: MatrixContext) => { await matrixDevice(ctx); await matrixGateway(ctx); await matrixGroup(ctx); };
const put = async (ctx: MatrixContext) => { await matrixDevice(ctx); };
const q = async (ctx: MatrixContext, path: string, extra = '') => ({ url: `/api/t_project/${path}?projectId=${await matrixProject(ctx)}${extra}` });

/** The project family's own calls (server/routes/projects/); the kit's six routes are in endpoint-table-resources.ts. */
export const PROJECT_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_project/cnt', access: Right.ProjectPreview, call: () => ({ url: '/api/t_project/cnt?keyword=矩阵' }) },
  { method: 'GET', route: '/api/t_project/can-view/:id', access: 'signed-in', prepare,
    call: async (ctx) => ({ url: `/api/t_project/can-view/${await matrixProject(ctx)}` }) },
  { method: 'GET', route: '/api/t_project/is-creator/:id', access: Right.ProjectPreview, prepare,
    call: async (ctx) => ({ url: `/api/t_project/is-creator/${await matrixProject(ctx)}` }) },
  { method: 'GET', route: '/api/t_project/rights/:id', access: Right.ProjectPreview, prepare,
    call: async (ctx) => ({ url: `/api/t_project/rights/${await matrixProject(ctx)}` }) },
  { method: 'GET', route: '/api/t_project/related-user', access: Right.ProjectPreview, prepare, call: (ctx) => q(ctx, 'related-user') },
  { method: 'GET', route: '/api/t_project/devices', access: Right.ProjectPreview, prepare, call: (ctx) => q(ctx, 'devices', '&in=0') },
  { method: 'GET', route: '/api/t_project/gateways', access: Right.ProjectPreview, prepare, call: (ctx) => q(ctx, 'gateways') },
  { method: 'GET', route: '/api/t_project/regions', access: Right.ProjectPreview, call: () => ({ url: '/api/t_project/regions' }) },
  { method: 'GET', route: '/api/t_project/comXML/:id', access: Right.ProjectPreview, raw: true, rawType: COM_XML_TYPE, prepare,
    call: async (ctx) => ({ url: `/api/t_project/comXML/${await matrixProject(ctx)}` }) },
  { method: 'POST', route: '/api/t_project/associate', access: Right.ProjectEdit, prepare,
    call: async (ctx) => ({ url: '/api/t_project/associate', body: { projectId: await matrixProject(ctx), deviceIds: [await matrixDevice(ctx)] } }) },
  // Takes the matrix device out of the project; undo puts it back.
  { method: 'POST', route: '/api/t_project/remove-device', access: Right.ProjectEdit, prepare: put, undo: put,
    call: async (ctx) => ({ url: '/api/t_project/remove-device', body: { projectId: await matrixProject(ctx), deviceIds: [await matrixDevice(ctx)] } }) },
  // Deletes the matrix's delete device; undo makes another.
  { method: 'POST', route: '/api/t_project/del-dev', access: Right.DeviceDelete,
    prepare: async (ctx) => { await matrixDevice(ctx, 'MATRIX-PRJ-DEL'); },
    undo: async (ctx) => { await matrixDevice(ctx, 'MATRIX-PRJ-DEL'); },
    call: async (ctx) => ({ url: '/api/t_project/del-dev', body: { projectId: await matrixProject(ctx), deviceIds: [await matrixDevice(ctx, 'MATRIX-PRJ-DEL')] } }) },
  { method: 'POST', route: '/api/t_project/associate-group', access: Right.ProjectEdit, prepare,
    call: async (ctx) => ({ url: '/api/t_project/associate-group', body: { groupId: await matrixGroup(ctx), projectIds: [await matrixProject(ctx)] } }) },
  // A new gateway each call.
  { method: 'POST', route: '/api/t_project/add-gateway', access: Right.ProjectEdit, prepare,
    call: async (ctx) => ({ url: '/api/t_project/add-gateway', body: { projectId: await matrixProject(ctx), code: `MATRIX-GW-${++made}`, name: '矩阵新网关' } }) },
  { method: 'POST', route: '/api/t_project/add-gateway-items', access: Right.ProjectEdit, prepare,
    call: async (ctx) => ({ url: '/api/t_project/add-gateway-items', body: {
      projectId: await matrixProject(ctx), gatewayId: await matrixGateway(ctx), deviceIds: [await matrixDevice(ctx)],
    } }) },
  { method: 'POST', route: '/api/t_project/add-gateway-item', access: Right.ProjectEdit, prepare,
    call: async (ctx) => ({ url: '/api/t_project/add-gateway-item', body: {
      projectId: await matrixProject(ctx), gatewayId: await matrixGateway(ctx), deviceId: await matrixDevice(ctx),
    } }) },
  { method: 'GET', route: '/api/t_project_member', access: Right.ProjectPreview, prepare,
    call: async (ctx) => ({ url: `/api/t_project_member?projectId=${await matrixProject(ctx)}` }) },
  { method: 'POST', route: '/api/t_project_member/save', access: Right.ProjectEdit, prepare,
    call: async (ctx) => ({ url: '/api/t_project_member/save', body: { projectId: await matrixProject(ctx), userIds: [ctx.ids.operator], role: 'engineer' } }) },
  // Takes the admin off the matrix project; undo makes it a member again.
  { method: 'POST', route: '/api/t_project_member/del', access: Right.ProjectEdit, prepare: adminMember, undo: adminMember,
    call: async (ctx) => ({ url: '/api/t_project_member/del', body: { projectId: await matrixProject(ctx), userIds: [ctx.ids.admin] } }) },
];
