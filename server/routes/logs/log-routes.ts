import type { FastifyInstance } from 'fastify';
import { LOG_ACTIONS, LogActionList, LogPage, LogQuery, MyLogQuery } from '../../../contract/logs';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { logRepository } from './log-repository';

/**
 * The operation log (SPEC §2: /nv_log, /nv_sys_log; §7: t_history_log with `action`): everyone's
 * lines within the caller's data scope, the caller's own lines, and the actions with their labels.
 */
export function registerLogRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const repo = logRepository(db);

  endpoint(app, db, {
    method: 'GET', url: '/t_history_log', access: Right.SysLogPreview, query: LogQuery, response: LogPage,
    handler: ({ user, query: { Page, Size, ...filters } }) => repo.list({ scope: user }, filters, Page, Size),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_history_log/mine', access: Right.LogPreview, query: MyLogQuery, response: LogPage,
    handler: ({ user, query: { Page, Size, ...filters } }) => repo.list({ mine: user }, filters, Page, Size),
  });

  // The filter's choices: any signed-in user may read the labels.
  endpoint(app, db, {
    method: 'GET', url: '/t_history_log/action', access: 'signed-in', response: LogActionList,
    handler: () => [...LOG_ACTIONS],
  });
}
