import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../../contract/envelope';
import { HubNoticeType, HubTopic } from '../../../contract/hub';
import { Right } from '../../../contract/rights';
import { formatTile, isTileOf } from '../../../contract/wall/tile-geometry';
import {
  DisplayTokenCreate, DisplayTokenCreated, DisplayTokenInfo, DisplayTokenInfoList, WALL_PREPARE_MS, WallDefinition, WallDefinitionList, WallDisplay,
  WallSave,
} from '../../../contract/walls';
import type { AuthUser } from '../../auth/auth-user';
import { newDisplayToken } from '../../auth/display-tokens';
import type { AppDeps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { auditLog } from '../../logs/audit-log';
import type { DisplayCache } from '../../walls/display-cache';
import { WallRepository } from './wall-repository';

const WHAT = '视频墙';
const TOKEN = '显示令牌';

const TokenIdParam = z.object({ tokenId: IdParam.shape.id });

/**
 * Video walls (t_wall, issue 23) and their display tokens (t_wall_token). Reading needs
 * screen-preview (the wall-health page lists them); saving, deleting and the tokens need
 * screen-edit. A wall made by a user who sees all data is global; anyone else's belongs to their
 * organisation and is seen within the data scope, like the playlists; global walls are changed
 * only by users who see all data. A save starts a new epoch WALL_PREPARE_MS ahead (the rotation
 * restarts on every tile at once, each having prepared its first item) and tells the wall's tiles
 * over `wall:<id>`. A tile's display principal reads its own wall's display only; a token is
 * shown once, at creation, and never again.
 *
 * A save to fewer rows or columns revokes the tokens of the tiles the wall no longer has (recorded
 * in the audit log as their revocation). Revoking rather than refusing them while the wall is
 * small is the clearer behaviour: the wall-health page lists them as revoked with the time, the
 * launcher says "revoked", their hub connections are closed by the hub's token check, and a wall
 * grown back later does not silently bring an old credential back to life.
 */
export function registerWallRoutes(app: FastifyInstance, { db, hub }: AppDeps, displayCache?: DisplayCache): void {
  const walls = new WallRepository(db);
  const findVisible = async (user: AuthUser, id: number) => {
    // A display principal sees its own wall only; any other reads as missing.
    const found = user.display && user.display.wallId !== id ? undefined : await walls.findVisible(user, id);
    if (!found) throw notFound(WHAT);
    return found;
  };
  const findEditable = async (user: AuthUser, id: number, what = WHAT) => {
    const found = user.display ? undefined : await walls.findVisible(user, id);
    if (!found) throw notFound(what);
    if (found.orgId === null && !user.scope.all) throw forbidden('全局视频墙只能由可查看全部数据的用户修改');
    return found;
  };
  const changed = (wallId: number, epoch: number, deleted?: true) => {
    // A display answer this process kept for the wall's tiles is of the wall as it was.
    displayCache?.forgetWall(wallId);
    return hub.publish(HubTopic.wall(wallId), { type: HubNoticeType.WallChanged, data: { wallId, epoch, ...(deleted && { deleted }) } });
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_wall', access: Right.ScreenPreview, response: WallDefinitionList,
    summary: 'The video walls the caller sees, by id',
    handler: ({ user }) => walls.listVisible(user),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_wall/:id', access: Right.ScreenPreview, params: IdParam, response: WallDefinition,
    async handler({ user, params }) {
      return (await findVisible(user, params.id)).def;
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_wall/:id/display', access: Right.ScreenPreview, params: IdParam, response: WallDisplay, display: true,
    summary: 'What a wall tile loads: the wall, its rotation\'s templates in order (default-multi when it names none), the server time',
    async handler({ user, params }) {
      const { def } = await findVisible(user, params.id);
      const items = await walls.displayItems(user, def.templateIds);
      return { wall: def, items, serverNow: Date.now() };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_wall/save', access: Right.ScreenEdit, tenancy: 'subtree', body: WallSave, response: WallDefinition,
    summary: 'Creates (no id) or replaces a video wall; its rotation restarts WALL_PREPARE_MS later on every tile, which are told; '
      + 'the tokens of tiles a smaller wall no longer has are revoked',
    async handler({ user, body, req }) {
      const existing = body.id !== undefined ? await findEditable(user, body.id) : null;
      const visible = await walls.visibleTemplateIds(user, body.templateIds);
      const bad = body.templateIds.findIndex((id) => !visible.has(id));
      if (bad >= 0) throw badRequest(`body.templateIds.${bad}: screen template ${body.templateIds[bad]} does not exist or is not visible`);
      const orgId = existing ? existing.orgId : user.scope.all ? null : user.orgId;
      const now = Date.now();
      // The new rotation starts WALL_PREPARE_MS from now: every tile re-reads the wall (told over
      // the hub), keeps what it shows and prepares the first item meanwhile, and all switch together.
      const { id, revokedTokenIds } = await walls.save(existing?.def.id, body, orgId, user.id, now, now + WALL_PREPARE_MS);
      for (const tokenId of revokedTokenIds) {
        await auditLog(db, {
          userId: user.id, username: user.username, ip: req.ip, action: 'delete', target: `t_wall_token#${tokenId}`,
          detail: JSON.stringify({ wallId: id, reason: `the wall now has ${body.rows}×${body.cols} tiles` }),
        });
      }
      const saved = (await walls.findVisible(user, id))!.def;
      void changed(id, saved.epoch);
      return saved;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_wall/:id/delete', access: Right.ScreenEdit, tenancy: 'subtree', params: IdParam, response: z.literal(true),
    summary: 'Deletes a video wall and its display tokens',
    async handler({ user, params }) {
      const { def } = await findEditable(user, params.id);
      await walls.delete(def.id);
      void changed(def.id, Date.now(), true);
      return true as const;
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_wall/:id/tokens', access: Right.ScreenEdit, params: IdParam, response: DisplayTokenInfoList,
    summary: 'A wall\'s display tokens, newest first (never the tokens themselves)',
    async handler({ user, params }) {
      return walls.listTokens((await findEditable(user, params.id)).def.id);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_wall/:id/tokens/create', access: Right.ScreenEdit, tenancy: 'subtree', params: IdParam, body: DisplayTokenCreate,
    response: DisplayTokenCreated,
    summary: 'Creates a display token for the wall or one tile; the answer is the only time the token is shown',
    async handler({ user, params, body, req }) {
      const { def } = await findEditable(user, params.id);
      const tile = body.tile ?? null;
      if (tile && !isTileOf(def, tile)) throw badRequest(`body.tile: tile ${formatTile(tile)} is not on this ${def.rows}×${def.cols} wall`);
      const token = newDisplayToken();
      const id = await walls.createToken(def.id, body.name, tile, token, user.id, Date.now());
      await auditLog(db, {
        userId: user.id, username: user.username, ip: req.ip, action: 'add', target: `t_wall_token#${id}`,
        detail: JSON.stringify({ wallId: def.id, name: body.name, tile: tile ? formatTile(tile) : null }),
      });
      return { info: (await walls.findToken(id))!, token };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_wall/tokens/:tokenId/revoke', access: Right.ScreenEdit, tenancy: 'subtree', params: TokenIdParam, response: DisplayTokenInfo,
    summary: 'Revokes a display token: it signs in nothing from now on, and its hub connections are closed',
    async handler({ user, params, req }) {
      const found = await walls.findToken(params.tokenId);
      if (!found) throw notFound(TOKEN);
      // A token of a wall out of sight reads as missing.
      await findEditable(user, found.wallId, TOKEN);
      if (found.revokedAt === null) {
        await walls.revokeToken(found.id, Date.now());
        await auditLog(db, {
          userId: user.id, username: user.username, ip: req.ip, action: 'delete', target: `t_wall_token#${found.id}`,
          detail: JSON.stringify({ wallId: found.wallId, name: found.name }),
        });
      }
      return (await walls.findToken(found.id))!;
    },
  });
}
