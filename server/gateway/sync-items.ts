import type { Kysely } from 'kysely';
import type { SyncState } from '../../contract/product-sync';
import type { DB } from '../db/schema';

/**
 * Product sync items follow their commands: the queue calls these inside the transaction that
 * takes or finishes a command, so an item's state never disagrees with its command's.
 */

/** How a command ended, with each addressed device's own code where the gateway gave one. */
export interface CommandOutcome {
  commandId: number;
  /** Past its deadline (the items expire) rather than answered. */
  expired: boolean;
  code: number;
  message: string;
  devices: ReadonlyMap<number, { code: number; message: string }>;
}

/** Items of these commands still queued are now sent. */
export async function itemsTaken(trx: Kysely<DB>, commandIds: readonly number[], now: number): Promise<void> {
  if (!commandIds.length) return;
  await trx.updateTable('t_product_sync_item').set({ state: 'sent', updated_at: now })
    .where('command_id', 'in', [...commandIds]).where('state', '=', 'queued').execute();
}

/** Items of finished commands take their device's code (else the command's), then their syncs' summaries are updated. */
export async function itemsFinished(trx: Kysely<DB>, outcomes: readonly CommandOutcome[], now: number): Promise<void> {
  if (!outcomes.length) return;
  const byCommand = new Map(outcomes.map((o) => [o.commandId, o]));
  const items = await trx.selectFrom('t_product_sync_item').select(['id', 'sync_id', 'device_id', 'command_id'])
    .where('command_id', 'in', [...byCommand.keys()]).where('state', 'in', ['queued', 'sent']).execute();
  for (const item of items) {
    const outcome = byCommand.get(item.command_id!)!;
    const own = outcome.devices.get(item.device_id) ?? { code: outcome.code, message: outcome.message };
    await trx.updateTable('t_product_sync_item')
      .set({ state: outcome.expired ? 'expired' : own.code === 0 ? 'succeeded' : 'failed', result_code: own.code, result_message: own.message, updated_at: now, finished_at: now })
      .where('id', '=', item.id).execute();
  }
  await refreshSyncStates(trx, [...new Set(items.map((i) => i.sync_id))], now);
}

/**
 * The outcome of a batch of items that follow commands (a product sync, an upgrade task), from the
 * count of items in each state: null while any is still in one of the `pending` states, else
 * succeeded (all), failed (none) or partial. A batch always has items (both families refuse an
 * empty one).
 */
export function batchOutcome(counts: Record<string, number>, pending: readonly string[] = ['queued', 'sent']): 'succeeded' | 'failed' | 'partial' | null {
  const n = (s: string) => counts[s] ?? 0;
  if (pending.some((s) => n(s) > 0)) return null;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  if (total > 0 && n('succeeded') === total) return 'succeeded';
  return n('succeeded') === 0 ? 'failed' : 'partial';
}

/** The summary state of a sync from its items' states. */
export function syncStateOf(counts: Record<string, number>): SyncState {
  return batchOutcome(counts) ?? 'running';
}

/** Recomputes the stored state (and finish time) of these syncs from their items. */
export async function refreshSyncStates(trx: Kysely<DB>, syncIds: readonly number[], now: number): Promise<void> {
  if (!syncIds.length) return;
  const rows = await trx.selectFrom('t_product_sync_item').select(['sync_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('sync_id', 'in', [...syncIds]).groupBy(['sync_id', 'state']).execute();
  for (const id of syncIds) {
    const counts: Record<string, number> = {};
    for (const r of rows.filter((x) => x.sync_id === id)) counts[r.state] = Number(r.n);
    const state = syncStateOf(counts);
    await trx.updateTable('t_product_sync').set({ state, finished_at: state === 'running' ? null : now }).where('id', '=', id).execute();
  }
}
