import type { Kysely } from 'kysely';
import type { Paged } from '../../../contract/envelope';
import { MessageType } from '../../../contract/enums';
import type { UpgradePayload } from '../../../contract/gateway-commands';
import { Right } from '../../../contract/rights';
import {
  UPGRADE_NO_GATEWAY, upgradeResultText, type FirmwareQuery, type FirmwareRecord, type UpgradeCandidate, type UpgradeCounts,
  type UpgradeItem, type UpgradeItemState, type UpgradeTaskDetail, type UpgradeTaskQuery, type UpgradeTaskRecord, type UpgradeTaskState,
} from '../../../contract/upgrades';
import { loadScope, type AuthUser } from '../../auth/auth-user';
import { rightHolders } from '../../auth/right-holders';
import type { DB } from '../../db/schema';
import { GatewayCommandQueue } from '../../gateway/command-queue';
import { refreshUpgradeTasks, sendMessages, upgradeMessageFacts } from '../../gateway/upgrade-items';
import { auditLog, type AuditEntry } from '../../logs/audit-log';
import type { MessageEvent } from '../../telemetry/telemetry-events';
import { visibleProjectFilter } from '../../auth/scope-filters';

/** Where a gateway downloads a firmware (GET, with its X-Gateway-Key). */
export const firmwareUrl = (fileId: number) => `/api/gateway/firmware/${fileId}`;

const nameOf = (nick: string | null, username: string | null) => nick || username || '';
const num = (v: number | string | null) => (v === null ? null : Number(v));

/** A device the caller named for a task, as the server found it. */
export interface TaskDevice { id: number; modelId: number; visible: boolean }

/**
 * Users holding `right` (by their roles, capped by their organisation type's rights; the super
 * administrator holds every right) who see every one of `projectIds` (null: a device without a
 * project, seen only by those who see everything), except `except`. Guests, disabled and deleted
 * users are never told. These are who may audit a request about those projects.
 */
export async function auditorsOf(db: Kysely<DB>, right: string, projectIds: readonly (number | null)[], except: number | null): Promise<number[]> {
  const holders = await rightHolders(db, right);
  const wanted = [...new Set(projectIds)];
  const real = wanted.filter((p): p is number => p !== null);
  const out: number[] = [];
  for (const h of holders) {
    if (h.id === except) continue;
    const scope = await loadScope(db, h.id, h.org_id, h.is_super === 1);
    if (scope.all) { out.push(h.id); continue; }
    if (wanted.includes(null)) continue;
    const user = { id: h.id, scope } as AuthUser;
    const seen = real.length ? await db.selectFrom('t_project as p').select('p.id').where('p.id', 'in', real)
      .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).execute() : [];
    if (seen.length === real.length) out.push(h.id);
  }
  return out;
}

/**
 * The SQL of firmware files (`t_upgrade_file`) and upgrade tasks (`t_upgrade_task`,
 * `t_upgrade_item`). A reader sees a task they submitted or with a device they see, and only the
 * devices they see; auditing one needs seeing all of them.
 */
export class UpgradeRepository {
  private readonly queue: GatewayCommandQueue;
  constructor(private readonly db: Kysely<DB>) {
    this.queue = new GatewayCommandQueue(db);
  }

  /** The user's nickname, else username ('' for an unknown id). */
  async userName(id: number): Promise<string> {
    const u = await this.db.selectFrom('t_user').select(['nick_name', 'username']).where('id', '=', id).executeTakeFirst();
    return u ? nameOf(u.nick_name, u.username) : '';
  }

  async modelName(id: number): Promise<string | undefined> {
    return (await this.db.selectFrom('t_device_model').select('name').where('id', '=', id).executeTakeFirst())?.name;
  }

  // ---- firmware ----------------------------------------------------------------------------------

  async insertFirmware(values: {
    deviceModelId: number; fileName: string; fileVer: string; md5: string; size: number; storedName: string; remark: string;
  }, audit: Omit<AuditEntry, 'action'>): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const id = (await trx.insertInto('t_upgrade_file').values({
        device_model_id: values.deviceModelId, file_name: values.fileName, file_ver: values.fileVer, md5: values.md5, size: values.size,
        stored_name: values.storedName, remark: values.remark, created_by: audit.userId, created_at: Date.now(),
      }).returning('id').executeTakeFirstOrThrow()).id;
      await auditLog(trx, {
        ...audit, action: 'add', target: `t_upgrade_file#${id} ${values.fileName}`,
        detail: JSON.stringify({ deviceModelId: values.deviceModelId, fileVer: values.fileVer, md5: values.md5, size: values.size }),
      });
      return id;
    });
  }

  private firmwareRows() {
    return this.db.selectFrom('t_upgrade_file as f').innerJoin('t_device_model as m', 'm.id', 'f.device_model_id')
      .leftJoin('t_user as u', 'u.id', 'f.created_by')
      .select((eb) => [
        'f.id', 'f.file_name', 'f.device_model_id', 'm.name as model_name', 'f.file_ver', 'f.md5', 'f.size', 'f.remark', 'f.created_by',
        'u.nick_name', 'u.username', 'f.created_at', 'f.stored_name',
        eb.selectFrom('t_upgrade_task as t').select((e) => e.fn.countAll<number>().as('n')).whereRef('t.file_id', '=', 'f.id').as('task_count'),
      ]);
  }

  private static firmwareOf(r: {
    id: number; file_name: string; device_model_id: number; model_name: string; file_ver: string; md5: string; size: number | string;
    remark: string; created_by: number | null; nick_name: string | null; username: string | null; created_at: number | string;
    task_count: number | string | null;
  }): FirmwareRecord {
    return {
      id: r.id, fileName: r.file_name, deviceModelId: r.device_model_id, deviceModelName: r.model_name, fileVer: r.file_ver, md5: r.md5,
      size: Number(r.size), remark: r.remark, createdBy: r.created_by, createdByName: nameOf(r.nick_name, r.username),
      createdAt: Number(r.created_at), taskCount: Number(r.task_count ?? 0),
    };
  }

  async listFirmware(q: FirmwareQuery): Promise<Paged<FirmwareRecord>> {
    let base = this.db.selectFrom('t_upgrade_file as f').innerJoin('t_device_model as m', 'm.id', 'f.device_model_id');
    if (q.deviceModelId !== undefined) base = base.where('f.device_model_id', '=', q.deviceModelId);
    if (q.keyword) {
      const like = `%${q.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) => eb.or([
        eb(eb.fn('lower', ['f.file_name']), 'like', like), eb(eb.fn('lower', ['f.file_ver']), 'like', like),
        eb(eb.fn('lower', ['m.name']), 'like', like),
      ]));
    }
    const [{ count }] = await base.select((eb) => eb.fn.countAll<number>().as('count')).execute();
    const ids = (await base.select('f.id').orderBy('f.id', 'desc').limit(q.Size).offset((q.Page - 1) * q.Size).execute()).map((r) => r.id);
    if (!ids.length) return { list: [], count: Number(count) };
    const rows = await this.firmwareRows().where('f.id', 'in', ids).orderBy('f.id', 'desc').execute();
    return { list: rows.map(UpgradeRepository.firmwareOf), count: Number(count) };
  }

  async findFirmware(id: number): Promise<(FirmwareRecord & { storedName: string }) | undefined> {
    const r = await this.firmwareRows().where('f.id', '=', id).executeTakeFirst();
    return r && { ...UpgradeRepository.firmwareOf(r), storedName: r.stored_name };
  }

  /** Deletes a firmware no task sends; answers how many tasks do (nothing deleted then). */
  async deleteFirmware(id: number, audit: Omit<AuditEntry, 'action'>): Promise<{ tasks: number }> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('t_upgrade_file').select(['file_name', 'file_ver']).where('id', '=', id).executeTakeFirstOrThrow();
      const { n } = await trx.selectFrom('t_upgrade_task').select((eb) => eb.fn.countAll<number>().as('n')).where('file_id', '=', id)
        .executeTakeFirstOrThrow();
      if (Number(n) > 0) return { tasks: Number(n) };
      await trx.deleteFrom('t_upgrade_file').where('id', '=', id).execute();
      await auditLog(trx, { ...audit, action: 'delete', target: `t_upgrade_file#${id} ${row.file_name}`, detail: JSON.stringify({ fileVer: row.file_ver }) });
      return { tasks: 0 };
    });
  }

  /** The firmware a gateway may download: one an upgrade still open on that gateway sends. */
  async firmwareForGateway(gatewayId: number, fileId: number): Promise<{ storedName: string; size: number; md5: string } | undefined> {
    const r = await this.db.selectFrom('t_upgrade_file as f').select(['f.stored_name', 'f.size', 'f.md5']).where('f.id', '=', fileId)
      .where((eb) => eb.exists(eb.selectFrom('t_upgrade_item as i').innerJoin('t_upgrade_task as t', 't.id', 'i.task_id').select('i.id')
        .whereRef('t.file_id', '=', 'f.id').where('i.gateway_id', '=', gatewayId).where('i.state', 'in', ['queued', 'sent'])))
      .executeTakeFirst();
    return r && { storedName: r.stored_name, size: Number(r.size), md5: r.md5 };
  }

  // ---- tasks -----------------------------------------------------------------------------------

  /** The devices of a model the user sees, for a task. */
  async candidates(user: AuthUser, deviceModelId: number): Promise<UpgradeCandidate[]> {
    const rows = await this.db.selectFrom('t_device as d').leftJoin('t_project as p', 'p.id', 'd.project_id')
      .leftJoin('t_gateway as g', 'g.id', 'd.gateway_id')
      .select(['d.id', 'd.name', 'd.code', 'd.project_id', 'p.name as project_name', 'd.gateway_id', 'g.name as gateway_name', 'd.state', 'd.firmware_ver'])
      .where('d.device_model_id', '=', deviceModelId).where(visibleProjectFilter(user, 'p.id', 'p.org_id'))
      .orderBy('p.name').orderBy('d.name').orderBy('d.id').execute();
    return rows.map((r) => ({
      id: r.id, name: r.name, code: r.code, projectId: r.project_id, projectName: r.project_name, gatewayId: r.gateway_id,
      gatewayName: r.gateway_name, state: r.state, firmwareVer: r.firmware_ver,
    }));
  }

  /** The devices named, with their model and whether the user sees them (unknown ids are left out). */
  async taskDevices(user: AuthUser, ids: readonly number[]): Promise<TaskDevice[]> {
    const rows = await this.db.selectFrom('t_device as d').leftJoin('t_project as p', 'p.id', 'd.project_id')
      .select(['d.id', 'd.device_model_id']).where('d.id', 'in', [...ids]).execute();
    const visible = new Set((await this.db.selectFrom('t_device as d').leftJoin('t_project as p', 'p.id', 'd.project_id')
      .select('d.id').where('d.id', 'in', [...ids]).where(visibleProjectFilter(user, 'p.id', 'p.org_id')).execute()).map((r) => r.id));
    return rows.map((r) => ({ id: r.id, modelId: r.device_model_id, visible: visible.has(r.id) }));
  }

  /**
   * A new task, pending: one waiting item per device (with its current version), a message to
   * each user who may audit it, and an audit line, in one transaction.
   */
  async createTask(
    input: { fileId: number; deviceModelId: number; deviceIds: number[]; remark: string; timeoutS: number }, submitterName: string,
    audit: Omit<AuditEntry, 'action'>,
  ): Promise<{ id: number; messages: MessageEvent[] }> {
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const id = (await trx.insertInto('t_upgrade_task').values({
        file_id: input.fileId, device_model_id: input.deviceModelId, state: 'pending', remark: input.remark, timeout_s: input.timeoutS,
        created_by: audit.userId, created_at: now,
      }).returning('id').executeTakeFirstOrThrow()).id;
      const devices = await trx.selectFrom('t_device').select(['id', 'firmware_ver', 'project_id']).where('id', 'in', input.deviceIds).execute();
      await trx.insertInto('t_upgrade_item').values(devices.map((d) => ({
        task_id: id, device_id: d.id, from_ver: d.firmware_ver, state: 'waiting', updated_at: now,
      }))).execute();
      const facts = await upgradeMessageFacts(trx, id);
      const auditors = await auditorsOf(trx, Right.UpgradeAudit, devices.map((d) => d.project_id), audit.userId);
      const message = await sendMessages(trx, auditors, {
        type: MessageType.Upgrade,
        content: `固件升级待审核：任务 #${id} ${facts.deviceModelName} ${facts.fileVer}，${devices.length} 台设备（提交人 ${submitterName}）`,
        data: JSON.stringify({ projectName: facts.projectName, deviceModelName: facts.deviceModelName, fileVer: facts.fileVer, taskId: id }),
      }, now);
      await auditLog(trx, {
        ...audit, action: 'add', target: `t_upgrade#${id}`,
        detail: JSON.stringify({ fileId: input.fileId, fileVer: facts.fileVer, devices: devices.length, auditors: auditors.length }),
      });
      return { id, messages: message ? [message] : [] };
    });
  }

  /** Facts the audit rules need: who submitted, the state, and whether the user sees every device. */
  async auditFacts(user: AuthUser, id: number): Promise<{ createdBy: number | null; state: string; seesAll: boolean } | undefined> {
    const task = await this.db.selectFrom('t_upgrade_task').select(['created_by', 'state']).where('id', '=', id).executeTakeFirst();
    if (!task) return undefined;
    const { total } = await this.db.selectFrom('t_upgrade_item').select((eb) => eb.fn.countAll<number>().as('total'))
      .where('task_id', '=', id).executeTakeFirstOrThrow();
    const { seen } = await this.visibleItems(user).select((eb) => eb.fn.countAll<number>().as('seen')).where('i.task_id', '=', id)
      .executeTakeFirstOrThrow();
    return { createdBy: task.created_by, state: task.state, seesAll: Number(seen) === Number(total) };
  }

  /**
   * Approves or rejects a pending task, once: the state changes only from `pending` (so of two
   * racing audits one wins; the other gets `false`). Approved, each device gets an `upgrade`
   * command on its gateway's queue (a device without a gateway fails at once with 98); rejected,
   * nothing is sent. The submitter is told either way. One transaction.
   */
  async audit(id: number, approved: boolean, remark: string, auditorName: string, audit: Omit<AuditEntry, 'action'>): Promise<MessageEvent[] | false> {
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const won = await trx.updateTable('t_upgrade_task')
        .set({ state: approved ? 'running' : 'rejected', audited_by: audit.userId, audited_at: now, audit_remark: remark, finished_at: approved ? null : now })
        .where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
      if (Number(won.numUpdatedRows) !== 1) return false;
      const task = await trx.selectFrom('t_upgrade_task as t').innerJoin('t_upgrade_file as f', 'f.id', 't.file_id')
        .select(['t.created_by', 't.timeout_s', 'f.id as file_id', 'f.file_ver', 'f.md5', 'f.size', 'f.device_model_id'])
        .where('t.id', '=', id).executeTakeFirstOrThrow();
      const messages: MessageEvent[] = [];
      if (approved) {
        const items = await trx.selectFrom('t_upgrade_item as i').innerJoin('t_device as d', 'd.id', 'i.device_id')
          .select(['i.id', 'i.device_id', 'd.gateway_id']).where('i.task_id', '=', id).orderBy('i.device_id').execute();
        for (const item of items) {
          const payload: UpgradePayload = {
            taskId: id, fileId: task.file_id, fileVer: task.file_ver, md5: task.md5, size: Number(task.size), url: firmwareUrl(task.file_id),
            deviceModelId: task.device_model_id,
          };
          const commandId = item.gateway_id === null ? null : await this.queue.enqueue({
            gatewayId: item.gateway_id, deviceId: item.device_id, kind: 'upgrade', payload, createdBy: audit.userId, ttlS: task.timeout_s,
          }, trx);
          await trx.updateTable('t_upgrade_item').set(commandId === null
            ? { gateway_id: null, state: 'failed', result_code: UPGRADE_NO_GATEWAY, result_message: upgradeResultText(UPGRADE_NO_GATEWAY), updated_at: now, finished_at: now }
            : { gateway_id: item.gateway_id, command_id: commandId, state: 'queued', updated_at: now })
            .where('id', '=', item.id).execute();
        }
      } else {
        await trx.updateTable('t_upgrade_item').set({ state: 'cancelled', updated_at: now, finished_at: now }).where('task_id', '=', id).execute();
      }
      if (task.created_by !== null) {
        const facts = await upgradeMessageFacts(trx, id);
        const said = remark ? `：${remark}` : '';
        const m = await sendMessages(trx, [task.created_by], {
          type: MessageType.Upgrade,
          content: approved
            ? `固件升级任务 #${id} 已由 ${auditorName} 审核通过，开始升级${said}`
            : `固件升级任务 #${id} 已被 ${auditorName} 驳回${said}`,
          data: JSON.stringify({ projectName: facts.projectName, deviceModelName: facts.deviceModelName, fileVer: facts.fileVer, taskId: id }),
        }, now);
        if (m) messages.push(m);
      }
      // Every device without a gateway: the task is over at once.
      if (approved) messages.push(...await refreshUpgradeTasks(trx, [id], now));
      await auditLog(trx, { ...audit, action: 'edit', target: `t_upgrade#${id}`, detail: JSON.stringify({ audit: approved ? 'approved' : 'rejected', remark }) });
      return messages;
    });
  }

  /** Deletes a task that is not running (its commands are done or were never sent). False when it runs. */
  async deleteTask(id: number, audit: Omit<AuditEntry, 'action'>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx.deleteFrom('t_upgrade_task').where('id', '=', id).where('state', '!=', 'running').executeTakeFirst();
      if (Number(r.numDeletedRows) !== 1) return false;
      await auditLog(trx, { ...audit, action: 'delete', target: `t_upgrade#${id}` });
      return true;
    });
  }

  /** Tasks the user sees, newest first. */
  async list(user: AuthUser, q: UpgradeTaskQuery): Promise<Paged<UpgradeTaskRecord>> {
    let base = this.db.selectFrom('t_upgrade_task as t').where((eb) => eb.or([
      eb('t.created_by', '=', user.id),
      eb.exists(eb.selectFrom('t_upgrade_item as i').innerJoin('t_device as d', 'd.id', 'i.device_id')
        .leftJoin('t_project as p', 'p.id', 'd.project_id').select('i.id').whereRef('i.task_id', '=', 't.id')
        .where(visibleProjectFilter(user, 'p.id', 'p.org_id'))),
    ]));
    if (q.state !== undefined) base = base.where('t.state', '=', q.state);
    if (q.deviceModelId !== undefined) base = base.where('t.device_model_id', '=', q.deviceModelId);
    const [{ count }] = await base.select((eb) => eb.fn.countAll<number>().as('count')).execute();
    const rows = await base.select('t.id').orderBy('t.id', 'desc').limit(q.Size).offset((q.Page - 1) * q.Size).execute();
    return { list: await this.records(user, rows.map((r) => r.id)), count: Number(count) };
  }

  /** One task with the devices the user sees, or undefined when the user sees none of it (and did not submit it). */
  async find(user: AuthUser, id: number): Promise<UpgradeTaskDetail | undefined> {
    const [record] = await this.records(user, [id]);
    if (!record) return undefined;
    const rows = await this.visibleItems(user).where('i.task_id', '=', id)
      .leftJoin('t_gateway as g', 'g.id', 'i.gateway_id').leftJoin('t_gateway_command as c', 'c.id', 'i.command_id')
      .select([
        'i.id', 'i.device_id', 'd.name as device_name', 'd.code as device_code', 'd.project_id', 'p.name as project_name', 'i.gateway_id',
        'g.name as gateway_name', 'i.command_id', 'i.from_ver', 'i.state', 'i.result_code', 'i.result_message', 'c.taken_at', 'i.finished_at',
      ]).orderBy('p.name').orderBy('d.name').orderBy('i.device_id').execute();
    const items: UpgradeItem[] = rows.map((r) => ({
      id: r.id, deviceId: r.device_id, deviceName: r.device_name, deviceCode: r.device_code, projectId: r.project_id,
      projectName: r.project_name, gatewayId: r.gateway_id, gatewayName: r.gateway_name, commandId: r.command_id, fromVer: r.from_ver,
      state: r.state as UpgradeItemState, code: r.result_code, codeText: r.result_code === null ? null : upgradeResultText(r.result_code),
      message: r.result_message, sentAt: num(r.taken_at), finishedAt: num(r.finished_at),
    }));
    return { ...record, items };
  }

  private visibleItems(user: AuthUser) {
    return this.db.selectFrom('t_upgrade_item as i').innerJoin('t_device as d', 'd.id', 'i.device_id')
      .leftJoin('t_project as p', 'p.id', 'd.project_id').where(visibleProjectFilter(user, 'p.id', 'p.org_id'));
  }

  /** The records of these tasks (those the user sees), in the order given. */
  private async records(user: AuthUser, ids: number[]): Promise<UpgradeTaskRecord[]> {
    if (!ids.length) return [];
    const tasks = await this.db.selectFrom('t_upgrade_task as t').innerJoin('t_upgrade_file as f', 'f.id', 't.file_id')
      .innerJoin('t_device_model as m', 'm.id', 't.device_model_id')
      .leftJoin('t_user as u', 'u.id', 't.created_by').leftJoin('t_user as a', 'a.id', 't.audited_by')
      .select([
        't.id', 't.file_id', 'f.file_name', 'f.file_ver', 'f.md5', 't.device_model_id', 'm.name as model_name', 't.state', 't.remark',
        't.timeout_s', 't.created_by', 'u.nick_name', 'u.username', 't.created_at', 't.audited_by', 'a.nick_name as a_nick',
        'a.username as a_username', 't.audited_at', 't.audit_remark', 't.finished_at',
      ])
      .where('t.id', 'in', ids).execute();
    const seen = await this.visibleItems(user).select(['i.task_id', 'i.state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('i.task_id', 'in', ids).groupBy(['i.task_id', 'i.state']).execute();
    const all = await this.db.selectFrom('t_upgrade_item').select(['task_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('task_id', 'in', ids).groupBy('task_id').execute();
    const byId = new Map(tasks.map((t) => [t.id, t]));
    const mayAudit = user.rights.has(Right.UpgradeAudit);
    return ids.flatMap((id) => {
      const t = byId.get(id);
      if (!t) return [];
      const counts: UpgradeCounts = { total: 0, waiting: 0, queued: 0, sent: 0, succeeded: 0, failed: 0, expired: 0, cancelled: 0 };
      for (const c of seen.filter((x) => x.task_id === id)) {
        counts[c.state as Exclude<keyof UpgradeCounts, 'total'>] += Number(c.n);
        counts.total += Number(c.n);
      }
      if (!counts.total && t.created_by !== user.id) return [];
      const total = Number(all.find((x) => x.task_id === id)?.n ?? 0);
      return [{
        id: t.id, fileId: t.file_id, fileName: t.file_name, fileVer: t.file_ver, md5: t.md5, deviceModelId: t.device_model_id,
        deviceModelName: t.model_name, state: t.state as UpgradeTaskState, remark: t.remark, timeoutS: t.timeout_s, createdBy: t.created_by,
        createdByName: nameOf(t.nick_name, t.username), createdAt: Number(t.created_at), auditedBy: t.audited_by,
        auditedByName: nameOf(t.a_nick, t.a_username), auditedAt: num(t.audited_at), auditRemark: t.audit_remark,
        finishedAt: num(t.finished_at), counts,
        canAudit: mayAudit && t.state === 'pending' && t.created_by !== user.id && counts.total === total && total > 0,
      }];
    });
  }
}
