import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Contact, ContactIdParams, ContactList, ContactListQuery, ContactPage, ProjectContactsQuery, SaveContactBody,
  SaveProjectContactsBody,
} from '../../../contract/contacts';
import { Right } from '../../../contract/rights';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { visibleProject } from '../telemetry/device-scope';
import { visibleOrgFilter } from '../scope-filters';

const COLUMNS = ['c.id', 'c.org_id as orgId', 'c.name', 'c.phone', 'c.email'] as const;

/** Alarm contacts (the 告警联系人 page) and which projects they answer for. */
export function registerContactRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const visible = (user: AuthUser) => db.selectFrom('t_contacts as c').where(visibleOrgFilter(user, 'c.org_id'));
  const findVisible = async (user: AuthUser, id: number) => {
    const row = await visible(user).select('c.id').where('c.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('联系人');
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_contacts', access: Right.HistoryAlarmPreview, query: ContactListQuery, response: ContactPage,
    async handler({ user, query }) {
      let q = visible(user);
      if (query.keyword) {
        const like = `%${query.keyword.toLowerCase()}%`;
        q = q.where((eb) => eb.or([eb(eb.fn('lower', ['c.name']), 'like', like), eb('c.phone', 'like', like)]));
      }
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const list = await q.select(COLUMNS).orderBy('c.id').limit(query.Size).offset((query.Page - 1) * query.Size).execute();
      return { count: Number(count), list };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_contacts/save', access: Right.ProjectEdit, body: SaveContactBody, response: Contact,
    async handler({ user, body }) {
      const values = { name: body.name, phone: body.phone, email: body.email };
      let id = body.id;
      if (id !== undefined) {
        await findVisible(user, id);
        await db.updateTable('t_contacts').set(values).where('id', '=', id).execute();
      } else {
        id = (await db.insertInto('t_contacts').values({ ...values, org_id: user.orgId }).returning('id').executeTakeFirstOrThrow()).id;
      }
      return visible(user).select(COLUMNS).where('c.id', '=', id).executeTakeFirstOrThrow();
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_contacts/del/:id', access: Right.ProjectEdit, params: ContactIdParams, response: z.literal(true),
    async handler({ user, params }) {
      await findVisible(user, params.id);
      await db.deleteFrom('t_contacts').where('id', '=', params.id).execute();
      return true as const;
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_project_contacts', access: Right.HistoryAlarmPreview, query: ProjectContactsQuery, response: ContactList,
    async handler({ user, query }) {
      await visibleProject(db, user, query.projectId);
      return db.selectFrom('t_project_contacts as pc').innerJoin('t_contacts as c', 'c.id', 'pc.contact_id')
        .select(COLUMNS).where('pc.project_id', '=', query.projectId).orderBy('c.id').execute();
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project_contacts/save', access: Right.ProjectEdit, body: SaveProjectContactsBody, response: ContactList,
    async handler({ user, body }) {
      await visibleProject(db, user, body.projectId);
      const ids = [...new Set(body.contactIds)];
      if (ids.length) {
        const found = await visible(user).select('c.id').where('c.id', 'in', ids).execute();
        if (found.length !== ids.length) throw notFound('联系人');
      }
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('t_project_contacts').where('project_id', '=', body.projectId).execute();
        if (ids.length) await trx.insertInto('t_project_contacts').values(ids.map((contact_id) => ({ project_id: body.projectId, contact_id }))).execute();
      });
      return db.selectFrom('t_project_contacts as pc').innerJoin('t_contacts as c', 'c.id', 'pc.contact_id')
        .select(COLUMNS).where('pc.project_id', '=', body.projectId).orderBy('c.id').execute();
    },
  });
}
