import type { Kysely } from 'kysely';
import { createIndex, createTable, type Dialect } from '../columns';

/**
 * Video wall health (issue 23, server/walls/wall-health.ts):
 * - `t_wall_tile_report`: a tile's health reports as history, at most one a minute per tile (the
 *   latest reports live in memory), with the state the watchdog judged at that time; `tile` is
 *   'r,c' (0-based); pruned after 30 days;
 * - `t_wall_tile_event`: what happened to a tile — a watchdog transition (down, warn, recovered) or
 *   a launcher's report (restarted, hung, crashed, started); pruned after 90 days.
 * Both go with their wall (031's t_wall). Frozen once released.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 't_wall_tile_report', {
    id: 'id',
    wall_id: 'int!>t_wall*',
    tile: 'text!',
    at: 'bigint!',
    fps: 'real!',
    heap_mb: 'real',
    data_age_ms: 'bigint',
    reconnects: 'int!=0',
    errors: 'int!=0',
    template_id: 'int',
    data_version: 'bigint',
    state: 'text!',
    reasons: "text!=''",
  });
  await createIndex(db, 't_wall_tile_report', ['wall_id', 'tile', 'at']);
  await createIndex(db, 't_wall_tile_report', ['at']);
  await createTable(db, dialect, 't_wall_tile_event', {
    id: 'id',
    wall_id: 'int!>t_wall*',
    tile: 'text!',
    at: 'bigint!',
    kind: 'text!',
    detail: "text!=''",
  });
  await createIndex(db, 't_wall_tile_event', ['wall_id', 'tile', 'at']);
  await createIndex(db, 't_wall_tile_event', ['at']);
}
