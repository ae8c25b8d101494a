import type { Kysely } from 'kysely';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { visibleProjectFilter } from '../scope-filters';

/** The device if the user may see it (its project is in the user's data scope), else 404. */
export async function visibleDevice(db: Kysely<DB>, user: AuthUser, deviceId: number): Promise<{ id: number; projectId: number | null }> {
  const row = await db.selectFrom('t_device as d').leftJoin('t_project as p', 'p.id', 'd.project_id')
    .select(['d.id', 'd.project_id']).where('d.id', '=', deviceId)
    .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).executeTakeFirst();
  if (!row) throw notFound('设备');
  return { id: row.id, projectId: row.project_id };
}

/** The project if the user may see it, else 404. */
export async function visibleProject(db: Kysely<DB>, user: AuthUser, projectId: number): Promise<number> {
  const row = await db.selectFrom('t_project as p').select('p.id').where('p.id', '=', projectId)
    .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).executeTakeFirst();
  if (!row) throw notFound('项目');
  return row.id;
}
