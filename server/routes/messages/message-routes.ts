import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../../contract/envelope';
import { HubNoticeType } from '../../../contract/hub';
import { MessageListQuery, MessagePage, SaveMessageBody, SetDealedBody } from '../../../contract/messages';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { messageRepository } from './message-repository';

/** Messages are the signed-in user's own: every query is bound to `user_id`. */
export function registerMessageRoutes(app: FastifyInstance, { db, hub }: AppDeps): void {
  const messages = messageRepository(db);

  endpoint(app, db, {
    method: 'GET', url: '/t_history_message', access: 'signed-in', query: MessageListQuery, response: MessagePage,
    handler: ({ user, query }) => messages.list(user.id, query, query.Page, query.Size),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_history_message/unread-count', access: 'signed-in', response: z.number().int(),
    handler: ({ user }) => messages.unreadCount(user.id),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_history_message/set-readed', access: 'signed-in', tenancy: 'self', query: IdParam, response: z.literal(true),
    async handler({ user, query }) {
      if (!(await messages.markRead(user.id, query.id))) throw notFound('消息');
      return true as const;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_history_message/set-dealed', access: 'signed-in', tenancy: 'self', body: SetDealedBody, response: z.number().int(),
    handler: ({ user, body }) => messages.markDealt(user.id, body.ids),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_history_message/save', access: Right.NoticeEdit, tenancy: 'subtree', body: SaveMessageBody, response: z.number().int(),
    async handler({ user, body }) {
      try {
        JSON.parse(body.data);
      } catch {
        throw badRequest('body.data: 必须是 JSON 字符串');
      }
      const ids = [...new Set(body.userIds)];
      if ((await messages.countVisibleUsers(user, ids)) !== ids.length) throw notFound('用户');
      const now = Date.now();
      await messages.send(ids, { type: body.type, content: body.content, data: body.data }, now);
      // Each recipient's console recounts its unread messages (SPEC §4).
      const notice = { type: HubNoticeType.Message, data: { type: body.type, content: body.content, data: body.data, createdAt: now } };
      for (const id of ids) void hub.publishToUser(id, notice);
      return ids.length;
    },
  });
}
