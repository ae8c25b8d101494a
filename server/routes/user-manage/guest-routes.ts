import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Right } from '../../../contract/rights';
import { LoginQuery, TokenResult } from '../../../contract/session';
import { EnableGuestBody, GuestInfo, GuestLoginBody, GuestState } from '../../../contract/users';
import type { AppDeps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { auditLog } from '../../logs/audit-log';
import { signIn } from '../user/sign-in';
import { userManageRepository } from './user-manage-repository';
import {
  findGuestAccount, findVisibleOrg, isGuestEnabled, turnGuestModeOff, turnGuestModeOn, widestVisibleOrg,
} from './guest-repository';

export const GUEST_MODE_OFF = '游客模式未开启';

/** The sign-ins 访客管理 shows. */
const GUEST_LOGINS_SHOWN = 20;

/** Guest mode (SPEC §6): is-guest-enable, enable-guest, 游客访问 itself (`guest`) and what 访客管理 shows. */
export function registerGuestRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;

  endpoint(app, db, {
    method: 'GET', url: '/user-manage/is-guest-enable', access: 'public', response: z.boolean(),
    handler: () => isGuestEnabled(db),
  });

  endpoint(app, db, {
    method: 'POST', url: '/user-manage/enable-guest', access: Right.UserEdit, tenancy: 'platform', body: EnableGuestBody, response: GuestState,
    async handler({ user, body, req }) {
      let userId: number | null;
      if (body.enabled) {
        const orgId = body.orgId ?? await widestVisibleOrg(db, user);
        const org = await findVisibleOrg(db, user, orgId);
        if (!org) throw notFound('组织');
        if (org.disabled) throw badRequest('body.orgId: 组织已停用');
        userId = await turnGuestModeOn(db, orgId);
      } else {
        userId = await turnGuestModeOff(db);
      }
      await auditLog(db, {
        userId: user.id, username: user.username, action: 'edit', target: 'guest.enabled', detail: String(body.enabled), ip: req.ip,
      });
      return { enabled: body.enabled, userId };
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/user-manage/guest-info', access: Right.UserPreview, response: GuestInfo,
    async handler() {
      const enabled = await isGuestEnabled(db);
      const guest = await findGuestAccount(db);
      if (!guest) return { enabled, account: null };
      const users = userManageRepository(db);
      const org = (await users.guestOrg(guest.id))!;
      const roleIds = await users.roleIdsOf(guest.id);
      return {
        enabled,
        account: {
          userId: guest.id, orgId: org.orgId, orgName: org.orgName, disabled: guest.disabled === 1,
          rights: await users.rightsOfRoles(roleIds), recentLogins: await users.recentLogins(guest.id, GUEST_LOGINS_SHOWN),
        },
      };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/user-manage/guest', access: 'public', tenancy: 'self', query: LoginQuery, body: GuestLoginBody, response: TokenResult,
    rateLimit: config.loginRateLimit,
    async handler({ query, body, req }) {
      if (!(await isGuestEnabled(db))) throw forbidden(GUEST_MODE_OFF);
      // No password and so no lock: failed password attempts on `guest` must not shut 游客访问.
      const guest = await findGuestAccount(db);
      if (!guest || guest.disabled || guest.org_disabled) throw forbidden('游客账号不可用，请联系管理员');
      return signIn(deps, guest, { tokenExpired: body.tokenExpired, appId: query.appId ?? null, ip: req.ip, detail: 'guest' });
    },
  });
}

