import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ChangePasswordBody, CUSTOM_SET_MAX_BYTES, CustomSet, CustomSetBody, LoginBody, LoginQuery, LoginTestQuery,
  RefreshTokenBody, TokenResult, UpdateProfileBody, UserInfo,
} from '../../../contract/session';
import { isDisplayToken } from '../../../contract/display-token';
import { displayUserInfo } from '../../auth/display-tokens';
import { hashPassword, verifyMd5, verifyPassword } from '../../auth/passwords';
import { findSession, issueSession, REFRESH_GRACE_MS, replaceSession, revokeSession } from '../../auth/sessions';
import { isWellFormedToken } from '../../auth/tokens';
import type { AppDeps } from '../../deps';
import { ApiError, badRequest, NOT_SIGNED_IN, notFound, SESSION_TIMEOUT } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { auditLog } from '../../logs/audit-log';
import { signIn } from './sign-in';
import { changePassword, customSetOf, findUserForLogin, findUserForRefresh, loadUserInfo, passwordHashOf, saveCustomSet, updateProfile } from './user-repository';
import { addressLockedUntil, recordFailedLogin } from '../../auth/login-locks';

const WRONG_CREDENTIALS = '用户名或密码错误';
/** Checked when the user is unknown, so a wrong name costs as long as a wrong password. */
const DUMMY_HASH = 'scrypt$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  endpoint(app, db, {
    method: 'POST', url: '/user/login', access: 'public', tenancy: 'self', query: LoginQuery, body: LoginBody, response: TokenResult,
    rateLimit: config.loginRateLimit,
    async handler({ query, body, req }) {
      const now = Date.now();
      const user = await findUserForLogin(db, body.user);
      if (!user) {
        await verifyPassword(body.password, DUMMY_HASH);
        throw badRequest(WRONG_CREDENTIALS);
      }
      // Locked everywhere (the account's count), or for this client address only (its own count):
      // an attacker elsewhere cannot lock the administrator out at the address they work from.
      const lockedUntil = Math.max(
        user.locked_until != null && user.locked_until > now ? user.locked_until : 0,
        (await addressLockedUntil(db, user.id, req.ip, now)) ?? 0,
      );
      if (lockedUntil > now) {
        const minutes = Math.ceil((lockedUntil - now) / 60_000);
        throw badRequest(`账号已锁定，请${minutes}分钟后再试或联系管理员解锁`);
      }
      const passwordOk = await verifyPassword(body.password, user.password_hash);
      if (!passwordOk || (body.orgBZ && body.orgBZ !== user.org_code)) {
        const locked = await recordFailedLogin(db, user.id, req.ip, config, now);
        await auditLog(db, { userId: user.id, username: user.username, action: 'login', detail: 'failed', ip: req.ip });
        throw badRequest(locked ? `密码错误次数过多，账号已锁定${config.lockMinutes}分钟` : WRONG_CREDENTIALS);
      }
      if (user.disabled || user.org_disabled) throw badRequest('账号已停用，请联系管理员');
      return signIn(deps, user, { tokenExpired: body.tokenExpired, appId: query.appId ?? null, ip: req.ip, detail: 'ok' });
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/user/refesh-token', access: 'public', tenancy: 'self', body: RefreshTokenBody, response: TokenResult,
    async handler({ body }) {
      // A video wall's display token lives until it is revoked: nothing to refresh (and a wall must not be sent to the login).
      if (isDisplayToken(body.token)) throw badRequest('body.token: a display token is not refreshed; it stays valid until revoked');
      if (!isWellFormedToken(body.token)) throw new ApiError(401, NOT_SIGNED_IN);
      const session = await findSession(db, body.token);
      if (session.status === 'unknown') throw new ApiError(401, NOT_SIGNED_IN);
      if (session.status === 'expired') throw new ApiError(200, SESSION_TIMEOUT, true);
      const user = await findUserForRefresh(db, session.userId);
      if (!user || user.disabled) throw new ApiError(200, SESSION_TIMEOUT, true);
      const issued = await issueSession(db, session.userId, Math.min(body.tokenExpired, config.tokenMaxMinutes), session.appId);
      await replaceSession(db, session.sessionId, issued.sessionId, Date.now() + REFRESH_GRACE_MS);
      return { token: issued.token, expiresAt: issued.expiresAt, userId: session.userId, username: user.username };
    },
  });

  // Not in SPEC §7 (the product only deleted its cookie): ends the caller's session on the server,
  // so a copied or leaked token stops working the moment its owner logs out.
  endpoint(app, db, {
    method: 'POST', url: '/user/logout', access: 'signed-in', tenancy: 'self', response: z.literal(true), guestMayPost: true,
    async handler({ user }) {
      // Not an operation-log line: SPEC §3's log actions are sign-ins and changes, and a sign-out
      // written as 登录 would read as a second sign-in.
      await revokeSession(db, user.sessionId);
      return true as const;
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/user/info', access: 'signed-in', response: UserInfo, display: true,
    async handler({ user }) {
      // A video wall's display principal is no user: its token stands in (issue 23).
      const info = user.display ? await displayUserInfo(db, user) : await loadUserInfo(db, user.id);
      if (!info) throw new ApiError(200, SESSION_TIMEOUT, true);
      return info;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/user/info', access: 'signed-in', tenancy: 'self', body: UpdateProfileBody, response: UserInfo,
    async handler({ user, body }) {
      if (!(await updateProfile(db, user.id, body))) throw badRequest('body: nothing to update');
      const info = await loadUserInfo(db, user.id);
      if (!info) throw notFound('用户');
      return info;
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/user/rights', access: 'signed-in', response: z.array(z.string()),
    handler: ({ user }) => [...user.rights].sort(),
  });

  endpoint(app, db, { method: 'GET', url: '/user/ping', access: 'signed-in', response: z.literal('pong'), handler: () => 'pong' as const });

  endpoint(app, db, {
    method: 'POST', url: '/user/login-test', access: 'signed-in', tenancy: 'self', query: LoginTestQuery, response: z.literal(true), rateLimit: config.loginRateLimit,
    async handler({ user, query }) {
      if (!(await verifyMd5(query.password, await passwordHashOf(db, user.id)))) throw badRequest('密码错误');
      return true as const;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/user/change-password', access: 'signed-in', tenancy: 'self', body: ChangePasswordBody, response: z.literal(true), rateLimit: config.loginRateLimit,
    async handler({ user, body, req }) {
      if (!(await verifyPassword(body.oldPassword, await passwordHashOf(db, user.id)))) throw badRequest('原密码错误');
      if (body.oldPassword === body.newPassword) throw badRequest('body.newPassword: 新密码不能与原密码相同');
      const hash = await hashPassword(body.newPassword);
      await changePassword(db, user.id, hash, user.sessionId);
      await auditLog(db, { userId: user.id, username: user.username, action: 'edit', target: 'password', ip: req.ip });
      return true as const;
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/user/customSet', access: 'signed-in', response: CustomSet, display: true,
    async handler({ user }) {
      // A display principal has no preferences: the wall shows the defaults and its address's choices.
      if (user.display) return {};
      const text = await customSetOf(db, user.id);
      if (text === undefined) throw notFound('用户');
      return JSON.parse(text) as Record<string, unknown>;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/user/customSet', access: 'signed-in', tenancy: 'self', body: CustomSetBody, response: CustomSet,
    async handler({ user, body }) {
      const text = JSON.stringify(body.content);
      if (Buffer.byteLength(text) > CUSTOM_SET_MAX_BYTES) throw badRequest(`body.content: 超过 ${CUSTOM_SET_MAX_BYTES / 1024} KB`);
      await saveCustomSet(db, user.id, text);
      return body.content;
    },
  });
}

