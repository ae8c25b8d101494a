import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { subtreeIds } from '../../db/tree';

/** True when a project lies in the region or in a region below it. */
export async function regionHasProjects(db: Kysely<DB>, regionId: number): Promise<boolean> {
  const subtree = subtreeIds(await db.selectFrom('t_region').select(['id', 'parent_id']).execute(), regionId);
  const row = await db.selectFrom('t_project').select('id').where('region_id', 'in', subtree).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function regionExists(db: Kysely<DB>, regionId: number): Promise<boolean> {
  return (await db.selectFrom('t_region').select('id').where('id', '=', regionId).executeTakeFirst()) !== undefined;
}
