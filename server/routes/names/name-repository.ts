import type { ExpressionBuilder, Kysely } from 'kysely';
import type { NameItem } from '../../../contract/envelope';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleOrgFilter, visibleProjectFilter } from '../../auth/scope-filters';

interface NameSource {
  table: keyof DB;
  label: string;
  /** Rows the user may see; absent: a catalogue everyone signed in may read. */
  scope?: (user: AuthUser) => (eb: ExpressionBuilder<any, any>) => ReturnType<ReturnType<typeof visibleOrgFilter>>;
}

const deviceScope = (user: AuthUser) => (eb: ExpressionBuilder<any, any>) =>
  eb('project_id', 'in', eb.selectFrom('t_project').select('id').where(visibleProjectFilter(user, 'id', 'org_id')));

/** Where each `/names` list comes from, by the resource family in its URL (/api/<family>/names). */
export const NAME_SOURCES = {
  t_device: { table: 't_device', label: 'name', scope: deviceScope },
  t_org: { table: 't_org', label: 'name', scope: (u) => visibleOrgFilter(u, 'id') },
  t_region: { table: 't_region', label: 'name' },
  t_industry: { table: 't_industry', label: 'name' },
  t_application: { table: 't_application', label: 'name' },
} satisfies Record<string, NameSource>;

export type NameFamily = keyof typeof NAME_SOURCES;

/** The `{id, name}` pairs of a family the user may see, by id. */
export async function listNames(db: Kysely<DB>, family: NameFamily, user: AuthUser): Promise<NameItem[]> {
  const source: NameSource = NAME_SOURCES[family];
  let q = (db as unknown as Kysely<any>).selectFrom(source.table)
    .select(['id', `${source.label} as name`]);
  if (source.scope) q = q.where(source.scope(user));
  const rows = await q.orderBy('id').execute();
  return rows.map((r: { id: number; name: string }) => ({ id: r.id, name: r.name }));
}
