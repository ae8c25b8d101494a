import { z } from 'zod';
import { TOKEN_EXPIRED_MINUTES } from './constants';
import { Id, QueryId } from './envelope';
import { LoginBody, NewPassword } from './session';

/*
 * The list, {id}, save and del/{id} of user-manage are the kit's (contract/resources/user.ts);
 * these are the calls beside them (SPEC §7 user-manage).
 */

/** `{id}` naming one user in a body (unlock, recover). */
export const UserIdBody = z.object({ id: Id });

/** POST /api/user-manage/disable: disabling ends the user's sessions at once; enabling lets it log in again. */
export const DisableUserBody = z.object({ id: Id, disabled: z.boolean() });
export type DisableUserBody = z.infer<typeof DisableUserBody>;

/** POST /api/user-manage/change-password: an administrator sets a new password (the user's other sessions end). */
export const SetPasswordBody = z.object({ id: Id, password: NewPassword });
export type SetPasswordBody = z.infer<typeof SetPasswordBody>;

/** GET /api/user-manage/check-user?username=: whether the login name is taken (removed users count). */
export const CheckUserQuery = z.object({ username: z.string().trim().min(1, 'username is required').max(64) });
export const CheckUserResult = z.object({ exists: z.boolean() });
export type CheckUserResult = z.infer<typeof CheckUserResult>;

/** POST /api/user-manage/join-org: moves a user; its roles that do not fit the new organisation go. */
export const JoinOrgBody = z.object({ id: Id, orgId: Id });
export type JoinOrgBody = z.infer<typeof JoinOrgBody>;

/** POST /api/user-manage/bind/wxopenid and bind/appopenid: sets, or with '' clears, an open id. */
export const BindOpenIdBody = z.object({
  id: Id,
  openId: z.string().trim().max(64).regex(/^[A-Za-z0-9_-]*$/, 'openId may hold letters, digits, _ and -'),
});
export type BindOpenIdBody = z.infer<typeof BindOpenIdBody>;

/** GET /api/user-manage/assignable-roles?orgId=: the roles the caller may give a user of that organisation. */
export const AssignableRolesQuery = z.object({ orgId: QueryId });

/**
 * GET /api/user-manage/orgs: the organisations the caller sees, with their parents, for the
 * organisation tree beside the user list (a parent outside the caller's scope reads as none).
 */
export const UserOrgNode = z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable() });
export const UserOrgTree = z.array(UserOrgNode);
export type UserOrgNode = z.infer<typeof UserOrgNode>;

/** GET /api/user-manage/guest-info (访客管理): the guest account, what it sees and may do, its last sign-ins. */
export const GuestInfo = z.object({
  enabled: z.boolean(),
  /** Null while no guest account was ever made. */
  account: z.object({
    userId: z.number().int(),
    orgId: z.number().int(),
    orgName: z.string(),
    disabled: z.boolean(),
    /** Its rights, by code, with their names. */
    rights: z.array(z.object({ code: z.string(), name: z.string() })),
    recentLogins: z.array(z.object({ at: z.number(), ip: z.string() })),
  }).nullable(),
});
export type GuestInfo = z.infer<typeof GuestInfo>;

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
