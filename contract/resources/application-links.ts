import { z } from 'zod';
import { Id, PageQuery, QueryId } from '../envelope';

/** POST /api/t_application/add-org and remove-org: organisations joined to or taken off an application. */
export const ApplicationOrgsBody = z.object({ appId: Id, orgIds: z.array(Id).min(1, 'at least one organisation').max(500) });
export const ApplicationIdQuery = z.object({ id: QueryId });

/** GET /api/t_application/orgs: the organisations joined to an application. */
export const ApplicationOrg = z.object({ id: z.number().int(), name: z.string(), code: z.string(), orgType: z.number().int() });
export const ApplicationOrgList = z.array(ApplicationOrg);

/** GET /api/t_application/user-app-count: per application, its users (of joined organisations) and logins. */
export const ApplicationUsage = z.object({
  id: z.number().int(), name: z.string(), orgs: z.number().int(), users: z.number().int(), logins: z.number().int(),
});
export const ApplicationUsageList = z.array(ApplicationUsage);

/** GET /api/t_application/login-list: the logins made into an application, newest first. */
export const ApplicationLoginQuery = PageQuery.extend({ id: QueryId });
export const ApplicationLogin = z.object({
  userId: z.number().int(), username: z.string(), nickName: z.string(), createdAt: z.number(), expiresAt: z.number(),
});
export const ApplicationLoginPage = z.object({ list: z.array(ApplicationLogin), count: z.number().int() });
