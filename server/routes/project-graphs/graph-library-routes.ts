import type { FastifyInstance } from 'fastify';
import { IdParam } from '../../../contract/envelope';
import {
  CopiedProjectGraph, CopyProjectGraphBody, GraphLibraryPage, GraphLibraryQuery, SetGraphActiveBody,
} from '../../../contract/graph/graph-library';
import { ProjectGraphSummary, ProjectGraphSummaryList } from '../../../contract/graph/project-graph';
import { unbindGraphXml } from '../../../contract/graph/unbind';
import { Right } from '../../../contract/rights';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { ApiError, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { visibleProject } from '../telemetry/telemetry-repository';
import { GraphLibraryRepository } from './graph-library-repository';
import { ProjectGraphRepository, summaryOf } from './project-graph-repository';

const WHAT = '组态';

/**
 * The graph libraries (组态库, 项目组态库; contract/graph/graph-library.ts): the paged list of the
 * graphs of the caller's projects (project-preview), copy, set default and set active
 * (project-edit). A graph or project outside the caller's data scope is 404, as in the other
 * t_project_graph calls.
 */
export function registerGraphLibraryRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const graphs = new ProjectGraphRepository(db);
  const library = new GraphLibraryRepository(db);
  const findVisible = async (user: AuthUser, id: number) => {
    const row = await graphs.findVisible(user, id);
    if (!row) throw notFound(WHAT);
    return row;
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_project_graph/library', access: Right.ProjectPreview, query: GraphLibraryQuery, response: GraphLibraryPage,
    async handler({ user, query }) {
      if (query.projectId !== undefined) await visibleProject(db, user, query.projectId);
      return library.page(user, { projectId: query.projectId, name: query.name }, query.Page, query.Size);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project_graph/copy', access: Right.ProjectEdit, tenancy: 'subtree', body: CopyProjectGraphBody, response: CopiedProjectGraph,
    async handler({ user, body, req }) {
      const source = await findVisible(user, body.id);
      const projectId = await visibleProject(db, user, body.projectId);
      let xml = source.xml;
      let unbound = 0;
      if (projectId !== source.project_id) {
        const taken = unbindGraphXml(source.xml);
        // A stored graph was sanitised on save, so it parses; anything else is a server fault.
        if (!taken) throw new ApiError(500, `组态 ${source.id} 的文档无法读取`);
        ({ xml, unbound } = taken);
      }
      const id = await library.copy({ user, ip: req.ip }, source, projectId, body.name, xml, unbound);
      return { ...summaryOf(await findVisible(user, id)), unbound };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project_graph/set-default/:id', access: Right.ProjectEdit, tenancy: 'subtree', params: IdParam, response: ProjectGraphSummaryList,
    async handler({ user, params, req }) {
      const row = await findVisible(user, params.id);
      if (Number(row.is_default) !== 1) await library.setDefault({ user, ip: req.ip }, row);
      return (await graphs.list(row.project_id)).map(summaryOf);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project_graph/set-active/:id', access: Right.ProjectEdit, tenancy: 'subtree', params: IdParam, body: SetGraphActiveBody,
    response: ProjectGraphSummary,
    async handler({ user, params, body, req }) {
      const row = await findVisible(user, params.id);
      if ((Number(row.is_active) === 1) !== body.isActive) await library.setActive({ user, ip: req.ip }, row, body.isActive);
      return summaryOf(await findVisible(user, row.id));
    },
  });
}
