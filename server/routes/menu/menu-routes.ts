import type { FastifyInstance } from 'fastify';
import { MenuList, MenuQuery } from '../../../contract/session';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { listMenu } from './menu-repository';

/**
 * GET /api/menu/all?type=app: every entry of the menu, sorted by its order field, each with the
 * right code that shows it. The console hides what the user lacks (SPEC §2); the server still
 * refuses the endpoints behind those pages.
 */
export function registerMenuRoutes(app: FastifyInstance, { db }: AppDeps): void {
  endpoint(app, db, {
    method: 'GET', url: '/menu/all', access: 'signed-in', query: MenuQuery, response: MenuList, display: true,
    handler: ({ query }) => listMenu(db, query.type),
  });
}
