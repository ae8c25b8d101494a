import type { Kysely } from 'kysely';
import { ConditionType } from '../../../contract/conditions';
import {
  COIL_OPTIONS, CONTROL_TEXTS, CONTROL_TTL_S, INTEGER_RANGES, UNWRITABLE_TYPES, type ControlBody, type ControlOption, type ControlPoints,
} from '../../../contract/device-control';
import { LogAction, ModbusCode, RegisterAccess, type DataType } from '../../../contract/enums';
import type { CommandKind } from '../../../contract/gateway-commands';
import type { DB } from '../../db/schema';
import { GatewayCommandQueue } from '../../gateway/command-queue';
import { badRequest, notFound } from '../../http/api-error';
import { auditLog } from '../../logs/audit-log';
import { visibleDeviceIds } from './device-repository';
import type { Writer } from './device-write-repository';

/** A command queued on behalf of a user, with its 远程控制 audit line, in one transaction. */
export interface AuditedCommand {
  gatewayId: number;
  deviceId: number | null;
  kind: CommandKind;
  payload: unknown;
  ttlS: number;
  /** What the audit line names: `t_device#12 上海净化机组-01 › 风机频率设定`. */
  target: string;
  /** What else the audit line records (never a password). */
  detail: Record<string, unknown>;
}

/** Queues a command and writes its 远程控制 line (with the command's id) in one transaction; returns the command id. */
export function queueAudited(db: Kysely<DB>, w: Writer, c: AuditedCommand): Promise<number> {
  return db.transaction().execute((trx) => enqueueAudited(trx, w, c));
}

async function enqueueAudited(trx: Kysely<DB>, w: Writer, c: AuditedCommand): Promise<number> {
  const id = await new GatewayCommandQueue(trx).enqueue({
    gatewayId: c.gatewayId, deviceId: c.deviceId, kind: c.kind, payload: c.payload, createdBy: w.user.id, ttlS: c.ttlS,
  }, trx);
  await auditLog(trx, {
    userId: w.user.id, username: w.user.username, ip: w.ip, action: LogAction.RemoteControl, target: c.target,
    detail: JSON.stringify({ command: c.kind, commandId: id, ...c.detail }),
  });
  return id;
}

const WRITABLE_CODES: readonly number[] = [ModbusCode.Coil, ModbusCode.HoldingRegister];

/** The values a point takes: a coil's 关/开, or the labels of a non-bitwise point's printf mapping. */
function optionsOf(m: { modbus_code: number; printf: string; condition_type: number | null }): ControlOption[] {
  if (m.modbus_code === ModbusCode.Coil) return COIL_OPTIONS;
  if (!m.printf || m.condition_type === ConditionType.Bitwise) return [];
  try {
    const mapping = JSON.parse(m.printf) as unknown;
    if (!mapping || typeof mapping !== 'object' || Array.isArray(mapping)) return [];
    return Object.entries(mapping as Record<string, unknown>)
      .filter(([k, v]) => /^-?\d+$/.test(k) && typeof v === 'string')
      .map(([k, v]) => ({ value: Number(k), label: { zh: v as string, en: v as string } }))
      .sort((a, b) => a.value - b.value);
  } catch {
    // A printf that is a script, not a mapping: the point takes any number.
    return [];
  }
}

async function visibleDevice(db: Kysely<DB>, w: Pick<Writer, 'user'>, deviceId: number) {
  if (!(await visibleDeviceIds(db, w.user, [deviceId])).has(deviceId)) return undefined;
  return db.selectFrom('t_device as d').leftJoin('t_gateway as g', 'g.id', 'd.gateway_id')
    .select(['d.id', 'd.name', 'd.state', 'd.device_model_id', 'd.gateway_id', 'g.name as gateway_name'])
    .where('d.id', '=', deviceId).executeTakeFirst();
}

function writablePoints(db: Kysely<DB>, modelId: number) {
  return db.selectFrom('t_measure')
    .select(['id', 'name', 'unit', 'data_type', 'modbus_code', 'register_addr', 'access', 'decimals', 'min_value', 'max_value', 'printf', 'condition_type'])
    .where('device_model_id', '=', modelId).where('access', '!=', RegisterAccess.ReadOnly).where('modbus_code', 'in', [...WRITABLE_CODES])
    .where('data_type', 'not in', [...UNWRITABLE_TYPES]);
}

/** The device's writable points with their current values and the writes still waiting; 404 outside the caller's scope. */
export async function controlPoints(db: Kysely<DB>, w: Pick<Writer, 'user'>, deviceId: number): Promise<ControlPoints> {
  const device = await visibleDevice(db, w, deviceId);
  if (!device) throw notFound('设备');
  const points = await writablePoints(db, device.device_model_id).orderBy('sort_order').orderBy('id').execute();
  const values = points.length
    ? await db.selectFrom('t_real_measure').select(['measure_id', 'value', 'ts'])
      .where('device_id', '=', deviceId).where('measure_id', 'in', points.map((p) => p.id)).execute()
    : [];
  const valueOf = new Map(values.map((v) => [v.measure_id, v]));
  const pending = await db.selectFrom('t_gateway_command').select(['id', 'payload', 'state', 'created_at'])
    .where('device_id', '=', deviceId).where('kind', '=', 'write').where('state', 'in', ['queued', 'sent']).orderBy('id').execute();
  return {
    deviceId: device.id, deviceName: device.name, state: device.state, gatewayId: device.gateway_id, gatewayName: device.gateway_name ?? '',
    points: points.map((p) => ({
      measureId: p.id, name: p.name, unit: p.unit, dataType: p.data_type as DataType, modbusCode: p.modbus_code, registerAddr: p.register_addr,
      access: p.access, decimals: p.decimals, min: p.min_value, max: p.max_value, options: optionsOf(p),
      value: valueOf.get(p.id)?.value ?? null, ts: valueOf.has(p.id) ? Number(valueOf.get(p.id)!.ts) : null,
    })),
    pending: pending.map((c) => {
      const payload = JSON.parse(c.payload) as { measureId: number; value: number };
      return { commandId: c.id, measureId: payload.measureId, value: payload.value, state: c.state as 'queued' | 'sent', createdAt: Number(c.created_at) };
    }),
  };
}

/** Why `value` cannot go to a register of this kind, or null when it can. */
export function registerValueProblem(p: { modbus_code: number; data_type: string; decimals: number }, value: number): string | null {
  if (p.modbus_code === ModbusCode.Coil) return value === 0 || value === 1 ? null : '开关量只能写 0 或 1';
  const range = INTEGER_RANGES[p.data_type as DataType];
  if (!range) return null;
  const raw = value * 10 ** Math.max(0, p.decimals);
  if (Math.abs(raw - Math.round(raw)) > 1e-6) return `最多 ${Math.max(0, p.decimals)} 位小数`;
  if (Math.round(raw) < range[0] || Math.round(raw) > range[1]) return `超出 ${p.data_type} 寄存器的取值范围`;
  return null;
}

/**
 * Queues a `write` of one writable point of a device on its gateway (deadline CONTROL_TTL_S) with
 * its 远程控制 audit line: the device in the caller's scope (404), a gateway to reach it (400 on
 * deviceId), a writable point of the device's model (400 on measureId), a value its register can
 * hold (400 on value). The point's min/max is the device's to enforce: it answers 2 超出范围.
 */
export async function writeSetPoint(db: Kysely<DB>, w: Writer, body: Omit<ControlBody, 'password'>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const device = await visibleDevice(trx, w, body.deviceId);
    if (!device) throw notFound('设备');
    if (device.gateway_id === null) throw badRequest(`body.deviceId: ${CONTROL_TEXTS.noGateway.zh}`);
    const point = await writablePoints(trx, device.device_model_id).where('id', '=', body.measureId).executeTakeFirst();
    if (!point) throw badRequest(`body.measureId: 测点 ${body.measureId} 不是该设备可写的测点`);
    const problem = registerValueProblem(point, body.value);
    if (problem) throw badRequest(`body.value: ${problem}`);
    return enqueueAudited(trx, w, {
      gatewayId: device.gateway_id, deviceId: device.id, kind: 'write', ttlS: CONTROL_TTL_S,
      payload: { measureId: point.id, modbusCode: point.modbus_code, registerAddr: point.register_addr, dataType: point.data_type, value: body.value },
      target: `t_device#${device.id} ${device.name} › ${point.name}`,
      detail: { measureId: point.id, point: point.name, value: body.value, unit: point.unit },
    });
  });
}
