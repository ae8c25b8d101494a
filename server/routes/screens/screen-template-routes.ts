import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../../contract/envelope';
import { Right } from '../../../contract/rights';
import {
  SaveScreenTemplateBody, ScreenTemplateBriefList, ScreenTemplateListQuery, ScreenTemplatePage, ScreenTemplateRecord,
  ScreenTemplateRecordList,
} from '../../../contract/screen-template';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { recordOf, screenTemplateRepository, summaryOf } from './screen-template-repository';

const WHAT = '大屏模板';

/**
 * Big-screen templates (t_screen_tpl, SPEC §7). A template with no organisation is global and
 * visible to everyone; an organisation's template is visible within the data scope. Global
 * templates, and which template is the default, are changed only by users who see all data.
 */
export function registerScreenTemplateRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const templates = screenTemplateRepository(db);
  const findVisible = async (user: AuthUser, id: number) => {
    const row = await templates.findVisible(user, id);
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
      const { count, rows } = await templates.page(user, query.keyword, query.Page, query.Size);
      return { count, list: rows.map(summaryOf) };
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/all', access: 'signed-in', response: ScreenTemplateBriefList,
    async handler({ user }) {
      return (await templates.listVisible(user)).map(summaryOf);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/active', access: 'signed-in', response: ScreenTemplateRecord,
    async handler({ user }) {
      const row = await templates.findActive(user);
      if (!row) throw notFound(WHAT);
      return recordOf(row);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/default', access: 'signed-in', response: ScreenTemplateRecord,
    async handler({ user }) {
      const row = await templates.findDefault(user);
      if (!row) throw notFound(WHAT);
      return recordOf(row);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/default-multi', access: 'signed-in', response: ScreenTemplateRecordList,
    async handler({ user }) {
      return (await templates.listDefaults(user)).map(recordOf);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/:id', access: 'signed-in', params: IdParam, response: ScreenTemplateRecord,
    async handler({ user, params }) {
      return recordOf(await findVisible(user, params.id));
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
      const values = { name: body.name, content: body.content, isDefault: body.isDefault, isActive: body.isActive };
      const id = await templates.save(body.id, values, orgId, user.id, Date.now());
      return recordOf(await findVisible(user, id));
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_screen_tpl/del/:id', access: Right.ScreenEdit, params: IdParam, response: z.literal(true),
    async handler({ user, params }) {
      const row = await findEditable(user, params.id);
      if (Number(row.is_default) === 1 && !(await templates.hasOtherDefault(row.id))) {
        throw badRequest('不能删除唯一的默认大屏模板：请先把另一个模板设为默认');
      }
      await templates.delete(params.id);
      return true as const;
    },
  });
}
