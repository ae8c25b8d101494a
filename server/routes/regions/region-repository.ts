import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** True when a project lies in the region or in a region below it. */
export async function regionHasProjects(db: Kysely<DB>, regionId: number): Promise<boolean> {
  const regions = await db.selectFrom('t_region').select(['id', 'parent_id']).execute();
  const subtree = new Set([regionId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of regions) {
      if (r.parent_id != null && subtree.has(r.parent_id) && !subtree.has(r.id)) { subtree.add(r.id); grew = true; }
    }
  }
  const row = await db.selectFrom('t_project').select('id').where('region_id', 'in', [...subtree]).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function regionExists(db: Kysely<DB>, regionId: number): Promise<boolean> {
  return (await db.selectFrom('t_region').select('id').where('id', '=', regionId).executeTakeFirst()) !== undefined;
}
