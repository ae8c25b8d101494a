import type { Kysely } from 'kysely';
import type { MenuItem } from '../../../contract/session';
import type { DB } from '../../db/schema';

/** Every menu entry of one menu type, by its order field, then id. */
export async function listMenu(db: Kysely<DB>, type: string): Promise<MenuItem[]> {
  const rows = await db.selectFrom('t_menu').selectAll().where('type', '=', type)
    .orderBy('sort_order').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    title: r.title,
    titleEn: r.title_en,
    path: r.path,
    icon: r.icon,
    order: r.sort_order,
    rightCode: r.right_code,
    type: r.type,
  }));
}
