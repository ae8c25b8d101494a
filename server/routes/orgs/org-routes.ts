import type { FastifyInstance } from 'fastify';
import { IdParam } from '../../../contract/envelope';
import { HubNoticeType } from '../../../contract/hub';
import {
  OrgApplicationList, OrgDisableBody, OrgDisableResult, OrgRegionCode, OrgTradeCode,
} from '../../../contract/resources/org-extras';
import { Right } from '../../../contract/rights';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { orgRepository } from './org-repository';

export const OWN_ORG_REFUSED = 'body.id: 不能停用您自己所在的组织';
export const LAST_SUPER_REFUSED = 'body.id: 停用后将没有可用的超级管理员';
export const PARENT_DISABLED = 'body.id: 上级组织已停用，请先启用上级组织';

/**
 * The organisation calls beside the kit's t_org (SPEC §7 names trade-code, regencode and disable
 * and leaves their meaning open). Our reading:
 * - `trade-code/{id}`: the organisation's trade is its industry → `{industryId, name}` or null;
 * - `regencode/{id}`: its region with the region's code and the path of regions from the root
 *   down to it → `{regionId, code, name, path}` or null.
 * Both feed the console's selection state (orgCode, regionCode), which every signed-in user has,
 * so they need no right: only that the organisation lies in the caller's data scope (else 404).
 * - `disable`: disables an organisation with its whole subtree (their users can no longer sign in,
 *   their open sessions end with a pushed `logout`), or enables the subtree again.
 * - `applications/{id}`: the applications the organisation is joined to (nv_org_associate; the
 *   joining itself is t_application/add-org and remove-org).
 */
export function registerOrgRoutes(app: FastifyInstance, { db, hub }: AppDeps): void {
  const repo = orgRepository(db);
  const visible = async (user: AuthUser, id: number) => {
    const org = await repo.findVisible(user, id);
    if (!org) throw notFound('组织');
    return org;
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_org/trade-code/:id', access: 'signed-in', params: IdParam, response: OrgTradeCode,
    handler: async ({ user, params }) => repo.industry((await visible(user, params.id)).industry_id),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_org/regencode/:id', access: 'signed-in', params: IdParam, response: OrgRegionCode,
    handler: async ({ user, params }) => repo.region((await visible(user, params.id)).region_id),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_org/disable', access: Right.OrgEdit, tenancy: 'subtree', body: OrgDisableBody, response: OrgDisableResult,
    async handler({ user, body, req }) {
      const org = await visible(user, body.id);
      const outcome = await repo.setDisabled(body.id, body.disabled, (plan) => {
        if (body.disabled && plan.subtree.includes(user.orgId)) throw badRequest(OWN_ORG_REFUSED);
        if (body.disabled && plan.supersInside > 0 && plan.supersOutside === 0) throw badRequest(LAST_SUPER_REFUSED);
        if (!body.disabled && plan.parentDisabled) throw badRequest(PARENT_DISABLED);
      }, { userId: user.id, username: user.username, ip: req.ip, target: `t_org#${org.id} ${org.name}` });
      if (body.disabled) {
        for (const userId of outcome.userIds) void hub.publishToUser(userId, { type: HubNoticeType.Logout, data: { reason: 'disabled' } });
      }
      return { orgIds: outcome.orgIds, signedOut: outcome.signedOut };
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_org/applications/:id', access: Right.ApplicationPreview, params: IdParam, response: OrgApplicationList,
    async handler({ user, params }) {
      await visible(user, params.id);
      return repo.applications(params.id);
    },
  });
}
