import type { Kysely } from 'kysely';
import { DAY_MS } from '../../contract/analysis/filter-life';
import { OrgType } from '../../contract/enums';
import { recalcDeviceLife } from '../analysis/life/life-service';
import type { DB } from '../db/schema';
import { prng } from './prng';

/** Demo filter types (初效/中效/高效, EN 779 / EN 1822 classes). */
const TYPES = [
  { code: 'G', name: '初效', remark: '粗效过滤器（G1–G4）', sort_order: 10 },
  { code: 'F', name: '中效', remark: '中效过滤器（M5–F9）', sort_order: 20 },
  { code: 'H', name: '高效', remark: '高效过滤器（H10–H14）', sort_order: 30 },
];

/**
 * Demo filter models with manufacturers' usual figures: initial resistance at rated air volume,
 * final resistance, dust-holding capacity (g), capture efficiency for the dust load, service
 * days, warning days, order lead days and unit price (yuan). The F8 bag filter matches the
 * simulator's filter physics (80 Pa clean, 450 Pa final: server/simulator/filter-load.ts).
 */
const MODELS = [
  {
    code: 'LF-G4-592', name: '初效板式过滤器 G4 592×592×46', type: 'G', initial_pa: 50, final_pa: 200, final_multiple: null, rated_air_m3h: 18_000,
    dust_capacity_g: 2_500, capture_efficiency: 0.35, max_days: 90, warn_days: 10, lead_days: 3, unit_price: 45,
  },
  {
    code: 'LF-F8-592', name: '中效袋式过滤器 F8 592×592×600', type: 'F', initial_pa: 80, final_pa: 450, final_multiple: null, rated_air_m3h: 7_200,
    dust_capacity_g: 1_800, capture_efficiency: 0.85, max_days: 180, warn_days: 15, lead_days: 7, unit_price: 260,
  },
  {
    code: 'LF-H13-610', name: '高效箱式过滤器 H13 610×610×292', type: 'H', initial_pa: 220, final_pa: null, final_multiple: 2, rated_air_m3h: 3_400,
    dust_capacity_g: 900, capture_efficiency: 0.9997, max_days: 365, warn_days: 30, lead_days: 15, unit_price: 1_350,
  },
] as const;

/** Device models holding a filter, and the filter model each holds (with how many filters). */
const HOLDERS: Record<string, { filter: string; quantity: number }> = {
  'NV-F600': { filter: 'LF-F8-592', quantity: 4 },
  'NV-AP900': { filter: 'LF-G4-592', quantity: 6 },
};

/**
 * Filter types and models (ordered from the demo's supplier organisation), a filter model for
 * every demo purifier (filter banks and purifier units) installed some weeks or months ago, about
 * one in eight of them near its service-day limit, so a handful are due within 30 days however
 * much history there is; then the first life calculation.
 */
export async function seedDemoFilters(db: Kysely<DB>, now: number): Promise<{ devices: number }> {
  const supplier = await db.selectFrom('t_org').select('id').where('org_type', '=', OrgType.Supplier).orderBy('id').executeTakeFirst();
  const types = new Map<string, number>();
  for (const t of TYPES) {
    types.set(t.code, (await db.insertInto('t_filter_type').values({ ...t, created_at: now }).returning('id').executeTakeFirstOrThrow()).id);
  }
  const filters = new Map<string, { id: number; maxDays: number }>();
  for (const { type, ...m } of MODELS) {
    const id = (await db.insertInto('t_filter').values({
      ...m, filter_type_id: types.get(type)!, supplier_org_id: supplier?.id ?? null, alg: 'auto', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
    filters.set(m.code, { id, maxDays: m.max_days });
  }
  const devices = await db.selectFrom('t_device as d').innerJoin('t_device_model as m', 'm.id', 'd.device_model_id')
    .select(['d.id', 'm.code']).where('m.code', 'in', Object.keys(HOLDERS)).orderBy('d.id').execute();
  const random = prng(2026);
  const rows = devices.map((d, i) => {
    const holder = HOLDERS[d.code];
    const filter = filters.get(holder.filter)!;
    // One in eight near the end of its service days (3–27 days left), the others well within.
    const age = i % 8 === 3 ? filter.maxDays - 3 - random() * 24 : 10 + random() * (filter.maxDays * 0.7);
    return { device_id: d.id, filter_id: filter.id, quantity: holder.quantity, installed_at: Math.round(now - age * DAY_MS), installed_by: null };
  });
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('t_device_filter').values(rows.slice(i, i + 200)).execute();
  await recalcDeviceLife(db, undefined, now);
  return { devices: rows.length };
}
