import { z } from 'zod';
import { TOKEN_EXPIRED_MINUTES } from './constants';
import { Id, PageQuery, paged } from './envelope';
import { LoginBody } from './session';

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

/**
 * POST /api/user-manage/enable-guest. Enabling makes sure the one guest account exists, scoped to
 * `orgId` (default: the widest organisation the caller sees); disabling ends its sessions.
 */
export const EnableGuestBody = z.object({ enabled: z.boolean(), orgId: Id.optional() });
export type EnableGuestBody = z.infer<typeof EnableGuestBody>;

/** `data` of enable-guest: the switch, and the guest account (null when none was ever made). */
export const GuestState = z.object({ enabled: z.boolean(), userId: z.number().int().nullable() });
export type GuestState = z.infer<typeof GuestState>;

/**
 * POST /api/user-manage/guest (游客访问) body: the token lifetime, as at login; may be left out.
 * The answer is login's `TokenResult`, so the console stores it the same way.
 */
export const GuestLoginBody = LoginBody.pick({ tokenExpired: true }).default({ tokenExpired: TOKEN_EXPIRED_MINUTES });
