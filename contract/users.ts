import { z } from 'zod';
import { Id, PageQuery, paged } from './envelope';

/** GET /api/user-manage: the users the caller may see. */
export const UserListQuery = PageQuery.extend({ keyword: z.string().trim().max(64).optional() });

export const UserListItem = z.object({
  id: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  phone: z.string(),
  email: z.string(),
  disabled: z.boolean(),
  locked: z.boolean(),
  createdAt: z.number().int(),
});
export type UserListItem = z.infer<typeof UserListItem>;
export const UserPage = paged(UserListItem);

/** `{id}` naming one user in a body (unlock, disable, recover). */
export const UserIdBody = z.object({ id: Id });
