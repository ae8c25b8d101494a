import type { Kysely } from 'kysely';
import type { UserInfo } from '../../../contract/session';
import { loadRights } from '../../auth/auth-user';
import type { DB } from '../../db/schema';

export async function findUserForLogin(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('t_user as u')
    .innerJoin('t_org as o', 'o.id', 'u.org_id')
    .select([
      'u.id', 'u.username', 'u.password_hash', 'u.disabled', 'u.is_guest', 'u.failed_logins', 'u.locked_until',
      'o.code as org_code', 'o.disabled as org_disabled',
    ])
    .where('u.username', '=', username)
    .executeTakeFirst();
}

export async function recordFailedLogin(db: Kysely<DB>, userId: number, threshold: number, lockMinutes: number, now = Date.now()): Promise<boolean> {
  const row = await db.updateTable('t_user').set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
    .where('id', '=', userId).returning('failed_logins').executeTakeFirstOrThrow();
  if (row.failed_logins >= threshold) {
    await db.updateTable('t_user').set({ locked_until: now + lockMinutes * 60_000, failed_logins: 0 }).where('id', '=', userId).execute();
    return true;
  }
  return false;
}

export async function clearFailedLogins(db: Kysely<DB>, userId: number): Promise<void> {
  await db.updateTable('t_user').set({ failed_logins: 0, locked_until: null }).where('id', '=', userId).execute();
}

export async function loadUserInfo(db: Kysely<DB>, userId: number): Promise<UserInfo | undefined> {
  const u = await db
    .selectFrom('t_user as u')
    .innerJoin('t_org as o', 'o.id', 'u.org_id')
    .select(['u.id', 'u.username', 'u.nick_name', 'u.avatar', 'u.wx_open_id', 'u.is_guest', 'u.org_id', 'o.code', 'o.name', 'o.org_type'])
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
  };
}
