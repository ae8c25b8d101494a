import type { FastifyInstance } from 'fastify';
import { MenuList, MenuQuery } from '../../../contract/session';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';

/**
 * GET /api/menu/all?type=app: every entry of the menu, sorted by its order field, each with the
 * right code that shows it. The console hides what the user lacks (SPEC §2); the server still
 * refuses the endpoints behind those pages.
 */
export function registerMenuRoutes(app: FastifyInstance, { db }: AppDeps): void {
  endpoint(app, db, {
    method: 'GET', url: '/menu/all', access: 'signed-in', query: MenuQuery, response: MenuList,
    async handler({ query }) {
      const rows = await db.selectFrom('t_menu').selectAll().where('type', '=', query.type)
        .orderBy('sort_order').orderBy('id').execute();
      return rows.map((r) => ({
        id: r.id,
        parentId: r.parent_id,
        name: r.name,
        title: r.title,
        titleEn: r.title_en,
        path: r.path,
        icon: r.icon,
        order: r.sort_order,
        rightCode: r.right_code,
        type: r.type,
      }));
    },
  });
}
