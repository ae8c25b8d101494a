import type { FastifyInstance } from 'fastify';
import { ContactList, ProjectContactsQuery, SaveProjectContactsBody } from '../../../contract/resources/contacts';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { visibleProject } from '../telemetry/telemetry-repository';
import { projectContactsRepository } from './contact-repository';

/** Which alarm contacts answer for a project; the contacts themselves are the kit's `t_contacts`. */
export function registerProjectContactRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const repo = projectContactsRepository(db);

  endpoint(app, db, {
    method: 'GET', url: '/t_project_contacts', access: Right.HistoryAlarmPreview, query: ProjectContactsQuery, response: ContactList,
    async handler({ user, query }) {
      await visibleProject(db, user, query.projectId);
      return repo.list(query.projectId);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project_contacts/save', access: Right.ProjectEdit, body: SaveProjectContactsBody, response: ContactList,
    async handler({ user, body }) {
      await visibleProject(db, user, body.projectId);
      const ids = [...new Set(body.contactIds)];
      if (ids.length && (await repo.countVisible(user, ids)) !== ids.length) throw notFound('联系人');
      await repo.replace(body.projectId, ids);
      return repo.list(body.projectId);
    },
  });
}
