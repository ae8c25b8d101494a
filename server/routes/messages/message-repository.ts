import type { Kysely } from 'kysely';
import type { Message } from '../../../contract/messages';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { visibleOrgFilter } from '../../auth/scope-filters';

export interface MessageFilter {
  type?: number[];
  isReaded?: boolean;
}

/** What a sent message says (the same to every recipient). */
export interface NewMessage {
  type: number;
  content: string;
  data: string;
}

/** The SQL of messages (t_history_message). Every read and change of a user's messages is bound to its `user_id`. */
export function messageRepository(db: Kysely<DB>) {
  return {
    /** One page of the user's messages, newest first, and the total. */
    async list(userId: number, filter: MessageFilter, page: number, size: number): Promise<{ list: Message[]; count: number }> {
      let q = db.selectFrom('t_history_message').where('user_id', '=', userId);
      if (filter.type?.length) q = q.where('type', 'in', filter.type);
      if (filter.isReaded !== undefined) q = q.where('is_readed', '=', filter.isReaded ? 1 : 0);
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = await q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc')
        .limit(size).offset((page - 1) * size).execute();
      return {
        count: Number(count),
        list: rows.map((r) => ({
          id: r.id, type: r.type, content: r.content, data: r.data, isReaded: r.is_readed === 1,
          isDealed: r.is_dealed === 1, createdAt: new Date(r.created_at).toISOString(),
        })),
      };
    },

    async unreadCount(userId: number): Promise<number> {
      const row = await db.selectFrom('t_history_message').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId).where('is_readed', '=', 0).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks one of the user's messages read; false when the user has no such message. */
    async markRead(userId: number, id: number): Promise<boolean> {
      const r = await db.updateTable('t_history_message').set({ is_readed: 1 })
        .where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(r.numUpdatedRows) !== 0;
    },

    /**
     * Marks the user's messages `ids` dealt with (and read), in one transaction: 404 and nothing
     * changed when any of them is not the user's. Answers how many were marked.
     */
    async markDealt(userId: number, ids: number[]): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const owned = await trx.selectFrom('t_history_message').select('id')
          .where('id', 'in', ids).where('user_id', '=', userId).execute();
        if (owned.length !== new Set(ids).size) throw notFound('消息');
        await trx.updateTable('t_history_message').set({ is_dealed: 1, is_readed: 1 })
          .where('id', 'in', ids).where('user_id', '=', userId).execute();
        return owned.length;
      });
    },

    /** How many of `userIds` (distinct) are users the sender may see. */
    async countVisibleUsers(user: AuthUser, userIds: number[]): Promise<number> {
      const visible = await db.selectFrom('t_user').select('id').where('id', 'in', userIds)
        .where(visibleOrgFilter(user, 'org_id')).execute();
      return visible.length;
    },

    /** One message to each of `userIds`. */
    async send(userIds: number[], message: NewMessage, now: number): Promise<void> {
      await db.insertInto('t_history_message')
        .values(userIds.map((id) => ({ user_id: id, type: message.type, content: message.content, data: message.data, created_at: now })))
        .execute();
    },
  };
}
