import type { FastifyInstance } from 'fastify';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { Right } from '../../../contract/rights';
import {
  SaveScreenTemplateBody, ScreenTemplateBriefList, ScreenTemplateIdParams, ScreenTemplateListQuery, ScreenTemplatePage,
  ScreenTemplateRecord, ScreenTemplateRecordList,
} from '../../../contract/screen-template';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { visibleOrgFilter } from '../scope-filters';

type Row = Selectable<DB['t_screen_tpl']>;
const WHAT = '大屏模板';

const summary = (r: Row) => ({
  id: r.id, name: r.name, isDefault: Number(r.is_default) === 1, isActive: Number(r.is_active) === 1, orgId: r.org_id,
  updatedAt: Number(r.updated_at),
});
/** The stored JSON as a value; text that is not JSON is passed on as it is, for the runtime's error panel. */
function record(r: Row) {
  let content: unknown = r.content;
  try {
    content = JSON.parse(r.content);
  } catch { /* the runtime reports it */ }
  return { ...summary(r), content };
}

/**
 * Big-screen templates (t_screen_tpl, SPEC §7). A template with no organisation is global and
 * visible to everyone; an organisation's template is visible within the data scope. Global
 * templates, and which template is the default, are changed only by users who see all data.
 */
export function registerScreenTemplateRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const visibleIn = (user: AuthUser) => (eb: ExpressionBuilder<DB, 't_screen_tpl'>) =>
    eb.or([eb('org_id', 'is', null), visibleOrgFilter(user, 'org_id')(eb)]);
  const visible = (user: AuthUser, on: Kysely<DB> = db) => on.selectFrom('t_screen_tpl').where(visibleIn(user));
  const findVisible = async (user: AuthUser, id: number) => {
    const row = await visible(user).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(WHAT);
    return row;
  };
  const findEditable = async (user: AuthUser, id: number) => {
    const row = await findVisible(user, id);
    if (row.org_id === null && !user.scope.all) throw forbidden('全局大屏模板只能由可查看全部数据的用户修改');
    return row;
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl', access: Right.ScreenPreview, query: ScreenTemplateListQuery, response: ScreenTemplatePage,
    async handler({ user, query }) {
      let q = visible(user);
      if (query.keyword) q = q.where((eb) => eb(eb.fn('lower', ['name']), 'like', `%${query.keyword!.toLowerCase()}%`));
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = await q.selectAll().orderBy('id').limit(query.Size).offset((query.Page - 1) * query.Size).execute();
      return { count: Number(count), list: rows.map(summary) };
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/all', access: 'signed-in', response: ScreenTemplateBriefList,
    async handler({ user }) {
      return (await visible(user).selectAll().orderBy('id').execute()).map(summary);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/active', access: 'signed-in', response: ScreenTemplateRecord,
    async handler({ user }) {
      const row = await visible(user).selectAll().where('is_active', '=', 1).where('org_id', '=', user.orgId).orderBy('id').executeTakeFirst()
        ?? await visible(user).selectAll().where('is_active', '=', 1).where('org_id', 'is', null).orderBy('id').executeTakeFirst()
        ?? await visible(user).selectAll().where('is_default', '=', 1).orderBy('id').executeTakeFirst();
      if (!row) throw notFound(WHAT);
      return record(row);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/default', access: 'signed-in', response: ScreenTemplateRecord,
    async handler({ user }) {
      const row = await visible(user).selectAll().where('is_default', '=', 1).orderBy('id').executeTakeFirst();
      if (!row) throw notFound(WHAT);
      return record(row);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/default-multi', access: 'signed-in', response: ScreenTemplateRecordList,
    async handler({ user }) {
      return (await visible(user).selectAll().where('is_default', '=', 1).orderBy('id').execute()).map(record);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/:id', access: 'signed-in', params: ScreenTemplateIdParams, response: ScreenTemplateRecord,
    async handler({ user, params }) {
      return record(await findVisible(user, params.id));
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_screen_tpl/save', access: Right.ScreenEdit, body: SaveScreenTemplateBody, response: ScreenTemplateRecord,
    async handler({ user, body }) {
      const existing = body.id !== undefined ? await findEditable(user, body.id) : null;
      const orgId = existing ? existing.org_id : user.scope.all ? null : user.orgId;
      if (body.isDefault !== undefined && !user.scope.all) throw forbidden('只有可查看全部数据的用户可以设置默认大屏模板');
      if (body.isDefault === true && orgId !== null) throw badRequest('body.isDefault: only a global template can be the default');
      if (body.isDefault === false && existing && Number(existing.is_default) === 1) {
        throw badRequest('body.isDefault: make another template the default first; one template must stay the default');
      }
      const now = Date.now();
      const values = {
        name: body.name, content: JSON.stringify(body.content), updated_at: now,
        ...(body.isDefault !== undefined ? { is_default: body.isDefault ? 1 : 0 } : {}),
        ...(body.isActive !== undefined ? { is_active: body.isActive ? 1 : 0 } : {}),
      };
      const id = await db.transaction().execute(async (trx) => {
        let id = body.id;
        if (id !== undefined) {
          await trx.updateTable('t_screen_tpl').set(values).where('id', '=', id).execute();
        } else {
          id = (await trx.insertInto('t_screen_tpl').values({ is_default: 0, is_active: 0, ...values, org_id: orgId, created_by: user.id, created_at: now })
            .returning('id').executeTakeFirstOrThrow()).id;
        }
        if (body.isDefault) await trx.updateTable('t_screen_tpl').set({ is_default: 0 }).where('id', '<>', id).where('is_default', '=', 1).execute();
        if (body.isActive) {
          await trx.updateTable('t_screen_tpl').set({ is_active: 0 }).where('id', '<>', id).where('is_active', '=', 1)
            .where((eb) => (orgId === null ? eb('org_id', 'is', null) : eb('org_id', '=', orgId))).execute();
        }
        return id;
      });
      return record(await findVisible(user, id));
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_screen_tpl/del/:id', access: Right.ScreenEdit, params: ScreenTemplateIdParams, response: z.literal(true),
    async handler({ user, params }) {
      const row = await findEditable(user, params.id);
      if (Number(row.is_default) === 1) {
        const others = await db.selectFrom('t_screen_tpl').select('id').where('is_default', '=', 1).where('id', '<>', row.id).executeTakeFirst();
        if (!others) throw badRequest('不能删除唯一的默认大屏模板：请先把另一个模板设为默认');
      }
      await db.deleteFrom('t_screen_tpl').where('id', '=', params.id).execute();
      return true as const;
    },
  });
}
