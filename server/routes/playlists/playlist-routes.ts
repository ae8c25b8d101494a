import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../../contract/envelope';
import { PlaylistRecord, PlaylistRecordList, SavePlaylistBody } from '../../../contract/playlists';
import { Right } from '../../../contract/rights';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { PlaylistRepository } from './playlist-repository';

const WHAT = '轮播列表';

/**
 * Kiosk playlists (t_playlist, issue 7). Reading needs only a session: walls and guest kiosks play
 * them. A playlist made by a user who sees all data is global; anyone else's belongs to their
 * organisation and is seen within the data scope, like the screen templates. Saving and deleting
 * need screen-edit; global playlists are changed only by users who see all data. A save replaces
 * the name, the enabled flag and the whole item list at once, after every item's template,
 * project or graph has been found visible to the caller.
 */
export function registerPlaylistRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const playlists = new PlaylistRepository(db);
  const findVisible = async (user: AuthUser, id: number) => {
    const found = await playlists.findVisible(user, id);
    if (!found) throw notFound(WHAT);
    return found;
  };
  const findEditable = async (user: AuthUser, id: number) => {
    const found = await findVisible(user, id);
    if (found.orgId === null && !user.scope.all) throw forbidden('全局轮播列表只能由可查看全部数据的用户修改');
    return found;
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_playlist/all', access: 'signed-in', response: PlaylistRecordList,
    async handler({ user }) {
      return playlists.listVisible(user);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_playlist/:id', access: 'signed-in', params: IdParam, response: PlaylistRecord,
    async handler({ user, params }) {
      return findVisible(user, params.id);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_playlist/save', access: Right.ScreenEdit, tenancy: 'subtree', body: SavePlaylistBody, response: PlaylistRecord,
    async handler({ user, body }) {
      const existing = body.id !== undefined ? await findEditable(user, body.id) : null;
      const bad = await playlists.firstBadItem(user, body.items);
      if (bad) throw badRequest(bad);
      const orgId = existing ? existing.orgId : user.scope.all ? null : user.orgId;
      const id = await playlists.save(existing?.id, { name: body.name, enabled: body.enabled, orgId, items: body.items }, user.id, Date.now());
      return findVisible(user, id);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_playlist/del/:id', access: Right.ScreenEdit, tenancy: 'subtree', params: IdParam, response: z.literal(true),
    async handler({ user, params }) {
      await playlists.delete((await findEditable(user, params.id)).id);
      return true as const;
    },
  });
}
