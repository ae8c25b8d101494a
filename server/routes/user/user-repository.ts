import type { Kysely } from 'kysely';
import type { UserInfo } from '../../../contract/session';
import { loadRights, loadScope } from '../../auth/auth-user';
import { revokeUserSessions } from '../../auth/sessions';
import type { DB } from '../../db/schema';

/** The account a login names; a removed one (回收站) is as unknown as a name nobody has. */
export async function findUserForLogin(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('t_user as u')
    .innerJoin('t_org as o', 'o.id', 'u.org_id')
    .select([
      'u.id', 'u.username', 'u.password_hash', 'u.disabled', 'u.is_guest', 'u.failed_logins', 'u.locked_until',
      'o.code as org_code', 'o.disabled as org_disabled',
    ])
    .where('u.username', '=', username)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function loadUserInfo(db: Kysely<DB>, userId: number): Promise<UserInfo | undefined> {
  const u = await db
    .selectFrom('t_user as u')
    .innerJoin('t_org as o', 'o.id', 'u.org_id')
    .select(['u.id', 'u.username', 'u.nick_name', 'u.avatar', 'u.wx_open_id', 'u.is_guest', 'u.is_super', 'u.org_id', 'o.code', 'o.name', 'o.org_type'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!u) return undefined;
  return {
    userId: u.id,
    username: u.username,
    nickName: u.nick_name,
    avatar: u.avatar,
    rights: await loadRights(db, u.id),
    orgId: u.org_id,
    orgCode: u.code,
    orgName: u.name,
    orgType: u.org_type,
    wxOpenId: u.wx_open_id,
    isGuest: u.is_guest === 1,
    platform: u.is_guest !== 1 && (await loadScope(db, u.id, u.org_id, u.is_super === 1)).all,
  };
}

/** Whether an application lets its users sign in; undefined when there is no such application. */
export async function findApplicationLogin(db: Kysely<DB>, appId: number) {
  return db.selectFrom('t_application').select(['can_login']).where('id', '=', appId).executeTakeFirst();
}

/** What a token refresh checks of the account; undefined when it is gone or removed. */
export async function findUserForRefresh(db: Kysely<DB>, userId: number) {
  return db.selectFrom('t_user').select(['username', 'disabled']).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The fields of POST /user/info: each one given is written. */
export interface ProfileChanges {
  nickName?: string;
  avatar?: string;
  phone?: string;
  email?: string;
}

/** Writes the profile fields given; false (and nothing written) when none is. */
export async function updateProfile(db: Kysely<DB>, userId: number, changes: ProfileChanges): Promise<boolean> {
  const patch = {
    ...(changes.nickName !== undefined && { nick_name: changes.nickName }),
    ...(changes.avatar !== undefined && { avatar: changes.avatar }),
    ...(changes.phone !== undefined && { phone: changes.phone }),
    ...(changes.email !== undefined && { email: changes.email }),
  };
  if (Object.keys(patch).length === 0) return false;
  await db.updateTable('t_user').set(patch).where('id', '=', userId).execute();
  return true;
}

/** The stored password hash of an existing user (throws when there is none). */
export async function passwordHashOf(db: Kysely<DB>, userId: number): Promise<string> {
  return (await db.selectFrom('t_user').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()).password_hash;
}

/** The new hash and the end of the user's other sessions (all but `keepSessionId`), in one transaction. */
export async function changePassword(db: Kysely<DB>, userId: number, hash: string, keepSessionId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('t_user').set({ password_hash: hash }).where('id', '=', userId).execute();
    await revokeUserSessions(trx, userId, keepSessionId);
  });
}

/** The user's stored console settings (JSON text); undefined when the user is gone. */
export async function customSetOf(db: Kysely<DB>, userId: number): Promise<string | undefined> {
  return (await db.selectFrom('t_user').select('custom_set').where('id', '=', userId).executeTakeFirst())?.custom_set;
}

export async function saveCustomSet(db: Kysely<DB>, userId: number, text: string): Promise<void> {
  await db.updateTable('t_user').set({ custom_set: text }).where('id', '=', userId).execute();
}
