import type { Kysely } from 'kysely';
import { createIndex, createTable, type Dialect } from '../columns';

/**
 * Filter models and filter life (issue 20, server/analysis/life/README.md):
 * - `t_filter_type`: a kind of filter (初效/中效/高效 …);
 * - `t_life_formula`: a user life formula (nv_life_formula) over the variables of
 *   contract/analysis/life-formula.ts, run only by contract/expression.ts;
 * - `t_filter`: a filter MODEL with its life settings (nv_life_set; SPEC `t_filter (alg, setting)`):
 *   initial resistance, final resistance (fixed `final_pa`, or `final_multiple` × initial when
 *   `final_pa` is null), rated air volume, dust-holding capacity, capture efficiency, maximum
 *   service days, warning days, the algorithm ('auto' | 'trend' | 'dust' | 'formula') and its
 *   formula; the supplier organisation, lead days and unit price for purchasing;
 * - `t_device_filter`: the filter model a device holds, how many, and when its current life cycle
 *   started (the installation);
 * - `t_device_life`: the latest prediction per device (used life, predicted date with its
 *   interval, the deciding reason, `detail` JSON) and `warned_at`, when the life alarm (message
 *   type 8) of the current cycle was sent.
 * - `t_device_life_day`: each device's daily means (site days, UTC+8) of resistance, air volume and
 *   upstream particulates and its running hours, folded by the life service from the hourly
 *   rollups (which retention thins); the life fit reads these, a year at most.
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 't_filter_type', {
    id: 'id', version: 'int!=1', code: 'text!', name: 'text!', remark: "text!=''", sort_order: 'int!=0', created_at: 'bigint!',
  });
  await createIndex(db, 't_filter_type', ['code'], true);

  await createTable(db, dialect, 't_life_formula', {
    id: 'id', version: 'int!=1', name: 'text!', source: 'text!', remark: "text!=''", created_by: 'int', created_at: 'bigint!',
    updated_at: 'bigint!',
  });

  await createTable(db, dialect, 't_filter', {
    id: 'id', version: 'int!=1', code: 'text!', name: 'text!', filter_type_id: 'int!>t_filter_type', supplier_org_id: 'int>t_org',
    lead_days: 'int!=7', unit_price: 'real!=0', initial_pa: 'real!', final_pa: 'real', final_multiple: 'real',
    rated_air_m3h: 'real!', dust_capacity_g: 'real', capture_efficiency: 'real!=0.9', max_days: 'int', warn_days: 'int!=15',
    alg: "text!='auto'", formula_id: 'int>t_life_formula', remark: "text!=''", created_at: 'bigint!', updated_at: 'bigint!',
  });
  await createIndex(db, 't_filter', ['code'], true);
  await createIndex(db, 't_filter', ['filter_type_id']);
  await createIndex(db, 't_filter', ['formula_id']);

  await createTable(db, dialect, 't_device_filter', {
    device_id: 'int!>t_device*', filter_id: 'int!>t_filter', quantity: 'int!=1', installed_at: 'bigint!', installed_by: 'int',
  });
  await createIndex(db, 't_device_filter', ['device_id'], true);
  await createIndex(db, 't_device_filter', ['filter_id']);

  await createTable(db, dialect, 't_device_life', {
    device_id: 'int!>t_device*', filter_id: 'int!', used_ratio: 'real', predicted_at: 'bigint', interval_low: 'bigint',
    interval_high: 'bigint', reason: 'text', cycle_start: 'bigint', detail: "text!='{}'", computed_at: 'bigint!', warned_at: 'bigint',
  });
  await createIndex(db, 't_device_life', ['device_id'], true);
  await createIndex(db, 't_device_life', ['predicted_at']);

  await createTable(db, dialect, 't_device_life_day', {
    device_id: 'int!>t_device*', day: 'bigint!', resistance_pa: 'real', air_m3h: 'real', upstream_pm: 'real', run_hours: 'real',
  });
  await createIndex(db, 't_device_life_day', ['device_id', 'day'], true);
}
