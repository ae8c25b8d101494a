import type { FastifyInstance } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import { NameList, type NameItem } from '../../../contract/envelope';
import { Right } from '../../../contract/rights';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { visibleOrgFilter, visibleProjectFilter } from '../scope-filters';

interface NameList {
  /** The resource family in the URL: /api/<family>/names. */
  family: string;
  table: keyof DB;
  label: string;
  access: string;
  /** Rows the user may see; absent: a catalogue everyone signed in may read. */
  scope?: (user: AuthUser) => (eb: ExpressionBuilder<any, any>) => ReturnType<ReturnType<typeof visibleOrgFilter>>;
}

const deviceScope = (user: AuthUser) => (eb: ExpressionBuilder<any, any>) =>
  eb('project_id', 'in', eb.selectFrom('t_project').select('id').where(visibleProjectFilter(user, 'id', 'org_id')));

/** The `/names` lists of SPEC §7: `{id, name}` pairs for pickers, within the user's data scope. */
const NAME_LISTS: NameList[] = [
  { family: 't_project', table: 't_project', label: 'name', access: 'signed-in', scope: (u) => visibleProjectFilter(u, 'id', 'org_id') },
  { family: 't_project_group', table: 't_project_group', label: 'name', access: 'signed-in', scope: (u) => visibleOrgFilter(u, 'org_id') },
  { family: 't_device', table: 't_device', label: 'name', access: 'signed-in', scope: deviceScope },
  { family: 't_device_model', table: 't_device_model', label: 'name', access: 'signed-in' },
  { family: 't_device_type', table: 't_device_type', label: 'name', access: 'signed-in' },
  { family: 't_org', table: 't_org', label: 'name', access: 'signed-in', scope: (u) => visibleOrgFilter(u, 'id') },
  { family: 'role', table: 't_role', label: 'name', access: Right.RolePreview, scope: (u) => visibleOrgFilter(u, 'org_id') },
  { family: 't_region', table: 't_region', label: 'name', access: 'signed-in' },
  { family: 't_industry', table: 't_industry', label: 'name', access: 'signed-in' },
  { family: 'user-manage', table: 't_user', label: 'nick_name', access: 'signed-in', scope: (u) => visibleOrgFilter(u, 'org_id') },
  { family: 't_application', table: 't_application', label: 'name', access: 'signed-in' },
];

export function registerNameRoutes(app: FastifyInstance, { db }: AppDeps): void {
  for (const list of NAME_LISTS) {
    const handler = async ({ user }: { user: AuthUser }): Promise<NameItem[]> => {
      let q = (db as unknown as import('kysely').Kysely<any>).selectFrom(list.table)
        .select(['id', `${list.label} as name`]);
      if (list.scope) q = q.where(list.scope(user));
      const rows = await q.orderBy('id').execute();
      return rows.map((r: { id: number; name: string }) => ({ id: r.id, name: r.name }));
    };
    endpoint(app, db, { method: 'GET', url: `/${list.family}/names`, access: list.access, response: NameList, handler });
    if (list.family === 't_device') {
      endpoint(app, db, { method: 'GET', url: `/${list.family}/names/all`, access: list.access, response: NameList, handler });
    }
  }
}
