import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { AlarmRule } from './conditions';
import { isCompleteRule } from './conditions';
import { pointKey } from './alarm-engine';

export interface DeviceInfo {
  id: number;
  code: string;
  name: string;
  projectId: number | null;
  projectName: string;
  gatewayId: number | null;
  modelId: number;
  modelName: string;
  state: number;
}

export interface MeasureInfo {
  id: number;
  modelId: number;
  tagId: number | null;
  name: string;
  unit: string;
  decimals: number;
  conditionType: number | null;
  val1: number | null;
  val2: number | null;
  warnLevel: number;
  printf: string;
  alarmEnabled: boolean;
}

export interface OpenAlarm {
  id: number;
  sampleValue: number | null;
  raisedAt: number;
  conditionType: number;
  val1: number | null;
  val2: number | null;
  warnLevel: number;
}

/** What a batch needs to know about its devices, read in the batch's transaction. */
export interface IngestContext {
  devicesById: Map<number, DeviceInfo>;
  devicesByCode: Map<string, DeviceInfo>;
  measuresByModel: Map<number, MeasureInfo[]>;
  /** Per point: the device's override (t_device_measure). */
  overrides: Map<string, { alarmEnabled: number | null; val1: number | null; val2: number | null }>;
  /** Per point: the current real value. */
  real: Map<string, { value: number | null; ts: number }>;
  /** Per point: the open alarm. */
  open: Map<string, OpenAlarm>;
}

/** Which devices a caller may write: any (a user with the ingest right) or one gateway's. */
export type DeviceFilter = { gatewayId: number; projectId: number | null } | null;

export async function loadContext(
  trx: Transaction<DB>, ids: number[], codes: string[], filter: DeviceFilter,
): Promise<IngestContext> {
  let q = trx.selectFrom('t_device as d')
    .leftJoin('t_project as p', 'p.id', 'd.project_id')
    .innerJoin('t_device_model as dm', 'dm.id', 'd.device_model_id')
    .select(['d.id', 'd.code', 'd.name', 'd.project_id', 'p.name as project_name', 'd.gateway_id', 'd.device_model_id',
      'dm.name as model_name', 'd.state'])
    .where((eb) => eb.or([
      ...(ids.length ? [eb('d.id', 'in', ids)] : []),
      ...(codes.length ? [eb('d.code', 'in', codes)] : []),
    ]));
  if (filter) {
    q = q.where((eb) => eb.or([
      eb('d.gateway_id', '=', filter.gatewayId),
      ...(filter.projectId !== null ? [eb('d.project_id', '=', filter.projectId)] : []),
    ]));
  }
  const rows = ids.length || codes.length ? await q.execute() : [];
  const devicesById = new Map<number, DeviceInfo>();
  const devicesByCode = new Map<string, DeviceInfo>();
  for (const r of rows) {
    const d: DeviceInfo = {
      id: r.id, code: r.code, name: r.name, projectId: r.project_id, projectName: r.project_name ?? '', gatewayId: r.gateway_id,
      modelId: r.device_model_id, modelName: r.model_name, state: r.state,
    };
    devicesById.set(d.id, d);
    devicesByCode.set(d.code, d);
  }
  const deviceIds = [...devicesById.keys()];
  const modelIds = [...new Set(rows.map((r) => r.device_model_id))];
  const ctx: IngestContext = {
    devicesById, devicesByCode, measuresByModel: new Map(), overrides: new Map(), real: new Map(), open: new Map(),
  };
  if (!deviceIds.length) return ctx;

  const measures = await trx.selectFrom('t_measure').selectAll().where('device_model_id', 'in', modelIds)
    .orderBy('sort_order').orderBy('id').execute();
  for (const m of measures) {
    const list = ctx.measuresByModel.get(m.device_model_id) ?? [];
    list.push({
      id: m.id, modelId: m.device_model_id, tagId: m.tag_id, name: m.name, unit: m.unit, decimals: m.decimals,
      conditionType: m.condition_type, val1: m.condition_val1, val2: m.condition_val2, warnLevel: m.warn_level,
      printf: m.printf, alarmEnabled: m.alarm_enabled === 1,
    });
    ctx.measuresByModel.set(m.device_model_id, list);
  }
  const [overrides, real, open] = await Promise.all([
    trx.selectFrom('t_device_measure').selectAll().where('device_id', 'in', deviceIds).execute(),
    trx.selectFrom('t_real_measure').select(['device_id', 'measure_id', 'value', 'ts']).where('device_id', 'in', deviceIds).execute(),
    trx.selectFrom('t_real_measure_warning')
      .select(['id', 'device_id', 'measure_id', 'sample_value', 'raised_at', 'condition_type', 'condition_val1', 'condition_val2', 'warn_level'])
      .where('device_id', 'in', deviceIds).execute(),
  ]);
  for (const o of overrides) {
    ctx.overrides.set(pointKey(o.device_id, o.measure_id), { alarmEnabled: o.alarm_enabled, val1: o.condition_val1, val2: o.condition_val2 });
  }
  for (const r of real) ctx.real.set(pointKey(r.device_id, r.measure_id), { value: r.value, ts: Number(r.ts) });
  for (const a of open) {
    ctx.open.set(pointKey(a.device_id, a.measure_id), {
      id: a.id, sampleValue: a.sample_value, raisedAt: Number(a.raised_at), conditionType: a.condition_type,
      val1: a.condition_val1, val2: a.condition_val2, warnLevel: a.warn_level,
    });
  }
  return ctx;
}

/** The measure an item names: by id (of the device's model), else the model's first with that tag. */
export function findMeasure(ctx: IngestContext, device: DeviceInfo, measureId?: number, tag?: number): MeasureInfo | undefined {
  const list = ctx.measuresByModel.get(device.modelId) ?? [];
  if (measureId !== undefined) return list.find((m) => m.id === measureId);
  return list.find((m) => m.tagId === tag);
}

/** The point's alarm rule with the device's overrides applied, or null when it has none enabled. */
export function ruleOf(ctx: IngestContext, device: DeviceInfo, m: MeasureInfo): AlarmRule | null {
  const o = ctx.overrides.get(pointKey(device.id, m.id));
  const enabled = o?.alarmEnabled != null ? o.alarmEnabled === 1 : m.alarmEnabled;
  if (!enabled || m.conditionType === null) return null;
  const rule = { conditionType: m.conditionType, val1: o?.val1 ?? m.val1, val2: o?.val2 ?? m.val2, printf: m.printf };
  return isCompleteRule(rule) ? rule : null;
}
