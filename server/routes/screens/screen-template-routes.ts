import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../../contract/envelope';
import { Right } from '../../../contract/rights';
import { screenPreferencesOf } from '../../../contract/screen-preferences';
import {
  SaveScreenTemplateBody, ScreenTemplateBriefList, ScreenTemplateListQuery, ScreenTemplatePage, ScreenTemplateRecord,
  ScreenTemplateRecordList,
} from '../../../contract/screen-template';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { registerScreenLibraryRoutes } from './screen-library-routes';
import { templateAccess, WHAT } from './screen-template-access';
import { ScreenTemplateStarterList } from '../../../contract/screen-template-library';
import { customSetOf } from '../user/user-repository';
import { SCREEN_STARTERS } from './screen-starters';
import { recordOf, screenTemplateRepository, summaryOf } from './screen-template-repository';

/**
 * Big-screen templates (t_screen_tpl, SPEC §7). A template with no organisation is global and
 * visible to everyone; an organisation's template is visible within the data scope. Global
 * templates, and which template is the default, are changed only by users who see all data.
 * The library's calls (copy, rename, flags, thumbnails, history, export, import) are in
 * screen-library-routes.ts.
 */
export function registerScreenTemplateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const templates = screenTemplateRepository(db);
  const { findVisible, findEditable, ownerFor, requireAllData } = templateAccess(templates);

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
      return (await templates.listBrief(user)).map((r) => ({ id: r.id, name: r.name, isDefault: Number(r.is_default) === 1, isActive: Number(r.is_active) === 1 }));
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/starters', access: Right.ScreenPreview, response: ScreenTemplateStarterList,
    handler: () => [...SCREEN_STARTERS],
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/active', access: 'signed-in', response: ScreenTemplateRecord,
    async handler({ user }) {
      // The user's own choice (个性化配置) first, while it exists and is visible to them.
      const preferred = screenPreferencesOf(parseCustomSet(await customSetOf(db, user.id))).templateId;
      const row = (preferred !== null ? await templates.findVisible(user, preferred) : undefined) ?? await templates.findActive(user);
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
      return (await templates.listDefaultMulti(user)).map(recordOf);
    },
  });

  registerScreenLibraryRoutes(app, deps, templates);

  endpoint(app, db, {
    method: 'GET', url: '/t_screen_tpl/:id', access: 'signed-in', params: IdParam, response: ScreenTemplateRecord,
    async handler({ user, params }) {
      return recordOf(await findVisible(user, params.id));
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_screen_tpl/save', access: Right.ScreenEdit, tenancy: 'subtree', body: SaveScreenTemplateBody, response: ScreenTemplateRecord,
    async handler({ user, body, req }) {
      const writer = { user, ip: req.ip };
      if (body.isDefault !== undefined) requireAllData(user, '默认大屏模板');
      const values = { name: body.name, content: body.content, isDefault: body.isDefault, isActive: body.isActive };
      if (body.id === undefined) {
        const id = await templates.create(writer, { ...values, orgId: ownerFor(user) });
        return recordOf(await findVisible(user, id));
      }
      const existing = await findEditable(user, body.id);
      if (body.isDefault === true && existing.org_id !== null) throw badRequest('body.isDefault: only a global template can be the default');
      if (body.isDefault === false && Number(existing.is_default) === 1) {
        throw badRequest('body.isDefault: make another template the default first; one template must stay the default');
      }
      await templates.update(writer, body.id, body.version!, values);
      return recordOf(await findVisible(user, body.id));
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_screen_tpl/del/:id', access: Right.ScreenEdit, tenancy: 'subtree', params: IdParam, response: z.literal(true),
    async handler({ user, params, req }) {
      await templates.remove({ user, ip: req.ip }, await findEditable(user, params.id));
      return true as const;
    },
  });
}

/** The stored personal settings as a value; text that is not JSON reads as none. */
function parseCustomSet(text: string | undefined): unknown {
  try {
    return text === undefined ? {} : JSON.parse(text);
  } catch {
    return {};
  }
}
