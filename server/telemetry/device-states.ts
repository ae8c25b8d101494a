import type { Kysely, Transaction } from 'kysely';
import { DeviceState } from '../../contract/enums';
import type { DB } from '../db/schema';
import type { DeviceInfo } from './ingest-context';
import type { DeviceStateEvent } from './telemetry-events';

const CHUNK = 1000;

/**
 * Devices that sent data are alive: `last_seen_at` is now, and the state is alarm (2) while an
 * alarm is open on the device, online (1) otherwise. Each change is recorded in t_history_online.
 */
export async function applyDeviceStates(
  trx: Transaction<DB>, devices: DeviceInfo[], hasOpenAlarm: (deviceId: number) => boolean, now: number,
): Promise<DeviceStateEvent[]> {
  const ids = devices.map((d) => d.id);
  for (let i = 0; i < ids.length; i += CHUNK) {
    await trx.updateTable('t_device').set({ last_seen_at: now }).where('id', 'in', ids.slice(i, i + CHUNK)).execute();
  }
  const events: DeviceStateEvent[] = [];
  for (const d of devices) {
    const state = hasOpenAlarm(d.id) ? DeviceState.Alarm : DeviceState.Online;
    if (d.state === state) continue;
    await trx.updateTable('t_device').set({ state }).where('id', '=', d.id).execute();
    events.push({ deviceId: d.id, projectId: d.projectId, state, ts: now });
  }
  if (events.length) {
    await trx.insertInto('t_history_online').values(events.map((e) => ({ device_id: e.deviceId, state: e.state, ts: e.ts }))).execute();
  }
  return events;
}

/**
 * Marks offline (0) every device not offline whose last data is older than `offlineAfterMs` (or
 * that never sent any), recording each change. Open alarms stay open: they are still true, as far
 * as anyone knows. At most `limit` devices per call; the sweep runs again soon enough.
 */
export async function sweepOffline(db: Kysely<DB>, now: number, offlineAfterMs: number, limit = 5000): Promise<DeviceStateEvent[]> {
  return db.transaction().execute(async (trx) => {
    const cutoff = now - offlineAfterMs;
    const rows = await trx.selectFrom('t_device').select(['id', 'project_id'])
      .where('state', '!=', DeviceState.Offline)
      .where((eb) => eb.or([eb('last_seen_at', '<', cutoff), eb('last_seen_at', 'is', null)]))
      .orderBy('id').limit(limit).execute();
    if (!rows.length) return [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx.updateTable('t_device').set({ state: DeviceState.Offline })
        .where('id', 'in', rows.slice(i, i + CHUNK).map((r) => r.id)).execute();
    }
    const events = rows.map((r) => ({ deviceId: r.id, projectId: r.project_id, state: DeviceState.Offline, ts: now }));
    for (let i = 0; i < events.length; i += CHUNK) {
      await trx.insertInto('t_history_online')
        .values(events.slice(i, i + CHUNK).map((e) => ({ device_id: e.deviceId, state: e.state, ts: e.ts }))).execute();
    }
    return events;
  });
}
