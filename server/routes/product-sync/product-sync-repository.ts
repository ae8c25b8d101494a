import type { Kysely } from 'kysely';
import { CommandCode, commandResultText, type DeviceRegisterMap } from '../../../contract/gateway-commands';
import type { Paged } from '../../../contract/envelope';
import type { ProductSyncDetail, ProductSyncItem, ProductSyncQuery, ProductSyncRecord, SyncCounts, SyncState } from '../../../contract/product-sync';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { GatewayCommandQueue } from '../../gateway/command-queue';
import { digestOf, modelRegisters, registerMaps } from '../../gateway/register-map';
import { refreshSyncStates } from '../../gateway/sync-items';
import { auditLog, type AuditEntry } from '../../logs/audit-log';
import { visibleProjectFilter } from '../../auth/scope-filters';

/** What a device without a gateway records. */
const NO_GATEWAY_MESSAGE = '设备未接入网关，无法下发配置';

export interface SyncDevice { id: number; gatewayId: number | null }

/**
 * The SQL of product sync (`t_product_sync`, `t_product_sync_item`). A sync's items are the
 * devices the starting user saw; a reader sees a sync with at least one item they see (or one
 * they started), and only those items.
 */
export class ProductSyncRepository {
  private readonly queue: GatewayCommandQueue;
  constructor(private readonly db: Kysely<DB>) {
    this.queue = new GatewayCommandQueue(db);
  }

  async modelName(id: number): Promise<string | undefined> {
    return (await this.db.selectFrom('t_device_model').select('name').where('id', '=', id).executeTakeFirst())?.name;
  }

  /** The devices of the model the user sees, by id. */
  async visibleDevices(user: AuthUser, deviceModelId: number): Promise<SyncDevice[]> {
    const rows = await this.db.selectFrom('t_device as d').leftJoin('t_project as p', 'p.id', 'd.project_id')
      .select(['d.id', 'd.gateway_id']).where('d.device_model_id', '=', deviceModelId)
      .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).orderBy('d.id').execute();
    return rows.map((r) => ({ id: r.id, gatewayId: r.gateway_id }));
  }

  /**
   * Starts a sync of the model's current table to `devices`: one config command per gateway with
   * its devices' register maps, one item per device (failed at once without a gateway), and an
   * audit line, all in one transaction. Returns the sync's id.
   */
  async start(deviceModelId: number, devices: SyncDevice[], ttlS: number, audit: Omit<AuditEntry, 'action'>): Promise<number> {
    const registers = await modelRegisters(this.db, deviceModelId);
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const syncId = (await trx.insertInto('t_product_sync').values({
        device_model_id: deviceModelId, created_by: audit.userId, created_at: now, state: 'running',
        measure_count: registers.length, table_digest: digestOf(registers),
      }).returning('id').executeTakeFirstOrThrow()).id;
      await this.send(trx, syncId, devices, ttlS, audit.userId, now, true);
      await refreshSyncStates(trx, [syncId], now);
      await auditLog(trx, {
        ...audit, action: 'add', target: `t_product_sync#${syncId}`,
        detail: JSON.stringify({ deviceModelId, devices: devices.length, measures: registers.length }),
      });
      return syncId;
    });
  }

  /**
   * Sends the failed and timed-out items among `visibleDeviceIds` again, with the model's current
   * table (a device given a gateway since is now reached). Returns how many items were retried.
   */
  async retry(syncId: number, visibleDeviceIds: number[], ttlS: number, audit: Omit<AuditEntry, 'action'>): Promise<number> {
    if (!visibleDeviceIds.length) return 0;
    return this.db.transaction().execute(async (trx) => {
      const failed = await trx.selectFrom('t_product_sync_item as i').innerJoin('t_device as d', 'd.id', 'i.device_id')
        .select(['d.id', 'd.gateway_id']).where('i.sync_id', '=', syncId).where('i.state', 'in', ['failed', 'expired'])
        .where('i.device_id', 'in', visibleDeviceIds).orderBy('d.id').execute();
      if (!failed.length) return 0;
      const now = Date.now();
      await this.send(trx, syncId, failed.map((d) => ({ id: d.id, gatewayId: d.gateway_id })), ttlS, audit.userId, now, false);
      await refreshSyncStates(trx, [syncId], now);
      await auditLog(trx, { ...audit, action: 'edit', target: `t_product_sync#${syncId}`, detail: JSON.stringify({ retried: failed.length }) });
      return failed.length;
    });
  }

  /** Queues one config command per gateway and writes (or rewrites, on retry) the devices' items. */
  private async send(
    trx: Kysely<DB>, syncId: number, devices: SyncDevice[], ttlS: number, userId: number | null, now: number, fresh: boolean,
  ): Promise<void> {
    const maps = new Map((await registerMaps(trx, devices.map((d) => d.id))).map((m) => [m.deviceId, m]));
    const byGateway = new Map<number | null, DeviceRegisterMap[]>();
    for (const d of devices) {
      const map = maps.get(d.id);
      if (!map) continue;
      byGateway.set(d.gatewayId, [...(byGateway.get(d.gatewayId) ?? []), map]);
    }
    for (const [gatewayId, group] of byGateway) {
      const commandId = gatewayId === null ? null : await this.queue.enqueue({
        gatewayId, kind: 'config', payload: { syncId, devices: group }, createdBy: userId, ttlS,
      }, trx);
      for (const map of group) {
        const values = {
          gateway_id: gatewayId, command_id: commandId, register_count: map.registers.length, payload_digest: digestOf(map),
          state: commandId === null ? 'failed' : 'queued', result_code: commandId === null ? CommandCode.NoGateway : null,
          result_message: commandId === null ? NO_GATEWAY_MESSAGE : '', updated_at: now, finished_at: commandId === null ? now : null,
        };
        if (fresh) {
          await trx.insertInto('t_product_sync_item').values({ sync_id: syncId, device_id: map.deviceId, tries: 1, ...values }).execute();
        } else {
          await trx.updateTable('t_product_sync_item').set((eb) => ({ ...values, tries: eb('tries', '+', 1) }))
            .where('sync_id', '=', syncId).where('device_id', '=', map.deviceId).execute();
        }
      }
    }
  }

  /** Syncs the user sees, newest first. */
  async list(user: AuthUser, q: ProductSyncQuery): Promise<Paged<ProductSyncRecord>> {
    let base = this.db.selectFrom('t_product_sync as s').where((eb) => eb.or([
      eb('s.created_by', '=', user.id),
      eb.exists(eb.selectFrom('t_product_sync_item as i').innerJoin('t_device as d', 'd.id', 'i.device_id')
        .leftJoin('t_project as p', 'p.id', 'd.project_id').select('i.id').whereRef('i.sync_id', '=', 's.id')
        .where(visibleProjectFilter(user, 'p.id', 'p.org_id'))),
    ]));
    if (q.deviceModelId !== undefined) base = base.where('s.device_model_id', '=', q.deviceModelId);
    const [{ count }] = await base.select((eb) => eb.fn.countAll<number>().as('count')).execute();
    const rows = await base.select('s.id').orderBy('s.id', 'desc').limit(q.Size).offset((q.Page - 1) * q.Size).execute();
    return { list: await this.records(user, rows.map((r) => r.id)), count: Number(count) };
  }

  /** One sync with the items the user sees, or undefined when the user sees none of it. */
  async find(user: AuthUser, id: number): Promise<ProductSyncDetail | undefined> {
    const [record] = await this.records(user, [id]);
    if (!record) return undefined;
    const rows = await this.visibleItems(user).where('i.sync_id', '=', id)
      .leftJoin('t_gateway as g', 'g.id', 'i.gateway_id').leftJoin('t_gateway_command as c', 'c.id', 'i.command_id')
      .select([
        'i.id', 'i.device_id', 'd.name as device_name', 'd.code as device_code', 'd.project_id', 'p.name as project_name', 'i.gateway_id',
        'g.name as gateway_name', 'i.command_id', 'i.register_count', 'i.payload_digest', 'i.state', 'i.result_code', 'i.result_message',
        'i.tries', 'c.taken_at', 'i.finished_at',
      ]).orderBy('d.project_id').orderBy('i.device_id').execute();
    const items: ProductSyncItem[] = rows.map((r) => ({
      id: r.id, deviceId: r.device_id, deviceName: r.device_name, deviceCode: r.device_code, projectId: r.project_id,
      projectName: r.project_name, gatewayId: r.gateway_id, gatewayName: r.gateway_name, commandId: r.command_id,
      registerCount: r.register_count, payloadDigest: r.payload_digest, state: r.state as ProductSyncItem['state'], code: r.result_code,
      codeText: r.result_code === null ? null : commandResultText(r.result_code), message: r.result_message, tries: r.tries,
      sentAt: r.taken_at === null ? null : Number(r.taken_at), finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    }));
    return { ...record, items };
  }

  /** Device ids of the sync's items the user sees. */
  async visibleItemDevices(user: AuthUser, syncId: number): Promise<number[]> {
    return (await this.visibleItems(user).select('i.device_id').where('i.sync_id', '=', syncId).execute()).map((r) => r.device_id);
  }

  private visibleItems(user: AuthUser) {
    return this.db.selectFrom('t_product_sync_item as i').innerJoin('t_device as d', 'd.id', 'i.device_id')
      .leftJoin('t_project as p', 'p.id', 'd.project_id').where(visibleProjectFilter(user, 'p.id', 'p.org_id'));
  }

  /** The records of these syncs (those the user sees), in the order given. */
  private async records(user: AuthUser, ids: number[]): Promise<ProductSyncRecord[]> {
    if (!ids.length) return [];
    const syncs = await this.db.selectFrom('t_product_sync as s').innerJoin('t_device_model as m', 'm.id', 's.device_model_id')
      .leftJoin('t_user as u', 'u.id', 's.created_by')
      .select(['s.id', 's.device_model_id', 'm.name as model_name', 's.created_by', 'u.nick_name', 'u.username', 's.created_at',
        's.finished_at', 's.state', 's.measure_count', 's.table_digest'])
      .where('s.id', 'in', ids).execute();
    const counted = await this.visibleItems(user).select(['i.sync_id', 'i.state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('i.sync_id', 'in', ids).groupBy(['i.sync_id', 'i.state']).execute();
    const byId = new Map(syncs.map((s) => [s.id, s]));
    return ids.flatMap((id) => {
      const s = byId.get(id);
      if (!s) return [];
      const counts: SyncCounts = { total: 0, queued: 0, sent: 0, succeeded: 0, failed: 0, expired: 0 };
      for (const c of counted.filter((x) => x.sync_id === id)) {
        counts[c.state as Exclude<keyof SyncCounts, 'total'>] += Number(c.n);
        counts.total += Number(c.n);
      }
      if (!counts.total && s.created_by !== user.id) return [];
      return [{
        id: s.id, deviceModelId: s.device_model_id, deviceModelName: s.model_name, createdBy: s.created_by,
        createdByName: s.nick_name || s.username || '', createdAt: Number(s.created_at),
        finishedAt: s.finished_at === null ? null : Number(s.finished_at), state: s.state as SyncState, measureCount: s.measure_count,
        tableDigest: s.table_digest, counts,
      }];
    });
  }
}
