import { sql, type Kysely, type SqlBool } from 'kysely';
import { LogAction } from '../../../contract/enums';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { auditLog } from '../../logs/audit-log';
import { likePattern } from '../../resources/resource-repository';
import { visibleProjectFilter } from '../../auth/scope-filters';
import { summaryOf, type GraphRow } from './project-graph-repository';

/** Who writes, for the audit line. */
export interface Writer {
  user: AuthUser;
  ip: string;
}

export interface LibraryFilter {
  projectId?: number;
  name?: string;
}

const audit = (w: Writer, action: LogAction, row: Pick<GraphRow, 'id' | 'name'>, detail: unknown) => ({
  userId: w.user.id, username: w.user.username, ip: w.ip, action, target: `t_project_graph#${row.id} ${row.name}`, detail: JSON.stringify(detail),
});

/**
 * The SQL of the graph libraries (contract/graph/graph-library.ts) over t_project_graph: the paged
 * list across the user's projects, copy, and the default and active flags, each write with its
 * audit line in one transaction. Callers check the graphs' and projects' visibility first.
 */
export class GraphLibraryRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Graphs of the projects in the user's data scope, newest change first, with their project's name. */
  async page(user: AuthUser, filter: LibraryFilter, page: number, size: number) {
    let q = this.db.selectFrom('t_project_graph as g').innerJoin('t_project as p', 'p.id', 'g.project_id')
      .where(visibleProjectFilter(user, 'p.id', 'p.org_id'));
    if (filter.projectId !== undefined) q = q.where('g.project_id', '=', filter.projectId);
    if (filter.name) {
      const pattern = likePattern(filter.name);
      q = q.where(sql<SqlBool>`lower(g.name) like ${pattern} escape '\\'`);
    }
    const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
    const rows = await q.select(['g.id', 'g.project_id', 'g.name', 'g.is_default', 'g.is_active', 'g.created_at', 'g.updated_at', 'p.name as project_name'])
      .orderBy('g.updated_at', 'desc').orderBy('g.id', 'desc').limit(size).offset((page - 1) * size).execute();
    return {
      count: Number(count),
      list: rows.map((r) => ({ ...summaryOf({ ...r, xml: '', content: '' }), projectName: r.project_name })),
    };
  }

  /** A new graph in `projectId` from `source` with `xml` (already unbound where needed); the project's first graph is its default. */
  async copy(w: Writer, source: GraphRow, projectId: number, name: string, xml: string, unbound: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const first = !(await trx.selectFrom('t_project_graph').select('id').where('project_id', '=', projectId).executeTakeFirst());
      const id = (await trx.insertInto('t_project_graph').values({
        project_id: projectId, name, xml, content: source.content, is_default: first ? 1 : 0, is_active: 1, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow()).id;
      await auditLog(trx, audit(w, LogAction.Add, { id, name }, { copiedFrom: { id: source.id, projectId: source.project_id, name: source.name }, projectId, unbound }));
      return id;
    });
  }

  /** Makes `row` its project's one default graph. Flags are not changes of the document: `updated_at` stays. */
  async setDefault(w: Writer, row: GraphRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const was = await trx.selectFrom('t_project_graph').select(['id', 'name']).where('project_id', '=', row.project_id)
        .where('is_default', '=', 1).where('id', '<>', row.id).execute();
      await trx.updateTable('t_project_graph').set({ is_default: 0 }).where('project_id', '=', row.project_id).where('id', '<>', row.id)
        .where('is_default', '=', 1).execute();
      await trx.updateTable('t_project_graph').set({ is_default: 1 }).where('id', '=', row.id).execute();
      await auditLog(trx, audit(w, LogAction.Edit, row, { before: { isDefault: Number(row.is_default) === 1, previousDefault: was.map((g) => g.id) }, after: { isDefault: true } }));
    });
  }

  async setActive(w: Writer, row: GraphRow, active: boolean): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('t_project_graph').set({ is_active: active ? 1 : 0 }).where('id', '=', row.id).execute();
      await auditLog(trx, audit(w, LogAction.Edit, row, { before: { isActive: Number(row.is_active) === 1 }, after: { isActive: active } }));
    });
  }
}
