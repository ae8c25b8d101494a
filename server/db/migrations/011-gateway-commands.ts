import type { Kysely } from 'kysely';
import { createIndex, createTable, type Dialect } from '../columns';

/**
 * The gateway command queue and product sync (issues 17 and 18):
 * - `t_gateway_command`: a command waiting for, or taken by, a gateway (write a set-point, push a
 *   register map, restart, refresh, upgrade). `state` is queued → sent → succeeded / failed, or
 *   expired past `deadline`; `lease_until` is when a taken command is offered again if no result
 *   came; `result_code` is a command error code of SPEC §8 (contract/gateway-commands.ts).
 *   A gateway's deletion takes its commands; a device's, the commands addressed to it.
 * - `t_product_sync`: one push of a device model's measure table to its devices, with the
 *   table's digest and its summary state; `t_product_sync_item`: one device of it, with the
 *   command that carries its register map (no foreign key: the record outlives the command),
 *   what was sent (register count, digest), and the result.
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 't_gateway_command', {
    id: 'id', gateway_id: 'int!>t_gateway*', device_id: 'int>t_device*', kind: 'text!', payload: "text!='{}'",
    state: "text!='queued'", result_code: 'int', result_message: "text!=''", result_detail: "text!=''", attempts: 'int!=0',
    created_by: 'int', created_at: 'bigint!', taken_at: 'bigint', lease_until: 'bigint', finished_at: 'bigint', deadline: 'bigint!',
  });
  await createIndex(db, 't_gateway_command', ['gateway_id', 'state']);
  await createIndex(db, 't_gateway_command', ['state', 'deadline']);
  await createIndex(db, 't_gateway_command', ['device_id']);

  await createTable(db, dialect, 't_product_sync', {
    id: 'id', device_model_id: 'int!>t_device_model*', created_by: 'int', created_at: 'bigint!', state: "text!='running'",
    measure_count: 'int!=0', table_digest: "text!=''", finished_at: 'bigint',
  });
  await createIndex(db, 't_product_sync', ['device_model_id']);
  await createTable(db, dialect, 't_product_sync_item', {
    id: 'id', sync_id: 'int!>t_product_sync*', device_id: 'int!>t_device*', gateway_id: 'int', command_id: 'int',
    register_count: 'int!=0', payload_digest: "text!=''", state: 'text!', result_code: 'int', result_message: "text!=''",
    tries: 'int!=1', updated_at: 'bigint!', finished_at: 'bigint',
  });
  await createIndex(db, 't_product_sync_item', ['sync_id', 'device_id'], true);
  await createIndex(db, 't_product_sync_item', ['command_id']);
}
