import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DeviceRegisterMap, RegisterEntry } from '../../contract/gateway-commands';
import { MeasureType, type DataType } from '../../contract/enums';
import type { DB } from '../db/schema';

/**
 * Register maps: what a gateway polls for a device, generated from its model's measure points
 * (`t_measure`) that are collected (measure type other than -1), in the model's order. A `config`
 * command carries them; issue 18's config/preview/{id} can show the same.
 */

/** A model's register table, in its order. */
export async function modelRegisters(db: Kysely<DB>, deviceModelId: number): Promise<RegisterEntry[]> {
  return (await modelRegisterTables(db, [deviceModelId])).get(deviceModelId) ?? [];
}

async function modelRegisterTables(db: Kysely<DB>, modelIds: number[]): Promise<Map<number, RegisterEntry[]>> {
  const tables = new Map<number, RegisterEntry[]>();
  if (!modelIds.length) return tables;
  const rows = await db.selectFrom('t_measure')
    .select(['id', 'device_model_id', 'name', 'modbus_code', 'register_addr', 'data_type', 'access', 'decimals', 'unit', 'tag_id', 'measure_type'])
    .where('device_model_id', 'in', modelIds).where('measure_type', '!=', MeasureType.NotCollected)
    .orderBy('sort_order').orderBy('id').execute();
  for (const r of rows) {
    const list = tables.get(r.device_model_id) ?? [];
    list.push({
      measureId: r.id, name: r.name, modbusCode: r.modbus_code, registerAddr: r.register_addr, dataType: r.data_type as DataType,
      access: r.access, decimals: r.decimals, unit: r.unit, tagId: r.tag_id, measureType: r.measure_type,
    });
    tables.set(r.device_model_id, list);
  }
  return tables;
}

/** The register maps of these devices (by id; unknown ids are left out), in the order given. */
export async function registerMaps(db: Kysely<DB>, deviceIds: readonly number[]): Promise<DeviceRegisterMap[]> {
  if (!deviceIds.length) return [];
  const devices = await db.selectFrom('t_device').select(['id', 'code', 'device_model_id']).where('id', 'in', [...deviceIds]).execute();
  const byId = new Map(devices.map((d) => [d.id, d]));
  const tables = await modelRegisterTables(db, [...new Set(devices.map((d) => d.device_model_id))]);
  return deviceIds.flatMap((id) => {
    const d = byId.get(id);
    return d ? [{ deviceId: d.id, deviceCode: d.code, deviceModelId: d.device_model_id, registers: tables.get(d.device_model_id) ?? [] }] : [];
  });
}

/** sha256 (hex) of a value's JSON: what was sent, in 64 characters. */
export function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value), 'utf8').digest('hex');
}
