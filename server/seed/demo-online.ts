import type { Transaction } from 'kysely';
import { DeviceState } from '../../contract/enums';
import type { DB } from '../db/schema';
import { prng } from './prng';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back the demo's online history reaches. */
const ONLINE_HISTORY_DAYS = 30;
/** The offline sweep's default wait (OFFLINE_AFTER_S = 300). */
const OFFLINE_AFTER = 5 * MINUTE;
const BATCH = 500;

/**
 * The last 30 days of every demo device's online/offline changes (t_history_online), as the ingest
 * path and the offline sweep would have recorded them: online from the first day (or the install
 * day), now and then an outage of minutes to hours (more at devices that are offline now), and an
 * end that agrees with the device today: offline since its last contact plus the sweep's wait, in
 * alarm since its open alarm was raised, online otherwise. Deterministic for a given `now`.
 */
export async function seedOnlineHistory(trx: Transaction<DB>, now: number): Promise<void> {
  const random = prng(2031);
  const devices = await trx.selectFrom('t_device').select(['id', 'state', 'last_seen_at', 'install_date']).orderBy('id').execute();
  const raised = new Map((await trx.selectFrom('t_real_measure_warning').select(['device_id', 'raised_at']).orderBy('raised_at').execute())
    .map((a) => [a.device_id, Number(a.raised_at)]));
  const rows: { device_id: number; state: number; ts: number }[] = [];
  for (const d of devices) {
    const start = Math.max(now - ONLINE_HISTORY_DAYS * DAY, d.install_date ?? 0) + Math.floor(random() * 6 * HOUR);
    const end = d.state === DeviceState.Offline ? (d.last_seen_at ?? now - HOUR) + OFFLINE_AFTER
      : d.state === DeviceState.Alarm ? raised.get(d.id) ?? now : now;
    rows.push({ device_id: d.id, state: DeviceState.Online, ts: start });
    // A device offline today was a flaky one: outages come about every 2 days instead of every 6.
    const gapDays = d.state === DeviceState.Offline ? 2 : 6;
    for (let t = start + random() * gapDays * DAY; t < end - 6 * HOUR;) {
      const outage = Math.round(10 * MINUTE + random() ** 2 * 4 * HOUR);
      if (t + outage >= end - HOUR) break;
      rows.push({ device_id: d.id, state: DeviceState.Offline, ts: Math.round(t) }, { device_id: d.id, state: DeviceState.Online, ts: Math.round(t + outage) });
      t += outage + 12 * HOUR + random() * gapDays * DAY;
    }
    if (d.state !== DeviceState.Online && end > start) rows.push({ device_id: d.id, state: d.state, ts: Math.round(end) });
  }
  for (let i = 0; i < rows.length; i += BATCH) await trx.insertInto('t_history_online').values(rows.slice(i, i + BATCH)).execute();
}
