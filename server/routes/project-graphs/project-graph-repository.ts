import type { Kysely, Selectable } from 'kysely';
import type { GraphCellInfo } from '../../../contract/graph/xml';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleProjectFilter } from '../../auth/scope-filters';

export type GraphRow = Selectable<DB['t_project_graph']>;

/** The list form: everything but the documents. */
export const summaryOf = (r: GraphRow) => ({
  id: r.id, projectId: r.project_id, name: r.name, isDefault: Number(r.is_default) === 1, isActive: Number(r.is_active) === 1,
  createdAt: Number(r.created_at), updatedAt: Number(r.updated_at),
});
export const recordOf = (r: GraphRow) => ({ ...summaryOf(r), xml: r.xml, content: r.content });

export interface GraphValues {
  projectId: number;
  name: string;
  xml: string;
  content?: string;
  isDefault?: boolean;
  isActive?: boolean;
}

/** The SQL of project graphs (t_project_graph). Callers check the project's visibility first. */
export class ProjectGraphRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The project's graphs, default first, without their documents. */
  async list(projectId: number): Promise<GraphRow[]> {
    return this.db.selectFrom('t_project_graph').selectAll().where('project_id', '=', projectId)
      .orderBy('is_default', 'desc').orderBy('id').execute();
  }

  /** The graph if its project is in the user's data scope. */
  async findVisible(user: AuthUser, id: number): Promise<GraphRow | undefined> {
    return this.db.selectFrom('t_project_graph as g').innerJoin('t_project as p', 'p.id', 'g.project_id').selectAll('g')
      .where('g.id', '=', id).where(visibleProjectFilter(user, 'p.id', 'p.org_id')).executeTakeFirst();
  }

  async findDefault(projectId: number): Promise<GraphRow | undefined> {
    return this.db.selectFrom('t_project_graph').selectAll().where('project_id', '=', projectId).where('is_default', '=', 1)
      .orderBy('id').executeTakeFirst();
  }

  /** The graph the live view shows: the default when it is active, else the first active one. */
  async findActive(projectId: number): Promise<GraphRow | undefined> {
    return this.db.selectFrom('t_project_graph').selectAll().where('project_id', '=', projectId).where('is_active', '=', 1)
      .orderBy('is_default', 'desc').orderBy('id').executeTakeFirst();
  }

  async countOthers(projectId: number, exceptId: number): Promise<number> {
    const [{ n }] = await this.db.selectFrom('t_project_graph').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId).where('id', '<>', exceptId).execute();
    return Number(n);
  }

  /**
   * The first bound cell whose device is not one of the project's, or whose measure is not one of
   * its device's model, with the reason; null when every binding holds.
   */
  async firstBadBinding(projectId: number, cells: GraphCellInfo[]): Promise<string | null> {
    const bound = cells.filter((c) => c.deviceId !== undefined);
    if (!bound.length) return null;
    const deviceIds = [...new Set(bound.map((c) => c.deviceId!))];
    const devices = new Map<number, number>();
    for (let i = 0; i < deviceIds.length; i += 500) {
      const rows = await this.db.selectFrom('t_device').select(['id', 'device_model_id'])
        .where('project_id', '=', projectId).where('id', 'in', deviceIds.slice(i, i + 500)).execute();
      for (const r of rows) devices.set(r.id, r.device_model_id);
    }
    const measureIds = [...new Set(bound.filter((c) => c.measureId !== undefined).map((c) => c.measureId!))];
    const measures = new Map<number, number>();
    for (let i = 0; i < measureIds.length; i += 500) {
      const rows = await this.db.selectFrom('t_measure').select(['id', 'device_model_id']).where('id', 'in', measureIds.slice(i, i + 500)).execute();
      for (const r of rows) measures.set(r.id, r.device_model_id);
    }
    for (const c of bound) {
      const model = devices.get(c.deviceId!);
      if (model === undefined) return `cell ${c.id}: device ${c.deviceId} is not a device of this project`;
      if (c.measureId !== undefined && measures.get(c.measureId) !== model) {
        return `cell ${c.id}: measure ${c.measureId} is not a measure of device ${c.deviceId}`;
      }
    }
    return null;
  }

  /**
   * Creates (no id) or updates a graph in one transaction. The project's first graph becomes its
   * default; making one the default clears the others, so a project has one default at most.
   */
  async save(id: number | undefined, v: GraphValues, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const values = {
        name: v.name, xml: v.xml, updated_at: now,
        ...(v.content !== undefined ? { content: v.content } : {}),
        ...(v.isDefault !== undefined ? { is_default: v.isDefault ? 1 : 0 } : {}),
        ...(v.isActive !== undefined ? { is_active: v.isActive ? 1 : 0 } : {}),
      };
      let graphId = id;
      if (graphId !== undefined) {
        await trx.updateTable('t_project_graph').set(values).where('id', '=', graphId).execute();
      } else {
        const first = !(await trx.selectFrom('t_project_graph').select('id').where('project_id', '=', v.projectId).executeTakeFirst());
        graphId = (await trx.insertInto('t_project_graph')
          .values({ is_active: 1, ...values, is_default: first || v.isDefault ? 1 : 0, project_id: v.projectId, created_at: now })
          .returning('id').executeTakeFirstOrThrow()).id;
      }
      if (v.isDefault) {
        await trx.updateTable('t_project_graph').set({ is_default: 0 })
          .where('project_id', '=', v.projectId).where('id', '<>', graphId).where('is_default', '=', 1).execute();
      }
      return graphId;
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('t_project_graph').where('id', '=', id).execute();
  }
}
