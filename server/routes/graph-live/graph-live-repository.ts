import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The live view's snapshot of one (visible) project: its devices' states and at most `limit`
 * current values. Two indexed queries over the project's devices, run together.
 */
export async function graphLiveSnapshot(db: Kysely<DB>, projectId: number, limit: number) {
  const [devices, values] = await Promise.all([
    db.selectFrom('t_device').select(['id', 'state']).where('project_id', '=', projectId).orderBy('id').execute(),
    db.selectFrom('t_real_measure as r')
      .innerJoin('t_device as d', 'd.id', 'r.device_id')
      .innerJoin('t_measure as m', 'm.id', 'r.measure_id')
      .leftJoin('t_real_measure_warning as w', (j) => j.onRef('w.device_id', '=', 'r.device_id').onRef('w.measure_id', '=', 'r.measure_id'))
      .select(['r.device_id', 'r.measure_id', 'm.decimals', 'r.value', 'r.ts', 'w.id as alarm_id'])
      .where('d.project_id', '=', projectId)
      .orderBy('r.device_id').orderBy('r.measure_id').limit(limit).execute(),
  ]);
  return {
    devices: devices.map((d) => ({ id: d.id, state: d.state })),
    values: values.map((r) => ({
      deviceId: r.device_id, measureId: r.measure_id, value: r.value, decimals: r.decimals, ts: Number(r.ts), alarm: r.alarm_id !== null,
    })),
  };
}
