import type { FastifyInstance } from 'fastify';
import { IdParam } from '../../../contract/envelope';
import { Right } from '../../../contract/rights';
import { formatTile, isTileOf } from '../../../contract/wall/tile-geometry';
import {
  TILE_HISTORY_DEFAULT_SPAN_MS, TILE_HISTORY_MAX_SPAN_MS, TileHistory, TileHistoryEvent, TileHistoryQuery,
} from '../../../contract/wall/tile-history';
import { TileEventBody, WallHealthList } from '../../../contract/walls';
import type { AppDeps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { RedisTileShare } from '../../walls/tile-share';
import { WallHealthService, type WallHealthHub } from '../../walls/wall-health';

const WHAT = '视频墙';

/**
 * The wall health service of this app: its hub methods (WallClock, WallReport, WallJoin), its
 * watchdog (WALL_WATCHDOG_MS; stopped when the app closes) and its routes.
 */
export function registerWallHealth(app: FastifyInstance, deps: AppDeps, hub: WallHealthHub): WallHealthService {
  const walls = new WallHealthService({
    db: deps.db, hub, log: app.log, watchdogMs: deps.config.wallWatchdogMs ?? 5_000, silentMs: deps.config.wallTileSilentMs,
    // Several processes share the tiles' latest reports and claim each transition over Redis.
    ...(deps.config.redisUrl && { share: new RedisTileShare(deps.config.redisUrl, app.log) }),
  });
  walls.start();
  app.addHook('onClose', async () => walls.stop());
  registerWallHealthRoutes(app, deps, walls);
  return walls;
}

/**
 * Video wall health (issue 23; server/walls/wall-health.ts judges the tiles): the health of every
 * wall the caller sees (the wall-health page, refreshed every few seconds), a tile's sampled
 * history and events, and the launcher's report of a tile it restarted — the one of these a
 * wall's display token may call, for its own wall (and tile, for a tile's token).
 */
export function registerWallHealthRoutes(app: FastifyInstance, { db }: AppDeps, walls: WallHealthService): void {
  endpoint(app, db, {
    method: 'GET', url: '/t_wall/health', access: Right.ScreenPreview, response: WallHealthList,
    summary: 'Health of every visible video wall, tile by tile',
    async handler({ user }) {
      return walls.health(user);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_wall/:id/tile-history', access: Right.ScreenPreview, params: IdParam, query: TileHistoryQuery, response: TileHistory,
    summary: 'A video wall tile\'s sampled health reports and events',
    async handler({ user, params, query }) {
      const wall = await walls.visibleWall(user, params.id);
      if (!wall) throw notFound(WHAT);
      if (!isTileOf(wall, query.tile)) throw badRequest(`query.tile: ${formatTile(query.tile)} is not a tile of this ${wall.rows}×${wall.cols} wall`);
      const to = query.to ?? Date.now();
      const from = query.from ?? to - TILE_HISTORY_DEFAULT_SPAN_MS;
      if (from > to) throw badRequest('query.from: must not be after to');
      if (to - from > TILE_HISTORY_MAX_SPAN_MS) throw badRequest('query.from: the span from from to to must be at most 7 days');
      return { wallId: wall.id, tile: query.tile, from, to, ...(await walls.history(wall.id, query.tile, from, to)) };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_wall/:id/tile-event', access: Right.ScreenPreview, tenancy: 'subtree', display: true, params: IdParam, body: TileEventBody,
    response: TileHistoryEvent, rateLimit: 120,
    summary: 'The kiosk launcher reports a tile it restarted, found hung or crashed, or started',
    async handler({ user, params, body }) {
      const outcome = await walls.tileEvent(user, params.id, body);
      if (outcome === 'notFound') throw notFound(WHAT);
      if (outcome === 'otherTile') throw forbidden('该显示令牌属于另一块屏幕');
      if (outcome === 'offWall') throw badRequest(`body.tile: ${formatTile(body.tile)} is not a tile of this wall`);
      return outcome;
    },
  });
}
