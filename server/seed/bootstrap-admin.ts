import type { Kysely } from 'kysely';
import { OrgType } from '../../contract/enums';
import { ALL_RIGHTS } from '../../contract/rights';
import { NewPassword } from '../../contract/session';
import { hashPassword } from '../auth/passwords';
import type { DB } from '../db/schema';

/**
 * Outside demo mode: the first start creates the internal organisation and the administrator
 * `admin` with the password from ADMIN_PASSWORD. There is no default password: without it the
 * server refuses to start on an empty database.
 */
export async function bootstrapAdmin(db: Kysely<DB>, adminPassword: string | undefined): Promise<boolean> {
  const anyUser = await db.selectFrom('t_user').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  if (!adminPassword) {
    throw new Error('The database has no users. Set ADMIN_PASSWORD to create the first administrator "admin" (or DEMO=1 for demo data).');
  }
  const rule = NewPassword.safeParse(adminPassword);
  if (!rule.success) throw new Error(`ADMIN_PASSWORD is too weak: ${rule.error.issues[0].message}`);
  const hash = await hashPassword(adminPassword);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const org = await trx.insertInto('t_org').values({ name: '平台运营', code: 'HQ', org_type: OrgType.Internal, created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const role = await trx.insertInto('t_role').values({ org_id: org.id, name: '系统管理员', data_scope: 'VAll', created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('t_role_right').values(ALL_RIGHTS.map((code) => ({ role_id: role.id, right_code: code }))).execute();
    const user = await trx.insertInto('t_user').values({ username: 'admin', nick_name: '管理员', password_hash: hash, org_id: org.id, created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('t_user_role').values({ user_id: user.id, role_id: role.id }).execute();
  });
  return true;
}
