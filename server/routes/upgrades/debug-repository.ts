import type { Kysely } from 'kysely';
import type { Paged } from '../../../contract/envelope';
import { MessageType } from '../../../contract/enums';
import { Right } from '../../../contract/rights';
import type { DebugQuery, DebugSessionRecord, DebugState } from '../../../contract/upgrades';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { sendMessages } from '../../gateway/upgrade-items';
import { auditLog, type AuditEntry } from '../../logs/audit-log';
import type { MessageEvent } from '../../telemetry/telemetry-events';
import { visibleProjectFilter } from '../../auth/scope-filters';
import { auditorsOf } from './upgrade-repository';

const nameOf = (nick: string | null, username: string | null) => nick || username || '';
const num = (v: number | string | null) => (v === null ? null : Number(v));

/** What the stored state (pending / rejected / approved) and the window say at `now`. */
export function debugStateOf(stored: string, endsAt: number | null, now: number): DebugState {
  if (stored === 'pending' || stored === 'rejected') return stored;
  return endsAt !== null && endsAt > now ? 'active' : 'ended';
}

/** A debug message's data (SPEC §3 "Debug/device data"). */
const debugData = (d: { projectName: string | null; modelName: string; deviceName: string }, id: number) =>
  JSON.stringify({ projectName: d.projectName ?? '', deviceModelName: d.modelName, devices: { name: d.deviceName }, debugId: id });

const clock = (ms: number) => {
  // The sites' clock (China Standard Time), as the console shows it.
  const d = new Date(ms + 8 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCMonth() + 1}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
};

/**
 * The SQL of debug sessions (`t_debug_session`): a request for a remote debugging window on one
 * device. A reader sees the sessions of devices they see, and those they asked for.
 */
export class DebugRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The device with its project and model, and whether the user sees it; undefined when unknown. */
  async device(user: AuthUser, id: number): Promise<{ visible: boolean; projectId: number | null } | undefined> {
    const d = await this.db.selectFrom('t_device').select(['id', 'project_id']).where('id', '=', id).executeTakeFirst();
    if (!d) return undefined;
    const seen = await this.db.selectFrom('t_device as d').leftJoin('t_project as p', 'p.id', 'd.project_id').select('d.id')
      .where('d.id', '=', id).where(visibleProjectFilter(user, 'p.id', 'p.org_id')).executeTakeFirst();
    return { visible: !!seen, projectId: d.project_id };
  }

  private async facts(trx: Kysely<DB>, id: number) {
    return trx.selectFrom('t_debug_session as s').innerJoin('t_device as d', 'd.id', 's.device_id')
      .innerJoin('t_device_model as m', 'm.id', 'd.device_model_id').leftJoin('t_project as p', 'p.id', 'd.project_id')
      .select(['s.created_by', 's.duration_min', 'd.name as deviceName', 'd.project_id', 'm.name as modelName', 'p.name as projectName'])
      .where('s.id', '=', id).executeTakeFirstOrThrow();
  }

  /** A new request, pending; a message to each user who may audit it; an audit line. One transaction. */
  async create(
    input: { deviceId: number; durationMin: number; reason: string }, requesterName: string, audit: Omit<AuditEntry, 'action'>,
  ): Promise<{ id: number; messages: MessageEvent[] }> {
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const id = (await trx.insertInto('t_debug_session').values({
        device_id: input.deviceId, reason: input.reason, duration_min: input.durationMin, state: 'pending', created_by: audit.userId, created_at: now,
      }).returning('id').executeTakeFirstOrThrow()).id;
      const f = await this.facts(trx, id);
      const auditors = await auditorsOf(trx, Right.DebugAudit, [f.project_id], audit.userId);
      const m = await sendMessages(trx, auditors, {
        type: MessageType.Debug,
        content: `远程调试待审核：${f.deviceName}，${input.durationMin} 分钟（申请人 ${requesterName}）：${input.reason}`,
        data: debugData(f, id),
      }, now);
      await auditLog(trx, {
        ...audit, action: 'add', target: `t_debug#${id}`,
        detail: JSON.stringify({ deviceId: input.deviceId, durationMin: input.durationMin, auditors: auditors.length }),
      });
      return { id, messages: m ? [m] : [] };
    });
  }

  /** Who asked, the state at `now`, and whether the user sees the device. */
  async auditFacts(user: AuthUser, id: number, now: number): Promise<{ createdBy: number | null; state: DebugState; seesDevice: boolean } | undefined> {
    const s = await this.db.selectFrom('t_debug_session').select(['created_by', 'state', 'ends_at', 'device_id']).where('id', '=', id).executeTakeFirst();
    if (!s) return undefined;
    const device = await this.device(user, s.device_id);
    return { createdBy: s.created_by, state: debugStateOf(s.state, num(s.ends_at), now), seesDevice: !!device?.visible };
  }

  /**
   * Approves (the window opens now for its duration) or rejects a pending request, once: of two
   * racing audits one wins, the other gets false. The requester is told. One transaction.
   */
  async audit(id: number, approved: boolean, remark: string, auditorName: string, audit: Omit<AuditEntry, 'action'>): Promise<MessageEvent[] | false> {
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const f = await this.facts(trx, id);
      const won = await trx.updateTable('t_debug_session')
        .set({
          state: approved ? 'approved' : 'rejected', audited_by: audit.userId, audited_at: now, audit_remark: remark,
          starts_at: approved ? now : null, ends_at: approved ? now + f.duration_min * 60_000 : null,
        })
        .where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
      if (Number(won.numUpdatedRows) !== 1) return false;
      const said = remark ? `：${remark}` : '';
      const m = f.created_by === null ? null : await sendMessages(trx, [f.created_by], {
        type: MessageType.Debug,
        content: approved
          ? `远程调试申请已由 ${auditorName} 通过：${f.deviceName}，${clock(now)} 至 ${clock(now + f.duration_min * 60_000)}${said}`
          : `远程调试申请已被 ${auditorName} 驳回：${f.deviceName}${said}`,
        data: debugData(f, id),
      }, now);
      await auditLog(trx, { ...audit, action: 'edit', target: `t_debug#${id}`, detail: JSON.stringify({ audit: approved ? 'approved' : 'rejected', remark }) });
      return m ? [m] : [];
    });
  }

  /** Ends an open window now; false when it is not open (any more). */
  async close(id: number, audit: Omit<AuditEntry, 'action'>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const r = await trx.updateTable('t_debug_session').set({ ends_at: now })
        .where('id', '=', id).where('state', '=', 'approved').where('ends_at', '>', now).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await auditLog(trx, { ...audit, action: 'edit', target: `t_debug#${id}`, detail: JSON.stringify({ closed: now }) });
      return true;
    });
  }

  /** Sessions the user sees, newest first. */
  async list(user: AuthUser, q: DebugQuery, now: number): Promise<Paged<DebugSessionRecord>> {
    let base = this.db.selectFrom('t_debug_session as s').innerJoin('t_device as d', 'd.id', 's.device_id')
      .leftJoin('t_project as p', 'p.id', 'd.project_id')
      .where((eb) => eb.or([eb('s.created_by', '=', user.id), visibleProjectFilter(user, 'p.id', 'p.org_id')(eb)]));
    if (q.state === 'pending' || q.state === 'rejected') base = base.where('s.state', '=', q.state);
    if (q.state === 'active') base = base.where('s.state', '=', 'approved').where('s.ends_at', '>', now);
    if (q.state === 'ended') base = base.where('s.state', '=', 'approved').where('s.ends_at', '<=', now);
    const [{ count }] = await base.select((eb) => eb.fn.countAll<number>().as('count')).execute();
    const ids = (await base.select('s.id').orderBy('s.id', 'desc').limit(q.Size).offset((q.Page - 1) * q.Size).execute()).map((r) => r.id);
    return { list: await this.records(user, ids, now), count: Number(count) };
  }

  async find(user: AuthUser, id: number, now: number): Promise<DebugSessionRecord | undefined> {
    const [r] = await this.records(user, [id], now);
    if (!r) return undefined;
    if (r.createdBy === user.id) return r;
    return (await this.device(user, r.deviceId))?.visible ? r : undefined;
  }

  private async records(user: AuthUser, ids: number[], now: number): Promise<DebugSessionRecord[]> {
    if (!ids.length) return [];
    const rows = await this.db.selectFrom('t_debug_session as s').innerJoin('t_device as d', 'd.id', 's.device_id')
      .innerJoin('t_device_model as m', 'm.id', 'd.device_model_id').leftJoin('t_project as p', 'p.id', 'd.project_id')
      .leftJoin('t_user as u', 'u.id', 's.created_by').leftJoin('t_user as a', 'a.id', 's.audited_by')
      .select([
        's.id', 's.device_id', 'd.name as device_name', 'd.code as device_code', 'm.name as model_name', 'd.project_id', 'p.name as project_name',
        's.reason', 's.duration_min', 's.state', 's.created_by', 'u.nick_name', 'u.username', 's.created_at', 's.audited_by',
        'a.nick_name as a_nick', 'a.username as a_username', 's.audited_at', 's.audit_remark', 's.starts_at', 's.ends_at',
      ])
      .where('s.id', 'in', ids).execute();
    const seen = new Set((await this.db.selectFrom('t_debug_session as s').innerJoin('t_device as d', 'd.id', 's.device_id')
      .leftJoin('t_project as p', 'p.id', 'd.project_id').select('s.id').where('s.id', 'in', ids)
      .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).execute()).map((r) => r.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const mayAudit = user.rights.has(Right.DebugAudit);
    const mayClose = user.rights.has(Right.UpgradeEdit);
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const state = debugStateOf(r.state, num(r.ends_at), now);
      return [{
        id: r.id, deviceId: r.device_id, deviceName: r.device_name, deviceCode: r.device_code, deviceModelName: r.model_name,
        projectId: r.project_id, projectName: r.project_name, reason: r.reason, durationMin: r.duration_min, state,
        createdBy: r.created_by, createdByName: nameOf(r.nick_name, r.username), createdAt: Number(r.created_at), auditedBy: r.audited_by,
        auditedByName: nameOf(r.a_nick, r.a_username), auditedAt: num(r.audited_at), auditRemark: r.audit_remark,
        startsAt: num(r.starts_at), endsAt: num(r.ends_at),
        canAudit: mayAudit && state === 'pending' && r.created_by !== user.id && seen.has(id),
        canClose: state === 'active' && mayClose && (r.created_by === user.id || seen.has(id)),
      }];
    });
  }
}
