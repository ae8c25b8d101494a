import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { PlaylistItem, PlaylistItemView, PlaylistRecord } from '../../../contract/playlists';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleOrgFilter, visibleProjectFilter } from '../../auth/scope-filters';

type PlaylistRow = Selectable<DB['t_playlist']>;
type ItemRow = Selectable<DB['t_playlist_item']>;

export interface PlaylistValues {
  name: string;
  enabled: boolean;
  orgId: number | null;
  items: PlaylistItem[];
}

/** Global playlists (no organisation) are seen by everyone; an organisation's within the data scope. */
const visibleIn = (user: AuthUser) => (eb: ExpressionBuilder<DB, 't_playlist'>) =>
  eb.or([eb('org_id', 'is', null), visibleOrgFilter(user, 'org_id')(eb)]);

/** The SQL of kiosk playlists (t_playlist, t_playlist_item). */
export class PlaylistRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The playlists the user sees, by id, with their items resolved for that user. */
  async listVisible(user: AuthUser): Promise<PlaylistRecord[]> {
    const rows = await this.db.selectFrom('t_playlist').selectAll().where(visibleIn(user)).orderBy('id').execute();
    return this.withItems(user, rows);
  }

  async findVisible(user: AuthUser, id: number): Promise<PlaylistRecord | undefined> {
    const row = await this.db.selectFrom('t_playlist').selectAll().where(visibleIn(user)).where('id', '=', id).executeTakeFirst();
    return row ? (await this.withItems(user, [row]))[0] : undefined;
  }

  /**
   * Why item `index` cannot be saved by this user (its template, project or graph is missing or
   * out of sight), or null when every item holds. Reads are batched, one query per kind.
   */
  async firstBadItem(user: AuthUser, items: PlaylistItem[]): Promise<string | null> {
    const templateIds = [...new Set(items.flatMap((i) => (i.kind === 'template' ? [i.templateId] : [])))];
    const projectIds = [...new Set(items.flatMap((i) => (i.kind === 'graph' ? [i.projectId] : [])))];
    const graphIds = [...new Set(items.flatMap((i) => (i.kind === 'graph' && i.graphId !== undefined ? [i.graphId] : [])))];
    const templates = new Set((await this.templateNames(user, templateIds)).keys());
    const projects = new Set((await this.projectNames(user, projectIds)).keys());
    const graphs = new Map((graphIds.length
      ? await this.db.selectFrom('t_project_graph').select(['id', 'project_id']).where('id', 'in', graphIds).execute()
      : []).map((g) => [g.id, g.project_id]));
    for (const [n, item] of items.entries()) {
      if (item.kind === 'template') {
        if (!templates.has(item.templateId)) return `body.items.${n}: screen template ${item.templateId} does not exist or is not visible`;
      } else if (!projects.has(item.projectId)) {
        return `body.items.${n}: project ${item.projectId} does not exist or is not visible`;
      } else if (item.graphId !== undefined && graphs.get(item.graphId) !== item.projectId) {
        return `body.items.${n}: graph ${item.graphId} is not a graph of project ${item.projectId}`;
      }
    }
    return null;
  }

  /** Creates (no id) or replaces a playlist and its whole item list in one transaction. */
  async save(id: number | undefined, v: PlaylistValues, userId: number, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let playlistId = id;
      if (playlistId !== undefined) {
        await trx.updateTable('t_playlist').set({ name: v.name, enabled: v.enabled ? 1 : 0, updated_at: now }).where('id', '=', playlistId).execute();
        await trx.deleteFrom('t_playlist_item').where('playlist_id', '=', playlistId).execute();
      } else {
        playlistId = (await trx.insertInto('t_playlist').values({
          name: v.name, enabled: v.enabled ? 1 : 0, org_id: v.orgId, created_by: userId, created_at: now, updated_at: now,
        }).returning('id').executeTakeFirstOrThrow()).id;
      }
      if (v.items.length) {
        await trx.insertInto('t_playlist_item').values(v.items.map((item, position) => ({
          playlist_id: playlistId!, position, kind: item.kind, duration_sec: item.durationSec, title: item.title ?? null,
          template_id: item.kind === 'template' ? item.templateId : null,
          project_id: item.kind === 'graph' ? item.projectId : null,
          graph_id: item.kind === 'graph' ? item.graphId ?? null : null,
        }))).execute();
      }
      return playlistId;
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('t_playlist_item').where('playlist_id', '=', id).execute();
      await trx.deleteFrom('t_playlist').where('id', '=', id).execute();
    });
  }

  /** Rows with their items in order, each named as this user sees it ('' when out of sight). */
  private async withItems(user: AuthUser, rows: PlaylistRow[]): Promise<PlaylistRecord[]> {
    if (!rows.length) return [];
    const items = await this.db.selectFrom('t_playlist_item').selectAll().where('playlist_id', 'in', rows.map((r) => r.id))
      .orderBy('playlist_id').orderBy('position').execute();
    const templates = await this.templateNames(user, unique(items.map((i) => i.template_id)));
    const projects = await this.projectNames(user, unique(items.map((i) => i.project_id)));
    const graphs = await this.graphNames([...projects.keys()]);
    const viewOf = (i: ItemRow): PlaylistItemView => {
      const title = i.title ?? undefined;
      if (i.kind === 'template') {
        return { kind: 'template', templateId: i.template_id!, durationSec: i.duration_sec, title, name: templates.get(i.template_id!) ?? '' };
      }
      const project = projects.get(i.project_id!);
      const graph = i.graph_id !== null ? graphs.byId.get(i.graph_id) : graphs.activeOf.get(i.project_id!);
      const graphGone = i.graph_id !== null && graph?.projectId !== i.project_id;
      // Graph names often start with their project's: said once.
      const name = !project || graphGone ? '' : !graph ? project : graph.name.startsWith(project) ? graph.name : `${project} · ${graph.name}`;
      return { kind: 'graph', projectId: i.project_id!, graphId: i.graph_id ?? undefined, durationSec: i.duration_sec, title, name };
    };
    return rows.map((r) => ({
      id: r.id, name: r.name, enabled: Number(r.enabled) === 1, orgId: r.org_id,
      items: items.filter((i) => i.playlist_id === r.id).map(viewOf),
      createdAt: Number(r.created_at), updatedAt: Number(r.updated_at),
    }));
  }

  private async templateNames(user: AuthUser, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('t_screen_tpl').select(['id', 'name']).where('id', 'in', ids)
      .where((eb) => eb.or([eb('org_id', 'is', null), visibleOrgFilter(user, 'org_id')(eb)])).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  private async projectNames(user: AuthUser, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('t_project as p').select(['p.id', 'p.name']).where('p.id', 'in', ids)
      .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** The graphs of these (visible) projects: by id, and the one each project's live view shows (active, default first). */
  private async graphNames(projectIds: number[]) {
    const byId = new Map<number, { projectId: number; name: string }>();
    const activeOf = new Map<number, { projectId: number; name: string }>();
    if (!projectIds.length) return { byId, activeOf };
    const rows = await this.db.selectFrom('t_project_graph').select(['id', 'project_id', 'name', 'is_active', 'is_default'])
      .where('project_id', 'in', projectIds).orderBy('is_default', 'desc').orderBy('id').execute();
    for (const g of rows) {
      const entry = { projectId: g.project_id, name: g.name };
      byId.set(g.id, entry);
      if (Number(g.is_active) === 1 && !activeOf.has(g.project_id)) activeOf.set(g.project_id, entry);
    }
    return { byId, activeOf };
  }
}

const unique = (ids: (number | null)[]): number[] => [...new Set(ids.filter((id): id is number => id !== null))];
