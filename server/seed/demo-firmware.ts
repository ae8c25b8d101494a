import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';

/** The version the demo's devices run, and the newer one a few were already given in the field. */
export const DEMO_FIRMWARE = { base: 'V1.2.0', fieldUpdated: 'V2.1.0' } as const;

/**
 * Firmware versions of the demo's devices (issue 18): every device runs DEMO_FIRMWARE.base except
 * the last of each model in each project, updated in the field to DEMO_FIRMWARE.fieldUpdated. So an
 * upgrade to a version between the two has real mixed results: those devices answer 2 已是最新版本.
 */
export async function seedDemoFirmware(trx: Transaction<DB>): Promise<void> {
  await trx.updateTable('t_device').set({ firmware_ver: DEMO_FIRMWARE.base }).execute();
  const devices = await trx.selectFrom('t_device').select(['id', 'project_id', 'device_model_id']).orderBy('name').orderBy('id').execute();
  const last = new Map<string, number>();
  for (const d of devices) last.set(`${d.project_id}:${d.device_model_id}`, d.id);
  if (last.size) await trx.updateTable('t_device').set({ firmware_ver: DEMO_FIRMWARE.fieldUpdated }).where('id', 'in', [...last.values()]).execute();
}
