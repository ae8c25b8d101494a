import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../auth/auth-user';
import { revokeUserSessions } from '../../auth/sessions';
import type { DB } from '../../db/schema';
import { conflict } from '../../http/api-error';
import { GUEST_RIGHTS } from '../../seed/rights-catalogue';
import { visibleOrgFilter } from '../../auth/scope-filters';

/** The one guest account's login name. */
export const GUEST_USERNAME = 'guest';
const GUEST_SETTING = 'guest.enabled';

export async function isGuestEnabled(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('sys_setting').select('value').where('key', '=', GUEST_SETTING).executeTakeFirst();
  return row?.value === 'true';
}

async function setGuestEnabled(db: Kysely<DB>, enabled: boolean): Promise<void> {
  const value = String(enabled);
  await db.insertInto('sys_setting').values({ key: GUEST_SETTING, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
}

/** The guest account with what 游客访问 checks, or undefined when none was ever made (or it was removed). */
export async function findGuestAccount(db: Kysely<DB>) {
  return db.selectFrom('t_user as u').innerJoin('t_org as o', 'o.id', 'u.org_id')
    .select(['u.id', 'u.username', 'u.is_guest', 'u.disabled', 'o.disabled as org_disabled'])
    .where('u.username', '=', GUEST_USERNAME).where('u.is_guest', '=', 1).where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Not a scrypt hash, so no password ever matches it (`verifyMd5` refuses other schemes): the
 * guest signs in through 游客访问 only. Random, so no two installations store the same text.
 */
const unusablePasswordHash = () => `nologin$${randomBytes(24).toString('base64')}`;

/**
 * Guest mode on (run inside a transaction): makes sure the one guest account exists, enabled,
 * without a usable password, in `orgId`, with one role of {@link GUEST_RIGHTS} seeing that
 * organisation and its descendants (VOrg) and nothing listed besides; then sets `guest.enabled`.
 * A user named `guest` that is not a guest account is left alone: 409.
 */
export async function enableGuest(db: Kysely<DB>, orgId: number, now = Date.now()): Promise<number> {
  const existing = await db.selectFrom('t_user').select(['id', 'is_guest']).where('username', '=', GUEST_USERNAME).executeTakeFirst();
  if (existing && !existing.is_guest) throw conflict(`用户名 ${GUEST_USERNAME} 已被普通账号占用，无法开启游客模式`);
  // A guest account removed to the 回收站 comes back: guest mode on means the account is in service.
  const account = {
    org_id: orgId, password_hash: unusablePasswordHash(), is_guest: 1, disabled: 0, failed_logins: 0, locked_until: null, deleted_at: null,
  };
  let userId: number;
  if (existing) {
    userId = existing.id;
    await db.updateTable('t_user').set(account).where('id', '=', userId).execute();
  } else {
    userId = (await db.insertInto('t_user').values({
      ...account, username: GUEST_USERNAME, nick_name: '游客', avatar: 'defaultuser.png', created_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
  }

  // One role of its own, whatever was granted to the account before: the guest's rights are exactly
  // these. A role other users hold as well is unlinked, never rewritten.
  const own = await db.selectFrom('t_user_role as ur').select('ur.role_id')
    .where('ur.user_id', '=', userId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('t_user_role as other').select('other.user_id')
      .whereRef('other.role_id', '=', 'ur.role_id').where('other.user_id', '!=', userId))))
    .orderBy('ur.role_id').executeTakeFirst();
  const role = { org_id: orgId, name: '游客', data_scope: 'VOrg' };
  let roleId: number;
  if (own) {
    roleId = own.role_id;
    await db.updateTable('t_role').set(role).where('id', '=', roleId).execute();
    await db.deleteFrom('t_user_role').where('user_id', '=', userId).where('role_id', '!=', roleId).execute();
  } else {
    roleId = (await db.insertInto('t_role').values({ ...role, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    await db.deleteFrom('t_user_role').where('user_id', '=', userId).execute();
    await db.insertInto('t_user_role').values({ user_id: userId, role_id: roleId }).execute();
  }
  await db.deleteFrom('t_role_right').where('role_id', '=', roleId).execute();
  await db.insertInto('t_role_right').values(GUEST_RIGHTS.map((right_code) => ({ role_id: roleId, right_code }))).execute();
  await db.deleteFrom('t_data_right').where('role_id', '=', roleId).execute();
  await db.deleteFrom('t_project_member').where('user_id', '=', userId).execute();

  await setGuestEnabled(db, true);
  return userId;
}

/**
 * Guest mode off (run inside a transaction): `guest.enabled` false, the guest account disabled and
 * its sessions ended, so a token handed out before stops working at once. The guest account's id,
 * or null when there is none.
 */
export async function disableGuest(db: Kysely<DB>, now = Date.now()): Promise<number | null> {
  await setGuestEnabled(db, false);
  const guest = await findGuestAccount(db);
  if (!guest) return null;
  await db.updateTable('t_user').set({ disabled: 1 }).where('id', '=', guest.id).execute();
  await revokeUserSessions(db, guest.id, undefined, now);
  return guest.id;
}

/** {@link enableGuest} in a transaction of its own. */
export function turnGuestModeOn(db: Kysely<DB>, orgId: number): Promise<number> {
  return db.transaction().execute((trx) => enableGuest(trx, orgId));
}

/** {@link disableGuest} in a transaction of its own. */
export function turnGuestModeOff(db: Kysely<DB>): Promise<number | null> {
  return db.transaction().execute((trx) => disableGuest(trx));
}

/** The organisation if the user sees it, with whether it is disabled. */
export async function findVisibleOrg(db: Kysely<DB>, user: AuthUser, orgId: number) {
  return db.selectFrom('t_org').select(['id', 'disabled']).where('id', '=', orgId)
    .where(visibleOrgFilter(user, 'id')).executeTakeFirst();
}

/**
 * Where the guest account goes by default: up from the caller's organisation as far as the caller
 * sees (the root for an administrator who sees everything), so a guest never sees more than the
 * administrator who let it in.
 */
export async function widestVisibleOrg(db: Kysely<DB>, user: AuthUser): Promise<number> {
  const sees = (id: number) => user.scope.all || user.scope.orgIds.includes(id);
  let id = user.orgId;
  for (let depth = 0; depth < 64; depth++) {
    const row = await db.selectFrom('t_org').select('parent_id').where('id', '=', id).executeTakeFirst();
    if (row?.parent_id == null || !sees(row.parent_id)) break;
    id = row.parent_id;
  }
  return id;
}
