import { z } from 'zod';
import { Id, IntList, PageQuery, paged } from './envelope';
import { MESSAGE_TYPES } from './enums';


const boolFlag = z.union([z.literal('true'), z.literal('false'), z.literal('1'), z.literal('0'), z.boolean()])
  .transform((v) => v === true || v === 'true' || v === '1');

export const MessageListQuery = PageQuery.extend({
  type: IntList.optional(),
  isReaded: boolFlag.optional(),
});

/** A message as listed. `data` is a JSON string, sometimes encoded twice (SPEC §3). */
export const Message = z.object({
  id: z.number().int(),
  type: z.number().int(),
  content: z.string(),
  data: z.string(),
  isReaded: z.boolean(),
  isDealed: z.boolean(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof Message>;
export const MessagePage = paged(Message);

export const SetDealedBody = z.object({ ids: z.array(Id).min(1).max(500) });

/** POST /api/t_history_message/save: send a message to users (needs notice-edit). */
export const SaveMessageBody = z.object({
  type: z.number().int().refine((t) => (MESSAGE_TYPES as number[]).includes(t), 'unknown message type'),
  content: z.string().trim().min(1, 'content is required').max(2000),
  data: z.string().max(20_000).default('{}'),
  userIds: z.array(Id).min(1, 'userIds is required').max(1000),
});
