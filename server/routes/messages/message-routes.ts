import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HubNoticeType } from '../../../contract/hub';
import { MessageListQuery, MessagePage, SaveMessageBody, SetDealedBody, SetReadedQuery } from '../../../contract/messages';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { visibleOrgFilter } from '../scope-filters';

/** Messages are the signed-in user's own: every query is bound to `user_id`. */
export function registerMessageRoutes(app: FastifyInstance, { db, hub }: AppDeps): void {
  endpoint(app, db, {
    method: 'GET', url: '/t_history_message', access: 'signed-in', query: MessageListQuery, response: MessagePage,
    async handler({ user, query }) {
      let q = db.selectFrom('t_history_message').where('user_id', '=', user.id);
      if (query.type?.length) q = q.where('type', 'in', query.type);
      if (query.isReaded !== undefined) q = q.where('is_readed', '=', query.isReaded ? 1 : 0);
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = await q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc')
        .limit(query.Size).offset((query.Page - 1) * query.Size).execute();
      return {
        count: Number(count),
        list: rows.map((r) => ({
          id: r.id, type: r.type, content: r.content, data: r.data, isReaded: r.is_readed === 1,
          isDealed: r.is_dealed === 1, createdAt: new Date(r.created_at).toISOString(),
        })),
      };
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_history_message/unread-count', access: 'signed-in', response: z.number().int(),
    async handler({ user }) {
      const row = await db.selectFrom('t_history_message').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', user.id).where('is_readed', '=', 0).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_history_message/set-readed', access: 'signed-in', query: SetReadedQuery, response: z.literal(true),
    async handler({ user, query }) {
      const r = await db.updateTable('t_history_message').set({ is_readed: 1 })
        .where('id', '=', query.id).where('user_id', '=', user.id).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw notFound('消息');
      return true as const;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_history_message/set-dealed', access: 'signed-in', body: SetDealedBody, response: z.number().int(),
    async handler({ user, body }) {
      return db.transaction().execute(async (trx) => {
        const owned = await trx.selectFrom('t_history_message').select('id')
          .where('id', 'in', body.ids).where('user_id', '=', user.id).execute();
        if (owned.length !== new Set(body.ids).size) throw notFound('消息');
        await trx.updateTable('t_history_message').set({ is_dealed: 1, is_readed: 1 })
          .where('id', 'in', body.ids).where('user_id', '=', user.id).execute();
        return owned.length;
      });
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_history_message/save', access: Right.NoticeEdit, body: SaveMessageBody, response: z.number().int(),
    async handler({ user, body }) {
      try {
        JSON.parse(body.data);
      } catch {
        throw badRequest('body.data: 必须是 JSON 字符串');
      }
      const ids = [...new Set(body.userIds)];
      const visible = await db.selectFrom('t_user').select('id').where('id', 'in', ids)
        .where(visibleOrgFilter(user, 'org_id')).execute();
      if (visible.length !== ids.length) throw notFound('用户');
      const now = Date.now();
      await db.insertInto('t_history_message')
        .values(ids.map((id) => ({ user_id: id, type: body.type, content: body.content, data: body.data, created_at: now })))
        .execute();
      // Each recipient's console recounts its unread messages (SPEC §4).
      const notice = { type: HubNoticeType.Message, data: { type: body.type, content: body.content, data: body.data, createdAt: now } };
      for (const id of ids) void hub.publishToUser(id, notice);
      return ids.length;
    },
  });
}
