import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../../contract/envelope';
import {
  GRAPH_SAVE_BODY_LIMIT, ProjectGraphQuery, ProjectGraphRecord, ProjectGraphSummaryList, SaveProjectGraphBody, SavedProjectGraph,
} from '../../../contract/graph/project-graph';
import { sanitizeGraphXml } from '../../../contract/graph/xml';
import { Right } from '../../../contract/rights';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { visibleProject } from '../telemetry/telemetry-repository';
import { registerGraphLibraryRoutes } from './graph-library-routes';
import { ProjectGraphRepository, recordOf, summaryOf } from './project-graph-repository';

const WHAT = '组态';

/**
 * Project graphs (组态, t_project_graph, SPEC §7): maxGraph XML per project, one default per
 * project. Reading needs only a session, like the screens (walls and the kiosk show graphs);
 * every call is limited to the projects in the user's data scope, and a graph outside it is 404.
 * Saving and deleting need project-edit. Saved XML is validated and sanitised (contract/graph/xml.ts)
 * and its bound cells must name devices of the graph's own project. The default graph cannot be
 * deleted while the project has others: another one is made the default first.
 */
export function registerProjectGraphRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const graphs = new ProjectGraphRepository(db);
  const findVisible = async (user: AuthUser, id: number) => {
    const row = await graphs.findVisible(user, id);
    if (!row) throw notFound(WHAT);
    return row;
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_project_graph/all', access: 'signed-in', query: ProjectGraphQuery, response: ProjectGraphSummaryList, display: true,
    async handler({ user, query }) {
      return (await graphs.list(await visibleProject(db, user, query.projectId))).map(summaryOf);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_project_graph/default', access: 'signed-in', query: ProjectGraphQuery, response: ProjectGraphRecord, display: true,
    async handler({ user, query }) {
      const row = await graphs.findDefault(await visibleProject(db, user, query.projectId));
      if (!row) throw notFound(WHAT);
      return recordOf(row);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_project_graph/active', access: 'signed-in', query: ProjectGraphQuery, response: ProjectGraphRecord, display: true,
    async handler({ user, query }) {
      const row = await graphs.findActive(await visibleProject(db, user, query.projectId));
      if (!row) throw notFound(WHAT);
      return recordOf(row);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_project_graph/:id', access: 'signed-in', params: IdParam, response: ProjectGraphRecord, display: true,
    async handler({ user, params }) {
      return recordOf(await findVisible(user, params.id));
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project_graph/save', access: Right.ProjectEdit, tenancy: 'subtree', body: SaveProjectGraphBody, response: SavedProjectGraph,
    bodyLimit: Math.max(config.bodyLimit, GRAPH_SAVE_BODY_LIMIT),
    async handler({ user, body }) {
      const projectId = await visibleProject(db, user, body.projectId);
      const existing = body.id !== undefined ? await findVisible(user, body.id) : null;
      if (existing && existing.project_id !== projectId) throw badRequest('body.projectId: a graph cannot move to another project');
      if (body.isDefault === false && existing && Number(existing.is_default) === 1) {
        throw badRequest('body.isDefault: make another graph the default first; a project with graphs keeps one default');
      }
      const checked = sanitizeGraphXml(body.xml);
      if (!checked.ok) throw badRequest(`body.xml: ${checked.error}`);
      const badBinding = await graphs.firstBadBinding(projectId, checked.cells);
      if (badBinding) throw badRequest(`body.xml: ${badBinding}`);
      const id = await graphs.save(existing?.id, {
        projectId, name: body.name, xml: checked.xml, content: body.content, isDefault: body.isDefault, isActive: body.isActive,
      }, Date.now());
      return { ...recordOf(await findVisible(user, id)), removed: checked.removed };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project_graph/del/:id', access: Right.ProjectEdit, tenancy: 'subtree', params: IdParam, response: z.literal(true),
    async handler({ user, params }) {
      const row = await findVisible(user, params.id);
      if (Number(row.is_default) === 1 && await graphs.countOthers(row.project_id, row.id) > 0) {
        throw badRequest('不能删除默认组态：请先把另一个组态设为默认');
      }
      await graphs.delete(row.id);
      return true as const;
    },
  });

  registerGraphLibraryRoutes(app, deps);
}
