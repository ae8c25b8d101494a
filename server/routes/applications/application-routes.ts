import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ApplicationIdQuery, ApplicationLoginPage, ApplicationLoginQuery, ApplicationOrgList, ApplicationOrgsBody, ApplicationUsageList,
} from '../../../contract/resources/application-links';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { applicationRepository } from './application-repository';

/** The application calls beside the kit's t_application (SPEC §7): organisations, usage, logins. */
export function registerApplicationRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const repo = applicationRepository(db);
  const known = async (appId: number) => {
    const row = await repo.exists(appId);
    if (!row) throw notFound('应用');
    return row;
  };

  // Asked before a login with ?appId=: whether that application takes logins. Says nothing else.
  endpoint(app, db, {
    method: 'GET', url: '/t_application/can-login', access: 'public', query: ApplicationIdQuery, response: z.boolean(),
    handler: async ({ query }) => (await known(query.id)).can_login === 1,
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_application/orgs', access: Right.ApplicationPreview, query: ApplicationIdQuery, response: ApplicationOrgList,
    async handler({ query }) {
      await known(query.id);
      return repo.orgs(query.id);
    },
  });

  for (const [url, add] of [['add-org', true], ['remove-org', false]] as const) {
    endpoint(app, db, {
      method: 'POST', url: `/t_application/${url}`, access: Right.ApplicationEdit, tenancy: 'platform', body: ApplicationOrgsBody, response: z.number().int(),
      async handler({ user, body, req }) {
        await known(body.appId);
        const orgIds = [...new Set(body.orgIds)];
        if ((await repo.countOrgs(orgIds)) !== orgIds.length) throw badRequest('body.orgIds: 含有不存在的组织');
        return repo.linkOrgs(body.appId, orgIds, add, {
          userId: user.id, username: user.username, ip: req.ip, action: 'edit', target: `t_application#${body.appId}`,
        });
      },
    });
  }

  endpoint(app, db, {
    method: 'GET', url: '/t_application/user-app-count', access: Right.ApplicationPreview, response: ApplicationUsageList,
    handler: () => repo.usage(),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_application/login-list', access: Right.ApplicationPreview, query: ApplicationLoginQuery, response: ApplicationLoginPage,
    async handler({ query }) {
      await known(query.id);
      return repo.logins(query.id, query.Page, query.Size);
    },
  });
}
