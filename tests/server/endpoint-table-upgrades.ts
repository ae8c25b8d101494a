import fs from 'node:fs';
import path from 'node:path';
import { Right } from '../../contract/rights';
import { issueGatewayKey } from '../../server/telemetry/gateway-keys';
import type { EndpointCase, MatrixContext } from './endpoint-table';
import { fileForm } from './png';

const MATRIX_FIRMWARE = Buffer.from('matrix firmware image');
const MATRIX_MD5 = '0f3e4d5b3c1a5f4e0b8a7d6c5e4f3a2b';
let version = 0;

/** The operator's project P-SH-01: a filter (NV-F600) on its gateway, and 张伟 (who submits the matrix's requests: no caller's own). */
async function operatorDevice(ctx: MatrixContext): Promise<{ deviceId: number; modelId: number; gatewayId: number; submitter: number }> {
  const db = ctx.server.database.db;
  const d = await db.selectFrom('t_device as d').innerJoin('t_project as p', 'p.id', 'd.project_id')
    .innerJoin('t_device_model as m', 'm.id', 'd.device_model_id')
    .select(['d.id as deviceId', 'm.id as modelId', 'd.gateway_id as gatewayId'])
    .where('p.code', '=', 'P-SH-01').where('m.code', '=', 'NV-F600').where('d.gateway_id', 'is not', null).orderBy('d.id').executeTakeFirstOrThrow();
  const zhang = await db.selectFrom('t_user').select('id').where('username', '=', 'zhang.wei').executeTakeFirstOrThrow();
  return { deviceId: d.deviceId, modelId: d.modelId, gatewayId: d.gatewayId!, submitter: zhang.id };
}

/** The matrix firmware `name` of the filter model, with its file on disk (made when missing). */
async function matrixFirmware(ctx: MatrixContext, name = 'matrix.bin'): Promise<number> {
  const db = ctx.server.database.db;
  const found = await db.selectFrom('t_upgrade_file').select('id').where('file_name', '=', name).executeTakeFirst();
  if (found) return found.id;
  const { modelId, submitter } = await operatorDevice(ctx);
  const stored = `${Buffer.from(name.padEnd(16, '0')).toString('hex').slice(0, 32)}.bin`;
  const dir = path.join(ctx.server.config.dataDir, 'firmware');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, stored), MATRIX_FIRMWARE);
  return (await db.insertInto('t_upgrade_file').values({
    device_model_id: modelId, file_name: name, file_ver: `V0.${name.length}.${Date.now() % 1000}`, md5: MATRIX_MD5, size: MATRIX_FIRMWARE.length,
    stored_name: stored, created_by: submitter, created_at: Date.now(),
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A task of the matrix firmware on the operator's filter, by 张伟, in `state` (items as that state has them); the first such, or a new one. */
async function matrixTask(ctx: MatrixContext, state: 'pending' | 'rejected' | 'running', remark: string): Promise<number> {
  const db = ctx.server.database.db;
  const fileId = await matrixFirmware(ctx);
  const found = await db.selectFrom('t_upgrade_task').select('id').where('remark', '=', remark).where('state', '=', state).orderBy('id').executeTakeFirst();
  if (found) return found.id;
  const { deviceId, modelId, gatewayId, submitter } = await operatorDevice(ctx);
  const now = Date.now();
  const id = (await db.insertInto('t_upgrade_task').values({
    file_id: fileId, device_model_id: modelId, state, remark, timeout_s: 86_400, created_by: submitter, created_at: now,
  }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('t_upgrade_item').values({
    task_id: id, device_id: deviceId, gateway_id: state === 'running' ? gatewayId : null,
    state: state === 'pending' ? 'waiting' : state === 'rejected' ? 'cancelled' : 'queued', updated_at: now,
  }).execute();
  return id;
}

/** A debug session on the operator's filter by 张伟: pending, or open for a day. */
async function matrixDebug(ctx: MatrixContext, state: 'pending' | 'approved'): Promise<number> {
  const db = ctx.server.database.db;
  const now = Date.now();
  const found = await db.selectFrom('t_debug_session').select('id').where('reason', '=', `矩阵-${state}`).where('state', '=', state)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)])).orderBy('id').executeTakeFirst();
  if (found) return found.id;
  const { deviceId, submitter } = await operatorDevice(ctx);
  return (await db.insertInto('t_debug_session').values({
    device_id: deviceId, reason: `矩阵-${state}`, duration_min: 1440, state, created_by: submitter, created_at: now,
    starts_at: state === 'approved' ? now : null, ends_at: state === 'approved' ? now + 86_400_000 : null,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** Firmware upgrade and remote debugging (issue 18) for the rights matrix of endpoint-table.ts. */
export const UPGRADE_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_upgrade_file', access: Right.UpgradePreview, call: () => ({ url: '/api/t_upgrade_file?Page=1&Size=5' }) },
  // A new version each time (a model takes a version once).
  { method: 'POST', route: '/api/t_upgrade_file/upload', access: Right.UpgradeEdit,
    call: async (ctx) => ({
      url: `/api/t_upgrade_file/upload?deviceModelId=${(await operatorDevice(ctx)).modelId}&fileVer=V9.${++version}`,
      body: fileForm(MATRIX_FIRMWARE, 'm.bin', 'application/octet-stream'),
    }) },
  { method: 'POST', route: '/api/t_upgrade_file/del/:id', access: Right.UpgradeEdit,
    async prepare(ctx) { await matrixFirmware(ctx, 'matrix-del.bin'); },
    call: async (ctx) => ({ url: `/api/t_upgrade_file/del/${await matrixFirmware(ctx, 'matrix-del.bin')}` }),
    async undo(ctx) { await matrixFirmware(ctx, 'matrix-del.bin'); } },
  // No token: the gateway with an open upgrade of the firmware downloads it with its key.
  { method: 'GET', route: '/api/gateway/firmware/:id', access: 'public', raw: true, rawType: 'application/octet-stream',
    async prepare(ctx) { await matrixTask(ctx, 'running', '矩阵下载'); },
    call: async (ctx) => {
      const key = await issueGatewayKey(ctx.server.database.db, (await operatorDevice(ctx)).gatewayId);
      return { url: `/api/gateway/firmware/${await matrixFirmware(ctx)}`, headers: { 'x-gateway-key': key } };
    } },
  { method: 'GET', route: '/api/t_upgrade', access: Right.UpgradePreview, call: () => ({ url: '/api/t_upgrade?Page=1&Size=5' }) },
  { method: 'GET', route: '/api/t_upgrade/devices', access: Right.UpgradeEdit,
    call: async (ctx) => ({ url: `/api/t_upgrade/devices?deviceModelId=${(await operatorDevice(ctx)).modelId}` }) },
  { method: 'GET', route: '/api/t_upgrade/:id', access: Right.UpgradePreview,
    async prepare(ctx) { await matrixTask(ctx, 'rejected', '矩阵查看'); },
    call: async (ctx) => ({ url: `/api/t_upgrade/${await matrixTask(ctx, 'rejected', '矩阵查看')}` }) },
  { method: 'POST', route: '/api/t_upgrade/save', access: Right.UpgradeEdit,
    async prepare(ctx) { await matrixFirmware(ctx); },
    call: async (ctx) => ({ url: '/api/t_upgrade/save', body: { fileId: await matrixFirmware(ctx), deviceIds: [(await operatorDevice(ctx)).deviceId] } }) },
  // Rejecting 张伟's pending task (sends nothing); undo leaves a pending one for the next caller.
  { method: 'POST', route: '/api/t_upgrade/audit', access: Right.UpgradeAudit,
    async prepare(ctx) { await matrixTask(ctx, 'pending', '矩阵审核'); },
    call: async (ctx) => ({ url: '/api/t_upgrade/audit', body: { id: await matrixTask(ctx, 'pending', '矩阵审核'), approved: false } }),
    async undo(ctx) { await matrixTask(ctx, 'pending', '矩阵审核'); } },
  { method: 'POST', route: '/api/t_upgrade/del/:id', access: Right.UpgradeEdit,
    async prepare(ctx) { await matrixTask(ctx, 'rejected', '矩阵删除'); },
    call: async (ctx) => ({ url: `/api/t_upgrade/del/${await matrixTask(ctx, 'rejected', '矩阵删除')}` }),
    async undo(ctx) { await matrixTask(ctx, 'rejected', '矩阵删除'); } },
  { method: 'GET', route: '/api/t_debug', access: Right.UpgradePreview, call: () => ({ url: '/api/t_debug?Page=1&Size=5' }) },
  { method: 'GET', route: '/api/t_debug/:id', access: Right.UpgradePreview,
    async prepare(ctx) { await matrixDebug(ctx, 'pending'); },
    call: async (ctx) => ({ url: `/api/t_debug/${await matrixDebug(ctx, 'pending')}` }) },
  { method: 'POST', route: '/api/t_debug/save', access: Right.UpgradeEdit,
    call: async (ctx) => ({ url: '/api/t_debug/save', body: { deviceId: (await operatorDevice(ctx)).deviceId, durationMin: 30, reason: '权限矩阵' } }) },
  { method: 'POST', route: '/api/t_debug/audit', access: Right.DebugAudit,
    async prepare(ctx) { await matrixDebug(ctx, 'pending'); },
    call: async (ctx) => ({ url: '/api/t_debug/audit', body: { id: await matrixDebug(ctx, 'pending'), approved: false } }),
    async undo(ctx) { await matrixDebug(ctx, 'pending'); } },
  { method: 'POST', route: '/api/t_debug/close/:id', access: Right.UpgradeEdit,
    async prepare(ctx) { await matrixDebug(ctx, 'approved'); },
    call: async (ctx) => ({ url: `/api/t_debug/close/${await matrixDebug(ctx, 'approved')}` }),
    async undo(ctx) { await matrixDebug(ctx, 'approved'); } },
];
