import type { Kysely, Selectable } from 'kysely';
import { LogAction } from '../../../contract/enums';
import { MAX_PROJECT_VIDEOS, type ProjectVideo } from '../../../contract/project-videos';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { badRequest, conflict } from '../../http/api-error';
import { auditLog } from '../../logs/audit-log';
import { STALE_VERSION } from '../../resources/resource-routes';
import { visibleProjectFilter } from '../../auth/scope-filters';

type VideoRow = Selectable<DB['t_project_video']>;

/** Who writes, for the audit line. */
export interface Writer {
  user: AuthUser;
  ip: string;
}

export interface VideoValues {
  projectId: number;
  name: string;
  streamUrl: string;
  sortOrder: number;
}

const videoOf = (r: VideoRow): ProjectVideo => ({
  id: r.id, projectId: r.project_id, name: r.name, streamUrl: r.stream_url, sortOrder: r.sort_order, version: r.version,
  createdAt: Number(r.created_at), updatedAt: Number(r.updated_at),
});

const detailOf = (v: Pick<ProjectVideo, 'name' | 'streamUrl' | 'sortOrder'> | null) =>
  (v ? { name: v.name, streamUrl: v.streamUrl, sortOrder: v.sortOrder } : null);

/** The SQL of camera channels (t_project_video). Callers check the project's visibility first. */
export class ProjectVideoRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The project's channels in grid order. */
  async list(projectId: number): Promise<ProjectVideo[]> {
    const rows = await this.db.selectFrom('t_project_video').selectAll().where('project_id', '=', projectId)
      .orderBy('sort_order').orderBy('id').execute();
    return rows.map(videoOf);
  }

  /** The channel if its project is in the user's data scope. */
  async findVisible(user: AuthUser, id: number): Promise<ProjectVideo | undefined> {
    const row = await this.db.selectFrom('t_project_video as v').innerJoin('t_project as p', 'p.id', 'v.project_id').selectAll('v')
      .where('v.id', '=', id).where(visibleProjectFilter(user, 'p.id', 'p.org_id')).executeTakeFirst();
    return row && videoOf(row);
  }

  /**
   * Adds a channel (no `before`) or changes `before`, read at `version`, with its audit line, in
   * one transaction. Names are unique within a project; a project holds MAX_PROJECT_VIDEOS at most.
   */
  async save(w: Writer, v: VideoValues, before: ProjectVideo | null, version?: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const clash = await trx.selectFrom('t_project_video').select('id').where('project_id', '=', v.projectId).where('name', '=', v.name)
        .$if(before !== null, (q) => q.where('id', '<>', before!.id)).executeTakeFirst();
      if (clash) throw badRequest(`body.name: 该项目已有名为“${v.name}”的视频通道`);
      const values = { name: v.name, stream_url: v.streamUrl, sort_order: v.sortOrder, updated_at: now };
      let id: number;
      if (before) {
        if (before.version !== version) throw conflict(STALE_VERSION);
        const r = await trx.updateTable('t_project_video').set({ ...values, version: before.version + 1 })
          .where('id', '=', before.id).where('version', '=', before.version).executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw conflict(STALE_VERSION);
        id = before.id;
      } else {
        const [{ n }] = await trx.selectFrom('t_project_video').select((eb) => eb.fn.countAll<number>().as('n'))
          .where('project_id', '=', v.projectId).execute();
        if (Number(n) >= MAX_PROJECT_VIDEOS) throw badRequest(`body.projectId: 一个项目最多 ${MAX_PROJECT_VIDEOS} 个视频通道`);
        id = (await trx.insertInto('t_project_video').values({ ...values, project_id: v.projectId, created_at: now })
          .returning('id').executeTakeFirstOrThrow()).id;
      }
      await auditLog(trx, {
        userId: w.user.id, username: w.user.username, ip: w.ip, action: before ? LogAction.Edit : LogAction.Add,
        target: `t_project_video#${id} ${v.name}`, detail: JSON.stringify({ projectId: v.projectId, before: detailOf(before), after: detailOf(v) }),
      });
      return id;
    });
  }

  async delete(w: Writer, video: ProjectVideo): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('t_project_video').where('id', '=', video.id).execute();
      await auditLog(trx, {
        userId: w.user.id, username: w.user.username, ip: w.ip, action: LogAction.Delete, target: `t_project_video#${video.id} ${video.name}`,
        detail: JSON.stringify({ projectId: video.projectId, before: detailOf(video) }),
      });
    });
  }
}

/** The distinct origins (scheme, host and port) of every saved camera stream, sorted. */
export async function storedStreamOrigins(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('t_project_video').select('stream_url').distinct().execute();
  const origins = new Set<string>();
  for (const r of rows) {
    try {
      origins.add(new URL(r.stream_url).origin);
    } catch { /* saved addresses are checked; an unreadable one is simply not allowed */ }
  }
  return [...origins].sort();
}
