import { sql, type Kysely } from 'kysely';
import { createTable, type Dialect } from '../columns';

/**
 * Energy analysis (issue 20, server/analysis/energy/README.md):
 * - `t_energy_day`: per device and site day (UTC+8), the sums the energy page needs, folded from
 *   the hourly rollups of its electricity (tag 6), air volume (tag 7) and resistance (tag 5)
 *   points: hours with a reading, electricity (the counter's rise) and the hours it covers, air
 *   moved (Σ Q·h), Σ Δp·h, and Σ Q·h and Σ Q·Δp·h over the hours that have both (air energy);
 * - `t_energy_month`: the same sums per device and site month, folded from the days, so a year
 *   reads 12 rows per device;
 * - `t_energy_dirty`: device days whose hourly rollups changed since they were folded (the history
 *   writer marks them; `marked_at` lets a fold that ran meanwhile keep a newer mark).
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const sums = {
    hours: 'real!=0', energy_kwh: 'real', energy_hours: 'real!=0', air_m3: 'real', air_hours: 'real!=0',
    pa_sum: 'real', pa_hours: 'real!=0', qp_m3: 'real', qpa: 'real', qp_hours: 'real!=0',
  };
  await createTable(db, dialect, 't_energy_day', { device_id: 'int!>t_device*', day: 'bigint!', ...sums },
    (t) => t.addPrimaryKeyConstraint('pk_t_energy_day', ['device_id', 'day'] as never));
  await createTable(db, dialect, 't_energy_month', { device_id: 'int!>t_device*', month: 'bigint!', ...sums },
    (t) => t.addPrimaryKeyConstraint('pk_t_energy_month', ['device_id', 'month'] as never));
  await createTable(db, dialect, 't_energy_dirty', { device_id: 'int!>t_device*', day: 'bigint!', marked_at: 'bigint!' },
    (t) => t.addPrimaryKeyConstraint('pk_t_energy_dirty', ['device_id', 'day'] as never));
  // An installation that already holds history folds all of it on the first read.
  await sql`insert into t_energy_dirty (device_id, day, marked_at)
    select device_id, bucket - ((bucket + 28800000) % 86400000), 0 from t_history_measure_1h group by 1, 2`.execute(db);
}
