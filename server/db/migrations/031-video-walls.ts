import { sql, type Kysely } from 'kysely';
import { createIndex, createTable, type Dialect } from '../columns';

/**
 * Video walls (issue 23):
 * - t_wall: a wall of rows × cols identical screens, its bezels, the templates it rotates (a JSON
 *   array of template ids, no foreign key: deleting a template stays possible, a wall skips one
 *   that is gone), its template variables (a JSON object) and the epoch its schedule counts from;
 *   global (no organisation) or an organisation's, like the playlists;
 * - t_wall_token: a wall's display credentials (per wall, or per tile 'r,c'), stored only as their
 *   digest; deleted with their wall;
 * - 系统管理 › 视频墙 (/nv_system/nv_video_wall, screen-edit) and › 墙体健康
 *   (/nv_system/nv_wall_health, screen-preview) after 轮播列表, where a new database's menu seed
 *   puts them.
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 't_wall', {
    id: 'id', name: 'text!', rows: 'int!', cols: 'int!', screen_width: 'int!', screen_height: 'int!', bezel_x: 'int!=0', bezel_y: 'int!=0',
    template_ids: "text!='[]'", rotate_seconds: 'int!=30', idle_seconds: 'int!=60', variables: "text!='{}'", remark: "text!=''",
    epoch: 'bigint!', org_id: 'int>t_org', created_by: 'int', updated_at: 'bigint!',
  });
  await createTable(db, dialect, 't_wall_token', {
    id: 'id', wall_id: 'int!>t_wall*', tile: 'text', name: 'text!', token_hash: 'text!', created_by: 'int', created_at: 'bigint!',
    last_used_at: 'bigint', revoked_at: 'bigint',
  });
  await createIndex(db, 't_wall_token', ['token_hash'], true);
  await createIndex(db, 't_wall_token', ['wall_id']);

  const idOf = async (name: string) =>
    (await sql<{ id: number }>`select id from t_menu where name = ${name} and type = 'app'`.execute(db)).rows[0]?.id;
  const system = await idOf('nv_system');
  if (!system || await idOf('nv_video_wall')) return;
  const after = Number((await sql<{ n: number }>`select sort_order as n from t_menu where name = 'nv_kiosk_playlists' and type = 'app'`
    .execute(db)).rows[0]?.n ?? 0);
  await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
    values (${system}, 'nv_video_wall', '视频墙', 'Video walls', '/nv_system/nv_video_wall', '', ${after + 1}, 'screen-edit', 'app')`.execute(db);
  await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
    values (${system}, 'nv_wall_health', '墙体健康', 'Wall health', '/nv_system/nv_wall_health', '', ${after + 2}, 'screen-preview', 'app')`.execute(db);
}
