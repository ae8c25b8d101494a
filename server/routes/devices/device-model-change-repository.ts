import type { Kysely } from 'kysely';
import type { ChangeModelPlan, PointRef } from '../../../contract/device-admin';
import { DeviceState, LogAction } from '../../../contract/enums';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/api-error';
import { auditLog } from '../../logs/audit-log';
import { STALE_VERSION } from '../../resources/resource-routes';
import type { AlarmSnapshot, DeviceStateEvent } from '../../telemetry/telemetry-events';
import { visibleDeviceIds } from './device-repository';
import { openAlarms, pushConfig, type Writer } from './device-write-repository';

/** What the plan needs of a point. */
interface Point extends PointRef { conditionType: number | null }

/** A plan with what applying it needs beyond what the caller is shown. */
interface FullPlan extends ChangeModelPlan {
  pairs: { from: Point; to: Point; keepOverride: boolean }[];
  device: { id: number; name: string; version: number; state: number; lastSeenAt: number | null; gatewayId: number | null };
  toTypeId: number;
}

const ref = (p: Point): PointRef => ({ id: p.id, name: p.name, tagId: p.tagId, unit: p.unit });

async function modelPoints(db: Kysely<DB>, modelId: number): Promise<Point[]> {
  const rows = await db.selectFrom('t_measure').select(['id', 'name', 'tag_id', 'unit', 'condition_type'])
    .where('device_model_id', '=', modelId).orderBy('sort_order').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, tagId: r.tag_id, unit: r.unit, conditionType: r.condition_type }));
}

/**
 * Pairs the points of two models (contract/device-admin.ts ChangeModelPlan): by measure tag, the
 * n-th point of a tag with the n-th of that tag in the models' order; then points without a tag
 * by the same name. Pure: exported for the unit test.
 */
export function pairPoints<P extends { id: number; name: string; tagId: number | null }>(
  from: readonly P[], to: readonly P[],
): { pairs: { from: P; to: P; by: 'tag' | 'name' }[]; unmapped: P[]; added: P[] } {
  const pairs: { from: P; to: P; by: 'tag' | 'name' }[] = [];
  const used = new Set<number>();
  const paired = new Set<number>();
  for (const p of from) {
    if (p.tagId === null) continue;
    const q = to.find((c) => c.tagId === p.tagId && !used.has(c.id));
    if (!q) continue;
    used.add(q.id);
    paired.add(p.id);
    pairs.push({ from: p, to: q, by: 'tag' });
  }
  for (const p of from) {
    if (p.tagId !== null || paired.has(p.id)) continue;
    const q = to.find((c) => c.tagId === null && c.name === p.name && !used.has(c.id));
    if (!q) continue;
    used.add(q.id);
    paired.add(p.id);
    pairs.push({ from: p, to: q, by: 'name' });
  }
  return { pairs, unmapped: from.filter((p) => !paired.has(p.id)), added: to.filter((q) => !used.has(q.id)) };
}

/** What changing the device's model to `modelId` would do (nothing written). 404 for a device the user does not see. */
export async function planModelChange(db: Kysely<DB>, user: AuthUser, deviceId: number, modelId: number): Promise<FullPlan> {
  if (!(await visibleDeviceIds(db, user, [deviceId])).has(deviceId)) throw notFound('设备');
  const d = await db.selectFrom('t_device as d').innerJoin('t_device_model as m', 'm.id', 'd.device_model_id')
    .select(['d.id', 'd.name', 'd.version', 'd.state', 'd.last_seen_at', 'd.gateway_id', 'd.device_model_id', 'm.name as model_name'])
    .where('d.id', '=', deviceId).executeTakeFirstOrThrow();
  const target = await db.selectFrom('t_device_model').select(['id', 'name', 'device_type_id']).where('id', '=', modelId).executeTakeFirst();
  if (!target) throw badRequest(`body.deviceModelId: 设备型号 ${modelId} 不存在`);
  if (target.id === d.device_model_id) throw badRequest('body.deviceModelId: 设备已是该型号');
  const { pairs, unmapped, added } = pairPoints(await modelPoints(db, d.device_model_id), await modelPoints(db, target.id));
  const overridden = new Set((await db.selectFrom('t_device_measure').select('measure_id').where('device_id', '=', deviceId).execute()).map((r) => r.measure_id));
  const full = pairs.map((p) => ({ ...p, keepOverride: overridden.has(p.from.id) && p.from.conditionType === p.to.conditionType }));
  return {
    deviceId, from: { id: d.device_model_id, name: d.model_name }, to: { id: target.id, name: target.name },
    mapped: pairs.map((p) => ({ from: ref(p.from), to: ref(p.to), by: p.by })),
    unmapped: unmapped.map(ref), added: added.map(ref),
    overridesDropped: full.filter((p) => overridden.has(p.from.id) && !p.keepOverride).map((p) => ref(p.from)),
    pairs: full,
    device: { id: d.id, name: d.name, version: d.version, state: d.state, lastSeenAt: d.last_seen_at === null ? null : Number(d.last_seen_at), gatewayId: d.gateway_id },
    toTypeId: target.device_type_id,
  };
}

/** The plan as the caller sees it. */
export function publicPlan(p: FullPlan): ChangeModelPlan {
  return { deviceId: p.deviceId, from: p.from, to: p.to, mapped: p.mapped, unmapped: p.unmapped, added: p.added, overridesDropped: p.overridesDropped };
}

export interface ModelChangeOutcome {
  plan: ChangeModelPlan;
  cleared: AlarmSnapshot[];
  state: DeviceStateEvent | null;
}

/**
 * Changes the device's model in one transaction (contract/device-admin.ts ChangeModelBody): each
 * mapped point's current value, history, per-device alarm settings and open alarm move to its
 * counterpart; unmapped points' open alarms end (history stamped cleared), their current values
 * and settings go, their history stays under the old points; the device takes the new model's
 * type, and its gateway gets the new register map. 409 when the device changed since it was read
 * or the plan is no longer what the user confirmed.
 */
export async function applyModelChange(
  db: Kysely<DB>, w: Writer, body: { id: number; version: number; deviceModelId: number; unmappedIds: readonly number[] },
): Promise<ModelChangeOutcome> {
  return db.transaction().execute(async (trx) => {
    const plan = await planModelChange(trx, w.user, body.id, body.deviceModelId);
    const d = plan.device;
    if (d.version !== body.version) throw conflict(STALE_VERSION);
    const seen = [...new Set(body.unmappedIds)].sort((a, b) => a - b).join(',');
    if (seen !== plan.unmapped.map((p) => p.id).sort((a, b) => a - b).join(',')) {
      throw conflict('测点对应关系已变化（型号的测点表刚被修改），请重新预览后再确认');
    }
    const now = Date.now();
    const unmappedIds = plan.unmapped.map((p) => p.id);
    const cleared = await openAlarms(trx, d.id, unmappedIds);
    if (unmappedIds.length) {
      await trx.deleteFrom('t_real_measure_warning').where('device_id', '=', d.id).where('measure_id', 'in', unmappedIds).execute();
      await trx.updateTable('t_history_measure_warning').set({ cleared_at: now })
        .where('device_id', '=', d.id).where('measure_id', 'in', unmappedIds).where('cleared_at', 'is', null).execute();
      await trx.deleteFrom('t_real_measure').where('device_id', '=', d.id).where('measure_id', 'in', unmappedIds).execute();
      await trx.deleteFrom('t_device_measure').where('device_id', '=', d.id).where('measure_id', 'in', unmappedIds).execute();
    }
    for (const { from, to, keepOverride } of plan.pairs) await moveTo(trx, d.id, from.id, to.id, keepOverride);

    let state: DeviceStateEvent | null = null;
    const stillOpen = await trx.selectFrom('t_real_measure_warning').select('id').where('device_id', '=', d.id).executeTakeFirst();
    const nextState = d.state === DeviceState.Alarm && !stillOpen ? DeviceState.Online : d.state;
    await trx.updateTable('t_device').set({ device_model_id: plan.to.id, device_type_id: plan.toTypeId, state: nextState, version: d.version + 1 })
      .where('id', '=', d.id).execute();
    const project = await trx.selectFrom('t_device').select('project_id').where('id', '=', d.id).executeTakeFirstOrThrow();
    if (nextState !== d.state) {
      await trx.insertInto('t_history_online').values({ device_id: d.id, state: nextState, ts: now }).execute();
      state = { deviceId: d.id, projectId: project.project_id, state: nextState, ts: now };
    }
    if (d.gatewayId !== null) await pushConfig(trx, w.user.id, new Map([[d.gatewayId, [d.id]]]));
    await auditLog(trx, {
      userId: w.user.id, username: w.user.username, ip: w.ip, action: LogAction.Edit, target: `t_device#${d.id} ${d.name}`,
      detail: JSON.stringify({
        changeModel: { from: plan.from, to: plan.to }, mapped: plan.mapped.map((m) => [m.from.name, m.to.name]),
        unmapped: plan.unmapped.map((p) => p.name), overridesDropped: plan.overridesDropped.map((p) => p.name), alarmsCleared: cleared.length,
      }),
    });
    return { plan: publicPlan(plan), cleared: cleared.map((a) => ({ ...a, clearedAt: now })), state };
  });
}

/**
 * Re-keys one point's rows of the device from `from` to `to`. Rows already under `to` are left
 * from an earlier model of the device: where they collide (the same time), the moved row wins.
 */
async function moveTo(trx: Kysely<DB>, deviceId: number, from: number, to: number, keepOverride: boolean): Promise<void> {
  await trx.deleteFrom('t_real_measure').where('device_id', '=', deviceId).where('measure_id', '=', to).execute();
  await trx.updateTable('t_real_measure').set({ measure_id: to }).where('device_id', '=', deviceId).where('measure_id', '=', from).execute();
  await trx.deleteFrom('t_history_measure').where('device_id', '=', deviceId).where('measure_id', '=', to)
    .where('ts', 'in', trx.selectFrom('t_history_measure').select('ts').where('device_id', '=', deviceId).where('measure_id', '=', from)).execute();
  await trx.updateTable('t_history_measure').set({ measure_id: to }).where('device_id', '=', deviceId).where('measure_id', '=', from).execute();
  for (const table of ['t_history_measure_1m', 't_history_measure_1h'] as const) {
    await trx.deleteFrom(table).where('device_id', '=', deviceId).where('measure_id', '=', to)
      .where('bucket', 'in', trx.selectFrom(table).select('bucket').where('device_id', '=', deviceId).where('measure_id', '=', from)).execute();
    await trx.updateTable(table).set({ measure_id: to }).where('device_id', '=', deviceId).where('measure_id', '=', from).execute();
  }
  await trx.deleteFrom('t_real_measure_warning').where('device_id', '=', deviceId).where('measure_id', '=', to).execute();
  await trx.updateTable('t_real_measure_warning').set({ measure_id: to }).where('device_id', '=', deviceId).where('measure_id', '=', from).execute();
  await trx.updateTable('t_history_measure_warning').set({ measure_id: to }).where('device_id', '=', deviceId).where('measure_id', '=', from).execute();
  await trx.deleteFrom('t_device_measure').where('device_id', '=', deviceId).where('measure_id', '=', to).execute();
  const own = trx.updateTable('t_device_measure').set({ measure_id: to }).where('device_id', '=', deviceId).where('measure_id', '=', from);
  if (keepOverride) await own.execute();
  else await trx.deleteFrom('t_device_measure').where('device_id', '=', deviceId).where('measure_id', '=', from).execute();
}
