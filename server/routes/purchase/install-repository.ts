import { sql, type Kysely } from 'kysely';
import type { Paged } from '../../../contract/envelope';
import type { InstallBatchResult, InstallEntry, InstallQuery, InstallRecord } from '../../../contract/purchase/orders';
import type { AuthUser } from '../../auth/auth-user';
import { startNewLifeCycle } from '../../analysis/life/life-service';
import type { DB } from '../../db/schema';
import { auditLog, type AuditEntry } from '../../logs/audit-log';
import type { MessageEvent } from '../../telemetry/telemetry-events';
import { visibleOrgFilter, visibleProjectFilter } from '../../auth/scope-filters';

/** A device a batch names, as the server found it. */
export interface BatchDevice { code: string; deviceId: number; deviceName: string; deviceCode: string; projectId: number | null; projectName: string; quantity: number }

/** What one recorded installation writes. */
export interface NewInstallation { deviceId: number; deviceCode: string; deviceName: string; projectName: string; quantity: number }

/**
 * The SQL of installation lists (`t_device_install`, one per received order) and recorded
 * installations (`t_device_install_details`). A list is seen with its order (buyer or supplier
 * organisation within the user's scope).
 */
export class InstallRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private visible(user: AuthUser) {
    return this.db.selectFrom('t_device_install as l').innerJoin('t_order as o', 'o.id', 'l.order_id').where((eb) => eb.or([
      visibleOrgFilter(user, 'o.buyer_org_id')(eb),
      visibleOrgFilter(user, 'o.supplier_org_id')(eb),
    ]));
  }

  private async records(rows: { id: number; order_id: number; code: string; supplier_org_name: string; created_at: number | string }[]): Promise<InstallRecord[]> {
    if (!rows.length) return [];
    const orderIds = rows.map((r) => r.order_id);
    const ordered = new Map((await this.db.selectFrom('t_order_details').select((eb) => ['order_id', eb.fn.sum<number>('quantity').as('n')])
      .where('order_id', 'in', orderIds).groupBy('order_id').execute()).map((r) => [r.order_id, Number(r.n)]));
    const installed = new Map((await this.db.selectFrom('t_device_install_details').select((eb) => ['install_id', eb.fn.sum<number>('quantity').as('n')])
      .where('install_id', 'in', rows.map((r) => r.id)).groupBy('install_id').execute()).map((r) => [r.install_id, Number(r.n)]));
    return rows.map((r) => ({
      id: r.id, orderId: r.order_id, orderCode: r.code, supplierOrgName: r.supplier_org_name, createdAt: Number(r.created_at),
      ordered: ordered.get(r.order_id) ?? 0, installed: installed.get(r.id) ?? 0,
    }));
  }

  /** Installation lists the user sees, newest first. */
  async list(user: AuthUser, q: InstallQuery): Promise<Paged<InstallRecord>> {
    let base = this.visible(user);
    if (q.orderId) base = base.where('l.order_id', '=', q.orderId);
    const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const rows = await base.select(['l.id', 'l.order_id', 'o.code', 'o.supplier_org_name', 'l.created_at'])
      .orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(q.Size).offset((q.Page - 1) * q.Size).execute();
    return { count: Number(count), list: await this.records(rows) };
  }

  /** One list the user sees with its order's buyer organisation and state, or undefined. */
  async find(user: AuthUser, id: number): Promise<(InstallRecord & { buyerOrgId: number; supplierOrgId: number; state: string; orderCreatedAt: number }) | undefined> {
    const row = await this.visible(user)
      .select(['l.id', 'l.order_id', 'o.code', 'o.supplier_org_name', 'l.created_at', 'o.buyer_org_id', 'o.supplier_org_id', 'o.state', 'o.created_at as order_created_at'])
      .where('l.id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const [record] = await this.records([row]);
    return { ...record, buyerOrgId: row.buyer_org_id, supplierOrgId: row.supplier_org_id, state: row.state, orderCreatedAt: Number(row.order_created_at) };
  }

  /** The installations recorded in a list, newest first. */
  async entries(installId: number): Promise<InstallEntry[]> {
    const rows = await this.db.selectFrom('t_device_install_details').selectAll().where('install_id', '=', installId)
      .orderBy('installed_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map((r) => ({
      id: r.id, installId: r.install_id, orderDetailId: r.order_detail_id, deviceId: r.device_id, deviceCode: r.device_code, deviceName: r.device_name,
      projectName: r.project_name, filterId: r.filter_id, filterName: r.filter_name, quantity: r.quantity, installedAt: Number(r.installed_at),
      installer: r.installer, recordedBy: r.recorded_by_name, recordedAt: Number(r.recorded_at),
    }));
  }

  /** An order line of the list's order, with what has been recorded of it, or undefined. */
  async line(orderId: number, detailId: number): Promise<{ id: number; projectId: number; projectName: string; filterId: number; filterName: string; quantity: number; installed: number } | undefined> {
    const r = await this.db.selectFrom('t_order_details as d')
      .select((eb) => [
        'd.id', 'd.project_id', 'd.project_name', 'd.filter_id', 'd.filter_name', 'd.quantity',
        eb.selectFrom('t_device_install_details as i').select((e) => e.fn.coalesce(e.fn.sum<number>('i.quantity'), sql<number>`0`).as('n'))
          .whereRef('i.order_detail_id', '=', 'd.id').as('installed'),
      ])
      .where('d.id', '=', detailId).where('d.order_id', '=', orderId).executeTakeFirst();
    return r && { id: r.id, projectId: r.project_id, projectName: r.project_name, filterId: r.filter_id, filterName: r.filter_name, quantity: r.quantity, installed: Number(r.installed ?? 0) };
  }

  /**
   * The devices the user sees whose code or IoT id is among `codes` (a device without a project
   * only for those who see everything), with the filter count each holds (1 without one).
   */
  async devicesByCode(user: AuthUser, codes: readonly string[]): Promise<BatchDevice[]> {
    if (!codes.length) return [];
    const rows = await this.db.selectFrom('t_device as d').leftJoin('t_project as p', 'p.id', 'd.project_id')
      .leftJoin('t_device_filter as df', 'df.device_id', 'd.id')
      .select(['d.id', 'd.code', 'd.iot_id', 'd.name', 'd.project_id', 'p.name as project_name', 'df.quantity'])
      .where((eb) => eb.or([eb('d.code', 'in', [...codes]), eb('d.iot_id', 'in', [...codes])]))
      // A device without a project has no project row: only those who see everything pass.
      .where(visibleProjectFilter(user, 'p.id', 'p.org_id'))
      .orderBy('d.id').execute();
    const out: BatchDevice[] = [];
    for (const code of codes) {
      const d = rows.find((r) => r.code === code) ?? rows.find((r) => r.iot_id === code);
      if (d) {
        out.push({
          code, deviceId: d.id, deviceName: d.name, deviceCode: d.code, projectId: d.project_id, projectName: d.project_name ?? '',
          quantity: d.quantity === null ? 1 : Number(d.quantity),
        });
      }
    }
    return out;
  }

  /**
   * Records the installations of one order line, each starting its device's new life cycle (the
   * life service recomputes it), and the audit line, in one transaction. Answers the life-alarm
   * messages the recomputation sent, to push after commit.
   */
  async record(
    installId: number, line: { id: number; filterId: number; filterName: string }, devices: readonly NewInstallation[],
    at: number, installer: string, by: { user: AuthUser; name: string }, audit: Omit<AuditEntry, 'action'>,
  ): Promise<MessageEvent[]> {
    const messages: MessageEvent[] = [];
    await this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      await trx.insertInto('t_device_install_details').values(devices.map((d) => ({
        install_id: installId, order_detail_id: line.id, device_id: d.deviceId, device_code: d.deviceCode, device_name: d.deviceName,
        project_name: d.projectName, filter_id: line.filterId, filter_name: line.filterName, quantity: d.quantity, installed_at: at,
        installer, recorded_by: by.user.id, recorded_by_name: by.name, recorded_at: now,
      }))).execute();
      for (const d of devices) {
        await startNewLifeCycle(trx, { deviceId: d.deviceId, filterId: line.filterId, at, by: by.user.id }, { now, onMessage: (m) => messages.push(m) });
      }
      await auditLog(trx, {
        ...audit, action: 'add', target: `t_device_install#${installId}`,
        detail: JSON.stringify({ orderDetailId: line.id, filterId: line.filterId, deviceIds: devices.map((d) => d.deviceId), installedAt: at, installer }),
      });
    });
    return messages;
  }

  /** Answers a dry run of a batch and the report of a recorded one alike. */
  static report(matched: BatchDevice[], unknown: string[], refused: { code: string; reason: string }[], remaining: number, recorded: number): InstallBatchResult {
    return {
      matched: matched.map((m) => ({ code: m.code, deviceId: m.deviceId, deviceName: m.deviceName, quantity: m.quantity })),
      unknown, refused, remaining, recorded,
    };
  }
}
