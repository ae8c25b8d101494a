import { sql, type Kysely, type SqlBool } from 'kysely';
import {
  CARD_USAGE_WARN_RATIO, type Card, type CardQuery, type CardUser, type CardWarning, type CardWarningKind, type SaveCardBody,
  type SyncCardUsersResult,
} from '../../../contract/cards';
import type { Paged } from '../../../contract/envelope';
import { Right } from '../../../contract/rights';
import type { AuthUser } from '../../auth/auth-user';
import { hashToken } from '../../auth/tokens';
import type { DB } from '../../db/schema';
import { subtreeIds } from '../../db/tree';
import { auditLog } from '../../logs/audit-log';
import { likePattern } from '../../resources/resource-repository';
import { visibleOrgFilter } from '../../auth/scope-filters';

const DAY_MS = 86_400_000;

export interface Audit { userId: number; username: string; ip: string }

type SavedCard = Omit<SaveCardBody, 'id' | 'version'> & Required<Pick<SaveCardBody, 'msisdn' | 'carrier' | 'planName' | 'dataUsedMb' | 'dataLimitMb' | 'remark'>> & {
  activatedAt: number | null; expiresAt: number | null;
};

/** The registry of SIM cards, the card platform's accounts and its tokens (SQL of the cards family). */
export class CardRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private base() {
    // A device carrying the card's ICCID is the card's binding (ICCIDs are unique among devices).
    return this.db.selectFrom('t_card as c')
      .innerJoin('t_org as o', 'o.id', 'c.org_id')
      .leftJoin('t_device as d', 'd.iccid', 'c.iccid')
      .leftJoin('t_project as p', 'p.id', 'd.project_id');
  }

  private selectCard() {
    return this.base().select([
      'c.id', 'c.version', 'c.iccid', 'c.msisdn', 'c.org_id', 'o.name as org_name', 'c.status', 'c.carrier', 'c.plan_name',
      'c.data_used_mb', 'c.data_limit_mb', 'c.activated_at', 'c.expires_at', 'c.remark', 'c.updated_at',
      'd.id as device_id', 'd.name as device_name', 'd.code as device_code', 'p.name as project_name',
    ]);
  }

  private static toCard(r: {
    id: number; version: number; iccid: string; msisdn: string; org_id: number; org_name: string; status: number; carrier: string;
    plan_name: string; data_used_mb: number; data_limit_mb: number; activated_at: number | null; expires_at: number | null;
    remark: string; updated_at: number; device_id: number | null; device_name: string | null; device_code: string | null;
    project_name: string | null;
  }): Card {
    return {
      id: r.id, version: Number(r.version), iccid: r.iccid, msisdn: r.msisdn, orgId: r.org_id, orgName: r.org_name, status: Number(r.status),
      carrier: r.carrier, planName: r.plan_name, dataUsedMb: Number(r.data_used_mb), dataLimitMb: Number(r.data_limit_mb),
      activatedAt: r.activated_at === null ? null : Number(r.activated_at), expiresAt: r.expires_at === null ? null : Number(r.expires_at),
      remark: r.remark, updatedAt: Number(r.updated_at), deviceId: r.device_id ?? null, deviceName: r.device_name ?? '',
      deviceCode: r.device_code ?? '', projectName: r.project_name ?? '',
    };
  }

  async list(user: AuthUser, query: CardQuery): Promise<Paged<Card>> {
    let q = this.base().where(visibleOrgFilter(user, 'c.org_id'));
    if (query.status !== undefined) q = q.where('c.status', '=', query.status);
    if (query.orgId !== undefined) q = q.where('c.org_id', '=', query.orgId);
    if (query.bound !== undefined) q = q.where('d.id', query.bound ? 'is not' : 'is', null);
    if (query.keyword) {
      const like = likePattern(query.keyword);
      q = q.where((eb) => eb.or(['c.iccid', 'c.msisdn', 'd.name', 'd.code'].map(
        (column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${like} escape '\\'`,
      )));
    }
    const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
    const ids = (await q.select('c.id').orderBy('c.id').limit(query.Size).offset((query.Page - 1) * query.Size).execute()).map((r) => r.id);
    const rows = ids.length ? await this.selectCard().where('c.id', 'in', ids).orderBy('c.id').execute() : [];
    return { list: rows.map(CardRepository.toCard), count: Number(count) };
  }

  /** A card the user sees, or undefined. */
  async find(user: AuthUser, id: number): Promise<Card | undefined> {
    const row = await this.selectCard().where('c.id', '=', id).where(visibleOrgFilter(user, 'c.org_id')).executeTakeFirst();
    return row && CardRepository.toCard(row);
  }

  /**
   * Cards of the caller's scope whose data usage reached {@link CARD_USAGE_WARN_RATIO} of their
   * limit, or that expire within `days` (or have expired) — except cards in stock or being
   * cancelled, which use no data and renew nothing. Most urgent first.
   */
  async warnings(user: AuthUser, days: number, now = Date.now()): Promise<CardWarning[]> {
    const horizon = now + days * DAY_MS;
    const rows = await this.selectCard()
      .where(visibleOrgFilter(user, 'c.org_id'))
      .where('c.status', 'not in', [7, 8])
      .where((eb) => eb.or([
        eb.and([eb('c.data_limit_mb', '>', 0), eb('c.data_used_mb', '>=', sql<number>`c.data_limit_mb * ${CARD_USAGE_WARN_RATIO}`)]),
        eb('c.expires_at', '<=', horizon),
      ]))
      .orderBy('c.id')
      .execute();
    const out = rows.map((r) => {
      const card = CardRepository.toCard(r);
      const usageRatio = card.dataLimitMb > 0 ? card.dataUsedMb / card.dataLimitMb : 0;
      const daysLeft = card.expiresAt === null ? null : Math.floor((card.expiresAt - now) / DAY_MS);
      const reasons: CardWarningKind[] = [];
      if (card.expiresAt !== null && card.expiresAt <= now) reasons.push('expired');
      else if (card.expiresAt !== null && card.expiresAt <= horizon) reasons.push('expiry');
      if (card.dataLimitMb > 0 && usageRatio >= CARD_USAGE_WARN_RATIO) reasons.push('usage');
      return { ...card, reasons, usageRatio, daysLeft };
    });
    const urgency = (w: CardWarning) => (w.reasons.includes('expired') ? -1e9 : 0) + (w.daysLeft ?? 1e6) - w.usageRatio * 100;
    return out.sort((a, b) => urgency(a) - urgency(b) || a.id - b.id);
  }

  /** The id of the card holding `iccid`, other than `exceptId`. */
  async iccidTaken(iccid: string, exceptId: number | null): Promise<boolean> {
    let q = this.db.selectFrom('t_card').select('id').where('iccid', '=', iccid);
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  }

  async orgExists(orgId: number): Promise<boolean> {
    return !!(await this.db.selectFrom('t_org').select('id').where('id', '=', orgId).executeTakeFirst());
  }

  private static columns(f: SavedCard) {
    return {
      iccid: f.iccid, msisdn: f.msisdn, org_id: f.orgId, status: f.status, carrier: f.carrier, plan_name: f.planName,
      data_used_mb: f.dataUsedMb, data_limit_mb: f.dataLimitMb, activated_at: f.activatedAt, expires_at: f.expiresAt, remark: f.remark,
    };
  }

  /** Inserts a card and its log line; returns its id. */
  async insert(f: SavedCard, audit: Audit): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const { id } = await trx.insertInto('t_card').values({ ...CardRepository.columns(f), created_at: now, updated_at: now })
        .returning('id').executeTakeFirstOrThrow();
      await auditLog(trx, { ...audit, action: 'add', target: `物联网卡 ${f.iccid}`, detail: JSON.stringify({ id, status: f.status, orgId: f.orgId }) });
      return id;
    });
  }

  /** Updates a card read at `version`; false when another save came first (the version moved on). */
  async update(id: number, version: number, f: SavedCard, audit: Audit): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const done = await trx.updateTable('t_card').set({ ...CardRepository.columns(f), updated_at: Date.now(), version: version + 1 })
        .where('id', '=', id).where('version', '=', version).executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await auditLog(trx, { ...audit, action: 'edit', target: `物联网卡 ${f.iccid}`, detail: JSON.stringify({ id, status: f.status, orgId: f.orgId }) });
      return true;
    });
  }

  async remove(card: Card, audit: Audit): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('t_card').where('id', '=', card.id).execute();
      await auditLog(trx, { ...audit, action: 'delete', target: `物联网卡 ${card.iccid}`, detail: JSON.stringify({ id: card.id }) });
    });
  }

  /** Card platform accounts of the organisations the caller sees. */
  async users(user: AuthUser, query: { Page: number; Size: number; orgId?: number }): Promise<Paged<CardUser>> {
    let q = this.db.selectFrom('t_card_user as cu')
      .innerJoin('t_user as u', 'u.id', 'cu.user_id')
      .innerJoin('t_org as o', 'o.id', 'cu.org_id')
      .where(visibleOrgFilter(user, 'cu.org_id'));
    if (query.orgId !== undefined) q = q.where('cu.org_id', '=', query.orgId);
    const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
    const rows = await q.select(['cu.user_id', 'u.username', 'u.nick_name', 'cu.org_id', 'o.name as org_name', 'cu.enabled', 'cu.synced_at'])
      .orderBy('cu.org_id').orderBy('u.username').limit(query.Size).offset((query.Page - 1) * query.Size).execute();
    return {
      count: Number(count),
      list: rows.map((r) => ({
        userId: r.user_id, username: r.username, nickName: r.nick_name, orgId: r.org_id, orgName: r.org_name, enabled: Number(r.enabled) === 1,
        syncedAt: Number(r.synced_at),
      })),
    };
  }

  /** The card platform account of a user the caller sees, or undefined. */
  async cardUser(user: AuthUser, userId: number): Promise<{ userId: number; enabled: boolean; username: string } | undefined> {
    const row = await this.db.selectFrom('t_card_user as cu').innerJoin('t_user as u', 'u.id', 'cu.user_id')
      .select(['cu.user_id', 'cu.enabled', 'u.username']).where('cu.user_id', '=', userId).where(visibleOrgFilter(user, 'cu.org_id'))
      .executeTakeFirst();
    return row && { userId: row.user_id, enabled: Number(row.enabled) === 1, username: row.username };
  }

  async setUserEnabled(userId: number, username: string, enabled: boolean, audit: Audit): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('t_card_user').set({ enabled: enabled ? 1 : 0 }).where('user_id', '=', userId).execute();
      // Switching an account off ends the card home sessions it holds at once.
      if (!enabled) await trx.deleteFrom('t_card_token').where('user_id', '=', userId).execute();
      await auditLog(trx, { ...audit, action: 'edit', target: `物联网卡平台账号 ${username}`, detail: enabled ? '启用' : '停用' });
    });
  }

  /**
   * sync-user: every enabled user of the organisation holding iot-card-sys-preview gets an account
   * on the card platform (an account switched off by hand stays off); accounts of users who are
   * gone, disabled or without the right are switched off and their tokens end.
   */
  async syncUsers(orgId: number, qualifies: (userId: number) => Promise<boolean>, audit: Audit): Promise<SyncCardUsersResult> {
    const users = await this.db.selectFrom('t_user').select(['id', 'disabled', 'deleted_at', 'is_guest'])
      .where('org_id', '=', orgId).execute();
    const wanted = new Set<number>();
    for (const u of users) {
      if (Number(u.disabled) === 0 && u.deleted_at === null && Number(u.is_guest) === 0 && await qualifies(u.id)) wanted.add(u.id);
    }
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const existing = await trx.selectFrom('t_card_user').select(['user_id', 'enabled', 'org_id']).where('org_id', '=', orgId).execute();
      const has = new Set(existing.map((e) => e.user_id));
      const result = { added: 0, kept: 0, disabled: 0 };
      for (const e of existing) {
        if (wanted.has(e.user_id)) {
          result.kept++;
          await trx.updateTable('t_card_user').set({ synced_at: now }).where('user_id', '=', e.user_id).execute();
        } else if (Number(e.enabled) === 1) {
          result.disabled++;
          await trx.updateTable('t_card_user').set({ enabled: 0, synced_at: now }).where('user_id', '=', e.user_id).execute();
          await trx.deleteFrom('t_card_token').where('user_id', '=', e.user_id).execute();
        }
      }
      for (const id of wanted) {
        if (has.has(id)) continue;
        // A user moved here from another organisation keeps one account, now of this one.
        const moved = await trx.updateTable('t_card_user').set({ org_id: orgId, enabled: 1, synced_at: now }).where('user_id', '=', id)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0) await trx.insertInto('t_card_user').values({ user_id: id, org_id: orgId, enabled: 1, synced_at: now }).execute();
        result.added++;
      }
      await auditLog(trx, { ...audit, action: 'edit', target: '物联网卡平台用户同步', detail: JSON.stringify({ orgId, ...result }) });
      return result;
    });
  }

  /** The user's card platform account: absent, switched off, or on. */
  async accountOf(userId: number): Promise<'none' | 'disabled' | 'enabled'> {
    const row = await this.db.selectFrom('t_card_user').select('enabled').where('user_id', '=', userId).executeTakeFirst();
    return !row ? 'none' : Number(row.enabled) === 1 ? 'enabled' : 'disabled';
  }

  /** Stores a card token (hashed) and drops expired ones. */
  async issueToken(token: string, userId: number, orgId: number, now: number, expiresAt: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('t_card_token').where('expires_at', '<', now).execute();
      await trx.insertInto('t_card_token').values({ token_hash: hashToken(token), user_id: userId, org_id: orgId, created_at: now, expires_at: expiresAt })
        .execute();
    });
  }

  /** The live card token's holder: user, organisation and expiry; undefined when unknown or expired. */
  async tokenHolder(token: string, now = Date.now()) {
    return this.db.selectFrom('t_card_token as t')
      .innerJoin('t_user as u', 'u.id', 't.user_id')
      .innerJoin('t_org as o', 'o.id', 't.org_id')
      .innerJoin('t_card_user as cu', 'cu.user_id', 't.user_id')
      .select(['t.user_id', 't.org_id', 't.expires_at', 'u.username', 'u.nick_name', 'o.name as org_name'])
      .where('t.token_hash', '=', hashToken(token)).where('t.expires_at', '>', now)
      .where('cu.enabled', '=', 1).where('u.disabled', '=', 0).where('u.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Every card of the organisation and those below it (the card home's list). */
  async cardsOfOrgTree(orgId: number): Promise<Card[]> {
    const orgs = await this.db.selectFrom('t_org').select(['id', 'parent_id']).execute();
    const ids = subtreeIds(orgs, orgId);
    const rows = await this.selectCard().where('c.org_id', 'in', ids).orderBy('c.org_id').orderBy('c.id').execute();
    return rows.map(CardRepository.toCard);
  }
}

/** The right an account on the card platform needs (and sync-user looks for). */
export const CARD_PLATFORM_RIGHT = Right.IotCardSysPreview;
