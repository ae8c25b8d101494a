import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The demo video wall (issue 23): 大厅 2×2 视频墙, four 1920×1080 monitors with 12 px bezels,
 * global, rotating the default-multi templates (it names none) every 30 s. It has no display
 * token: an administrator creates one on 视频墙 (the token is shown once).
 */
export async function seedDemoWalls(trx: Kysely<DB>, createdBy: number, now: number): Promise<void> {
  await trx.insertInto('t_wall').values({
    name: '大厅 2×2 视频墙', rows: 2, cols: 2, screen_width: 1920, screen_height: 1080, bezel_x: 12, bezel_y: 12,
    template_ids: '[]', rotate_seconds: 30, idle_seconds: 60, variables: '{}', remark: '演示：大厅的四块 1920×1080 屏幕',
    epoch: now, org_id: null, created_by: createdBy, updated_at: now,
  }).execute();
}
