import type { Kysely } from 'kysely';
import type { DeviceStateItem, SetRouteBody, SetRouteResult, SyncStateResult } from '../../../contract/device-control';
import { DeviceState, LogAction } from '../../../contract/enums';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { badRequest, notFound } from '../../http/api-error';
import { auditLog } from '../../logs/audit-log';
import type { DeviceStateEvent } from '../../telemetry/telemetry-events';
import { visibleProjectFilter } from '../../auth/scope-filters';
import { visibleDeviceIds } from './device-repository';
import { pushConfig, type Writer } from './device-write-repository';

const CHUNK = 500;

/** The devices a user sees (of one project, if given): as device-repository's, for the state calls. */
function visible(db: Kysely<DB>, user: AuthUser, projectId?: number) {
  let q = db.selectFrom('t_device as d');
  if (!user.scope.all) q = q.where('d.project_id', 'in', db.selectFrom('t_project as p').select('p.id').where(visibleProjectFilter(user, 'p.id', 'p.org_id')));
  if (projectId !== undefined) q = q.where('d.project_id', '=', projectId);
  return q;
}

async function alarmCounts(db: Kysely<DB>, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db.selectFrom('t_real_measure_warning').select(['device_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('device_id', 'in', ids.slice(i, i + CHUNK)).groupBy('device_id').execute();
    for (const r of rows) out.set(r.device_id, Number(r.n));
  }
  return out;
}

/** The current state of the devices of `ids` (or of a project) the user sees, by id. */
export async function deviceStates(db: Kysely<DB>, user: AuthUser, q: { ids?: number[]; projectId?: number }): Promise<DeviceStateItem[]> {
  let query = visible(db, user, q.projectId).select(['d.id', 'd.state', 'd.last_seen_at']);
  if (q.ids) query = query.where('d.id', 'in', q.ids.length ? q.ids : [0]);
  const rows = await query.orderBy('d.id').execute();
  const alarms = await alarmCounts(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id, state: r.state, lastSeenAt: r.last_seen_at === null ? null : Number(r.last_seen_at), alarmCount: alarms.get(r.id) ?? 0,
  }));
}

/**
 * The state a device's data says it is in: offline without data within `offlineAfterMs` (0: data
 * never goes stale) or with none ever, else alarm while an alarm is open, else online — what the
 * ingest path and the offline sweep arrive at.
 */
export function derivedState(lastSeenAt: number | null, alarms: number, now: number, offlineAfterMs: number): number {
  if (lastSeenAt === null || (offlineAfterMs > 0 && lastSeenAt < now - offlineAfterMs)) return DeviceState.Offline;
  return alarms > 0 ? DeviceState.Alarm : DeviceState.Online;
}

/**
 * Sets each of these devices to its derived state where it differs, recording the changes in
 * t_history_online, in one transaction; returns the changes (to announce).
 */
export async function resyncStates(db: Kysely<DB>, ids: number[], now: number, offlineAfterMs: number): Promise<DeviceStateEvent[]> {
  return db.transaction().execute(async (trx) => {
    const events: DeviceStateEvent[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const part = ids.slice(i, i + CHUNK);
      const rows = await trx.selectFrom('t_device').select(['id', 'project_id', 'state', 'last_seen_at']).where('id', 'in', part).execute();
      const alarms = await alarmCounts(trx, part);
      for (const r of rows) {
        const state = derivedState(r.last_seen_at === null ? null : Number(r.last_seen_at), alarms.get(r.id) ?? 0, now, offlineAfterMs);
        if (state === r.state) continue;
        await trx.updateTable('t_device').set({ state }).where('id', '=', r.id).execute();
        events.push({ deviceId: r.id, projectId: r.project_id, state, ts: now });
      }
    }
    if (events.length) await trx.insertInto('t_history_online').values(events.map((e) => ({ device_id: e.deviceId, state: e.state, ts: e.ts }))).execute();
    return events;
  });
}

/** The ids of the user's devices (of one project, if given). */
export async function visibleIds(db: Kysely<DB>, user: AuthUser, projectId?: number): Promise<number[]> {
  return (await visible(db, user, projectId).select('d.id').orderBy('d.id').execute()).map((r) => r.id);
}

/** The sync-state audit line (no command is sent: the states come from the data the server has). */
export async function auditSync(db: Kysely<DB>, w: Writer, projectId: number | undefined, result: SyncStateResult): Promise<void> {
  await auditLog(db, {
    userId: w.user.id, username: w.user.username, ip: w.ip, action: LogAction.Edit,
    target: projectId === undefined ? 't_device sync-state' : `t_device sync-state t_project#${projectId}`, detail: JSON.stringify(result),
  });
}

/**
 * Routes devices through a gateway of their own project (or none), in one transaction with the
 * audit line: every device in the caller's scope (else 404), the gateway existing and belonging
 * to each device's project (else 400 on gatewayId). Devices already on it are left as they are;
 * the others get their register map pushed to the new gateway.
 */
export async function setRoute(db: Kysely<DB>, w: Writer, body: SetRouteBody): Promise<SetRouteResult> {
  return db.transaction().execute(async (trx) => {
    const ids = [...new Set(body.ids)];
    const seen = await visibleDeviceIds(trx, w.user, ids);
    if (ids.some((id) => !seen.has(id))) throw notFound('设备');
    const devices = await trx.selectFrom('t_device').select(['id', 'name', 'project_id', 'gateway_id', 'version']).where('id', 'in', ids).orderBy('id').execute();
    if (body.gatewayId !== null) {
      const gateway = await trx.selectFrom('t_gateway').select(['id', 'project_id']).where('id', '=', body.gatewayId).executeTakeFirst();
      if (!gateway) throw badRequest(`body.gatewayId: 网关 ${body.gatewayId} 不存在`);
      const stranger = devices.find((d) => d.project_id !== gateway.project_id);
      if (stranger) throw badRequest(`body.gatewayId: 网关不属于设备“${stranger.name}”的项目`);
    }
    const moved = devices.filter((d) => d.gateway_id !== body.gatewayId);
    for (const d of moved) {
      await trx.updateTable('t_device').set({ gateway_id: body.gatewayId, version: d.version + 1 }).where('id', '=', d.id).execute();
    }
    const commandIds = body.gatewayId !== null && moved.length
      ? await pushConfig(trx, w.user.id, new Map([[body.gatewayId, moved.map((d) => d.id)]])) : [];
    if (moved.length) {
      await auditLog(trx, {
        userId: w.user.id, username: w.user.username, ip: w.ip, action: LogAction.Edit,
        target: `t_device set-route → ${body.gatewayId === null ? '无网关' : `t_gateway#${body.gatewayId}`}`,
        detail: JSON.stringify({ devices: moved.map((d) => ({ id: d.id, from: d.gateway_id })), gatewayId: body.gatewayId, commandIds }),
      });
    }
    return { updated: moved.length, commandIds };
  });
}
