import type { FastifyInstance } from 'fastify';
import { ContactList, ProjectContactEntry, ProjectContactsQuery, SaveProjectContactsBody } from '../../../contract/resources/contacts';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { visibleProject } from '../telemetry/telemetry-repository';
import { projectContactsRepository } from './contact-repository';

/**
 * Which alarm contacts answer for a project, with the warn levels each is told of and its
 * escalation level; the contacts themselves are the kit's `t_contacts`.
 */
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
    method: 'POST', url: '/t_project_contacts/save', access: Right.ProjectEdit, tenancy: 'subtree', body: SaveProjectContactsBody, response: ContactList,
    async handler({ user, body }) {
      await visibleProject(db, user, body.projectId);
      const entries = body.contacts ?? (body.contactIds ?? []).map((contactId) => ProjectContactEntry.parse({ contactId }));
      const byContact = new Map<number, ProjectContactEntry>();
      for (const [n, e] of entries.entries()) {
        if (byContact.has(e.contactId) && body.contacts) throw badRequest(`body.contacts.${n}.contactId: 联系人重复`);
        byContact.set(e.contactId, { ...e, warnLevels: [...new Set(e.warnLevels)].sort() });
      }
      const ids = [...byContact.keys()];
      if (ids.length && (await repo.countVisible(user, ids)) !== ids.length) throw notFound('联系人');
      await repo.replace(body.projectId, [...byContact.values()]);
      return repo.list(body.projectId);
    },
  });
}
