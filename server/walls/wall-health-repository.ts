import type { ExpressionBuilder, Kysely } from 'kysely';
import { Right } from '../../contract/rights';
import type { TileProblem, TileState } from '../../contract/walls';
import type { TileHistoryEvent, TileHistoryEventKind, TileHistoryReport } from '../../contract/wall/tile-history';
import { loadScope, type AuthUser } from '../auth/auth-user';
import { rightHolders } from '../auth/right-holders';
import type { DB } from '../db/schema';
import { visibleOrgFilter } from '../auth/scope-filters';

/** What the watchdog and the health reads need of a wall. */
export interface WallFacts {
  id: number;
  name: string;
  rows: number;
  cols: number;
  /** null: a global wall (made by a user who sees all data). */
  orgId: number | null;
}

/** A sampled report as stored. */
export interface TileReportRow {
  wallId: number;
  tile: string;
  at: number;
  fps: number;
  heapMb: number | null;
  dataAgeMs: number | null;
  reconnects: number;
  errors: number;
  templateId: number | null;
  dataVersion: number | null;
  state: TileState;
  reasons: readonly TileProblem[];
}

export interface TileEventRow {
  wallId: number;
  tile: string;
  at: number;
  kind: TileHistoryEventKind;
  detail: string;
}

/** Global walls are seen by everyone; an organisation's within the data scope (as playlists). */
const visibleIn = (user: AuthUser) => (eb: ExpressionBuilder<DB, 't_wall'>) =>
  eb.or([eb('org_id', 'is', null), visibleOrgFilter(user, 'org_id')(eb)]);

const FACTS = ['id', 'name', 'rows', 'cols', 'org_id'] as const;
const facts = (r: { id: number; name: string; rows: number; cols: number; org_id: number | null }): WallFacts =>
  ({ id: r.id, name: r.name, rows: r.rows, cols: r.cols, orgId: r.org_id });

const problems = (s: string): TileProblem[] => (s ? s.split(',') as TileProblem[] : []);

/** The SQL of the wall health watchdog (t_wall read; t_wall_tile_report and t_wall_tile_event written). */
export class WallHealthRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every wall, by id (the watchdog evaluates them all). */
  async allWalls(): Promise<WallFacts[]> {
    return (await this.db.selectFrom('t_wall').select(FACTS).orderBy('id').execute()).map(facts);
  }

  async wall(id: number): Promise<WallFacts | undefined> {
    const row = await this.db.selectFrom('t_wall').select(FACTS).where('id', '=', id).executeTakeFirst();
    return row && facts(row);
  }

  /** The walls a person sees, by id. */
  async visibleWalls(user: AuthUser): Promise<WallFacts[]> {
    return (await this.db.selectFrom('t_wall').select(FACTS).where(visibleIn(user)).orderBy('id').execute()).map(facts);
  }

  /**
   * Who is told when a tile of `wall` fails: the super administrators, and the users holding
   * screen-edit (by their roles, capped by their organisation type's rights) who see the wall — for
   * an organisation's wall, those whose data scope takes in that organisation; for a global wall,
   * those who see all data. Guests, disabled and deleted users are never told.
   */
  async administratorsOf(wall: WallFacts): Promise<number[]> {
    const holders = await rightHolders(this.db, Right.ScreenEdit);
    const out: number[] = [];
    for (const h of holders) {
      if (h.is_super === 1) { out.push(h.id); continue; }
      const scope = await loadScope(this.db, h.id, h.org_id, false);
      if (scope.all || (wall.orgId !== null && scope.orgIds.includes(wall.orgId))) out.push(h.id);
    }
    return out;
  }

  async insertReport(r: TileReportRow): Promise<void> {
    await this.db.insertInto('t_wall_tile_report').values({
      wall_id: r.wallId, tile: r.tile, at: r.at, fps: r.fps, heap_mb: r.heapMb, data_age_ms: r.dataAgeMs === null ? null : Math.round(r.dataAgeMs),
      reconnects: r.reconnects, errors: r.errors, template_id: r.templateId, data_version: r.dataVersion, state: r.state, reasons: r.reasons.join(','),
    }).execute();
  }

  async insertEvents(events: readonly TileEventRow[]): Promise<void> {
    if (!events.length) return;
    await this.db.insertInto('t_wall_tile_event')
      .values(events.map((e) => ({ wall_id: e.wallId, tile: e.tile, at: e.at, kind: e.kind, detail: e.detail }))).execute();
  }

  /** Sampled reports and events of one tile with `from` ≤ at ≤ `to`, oldest first. */
  async history(wallId: number, tile: string, from: number, to: number): Promise<{ reports: TileHistoryReport[]; events: TileHistoryEvent[] }> {
    const reports = await this.db.selectFrom('t_wall_tile_report').selectAll()
      .where('wall_id', '=', wallId).where('tile', '=', tile).where('at', '>=', from).where('at', '<=', to).orderBy('at').orderBy('id').execute();
    const events = await this.db.selectFrom('t_wall_tile_event').select(['at', 'kind', 'detail'])
      .where('wall_id', '=', wallId).where('tile', '=', tile).where('at', '>=', from).where('at', '<=', to).orderBy('at').orderBy('id').execute();
    return {
      reports: reports.map((r) => ({
        at: r.at, fps: r.fps, heapMb: r.heap_mb, dataAgeMs: r.data_age_ms, reconnects: r.reconnects, errors: r.errors,
        templateId: r.template_id, dataVersion: r.data_version, state: r.state as TileState, reasons: problems(r.reasons),
      })),
      events: events.map((e) => ({ at: e.at, kind: e.kind as TileHistoryEventKind, detail: e.detail })),
    };
  }

  /**
   * What the watchdog knew since `since` (read back when the server starts): the last sampled report
   * of every tile, and every event, oldest first.
   */
  async recent(since: number): Promise<{ reports: TileReportRow[]; events: TileEventRow[] }> {
    const latest = this.db.selectFrom('t_wall_tile_report').select(['wall_id', 'tile', (eb) => eb.fn.max('at').as('at')])
      .where('at', '>=', since).groupBy(['wall_id', 'tile']).as('l');
    const rows = await this.db.selectFrom('t_wall_tile_report as r')
      .innerJoin(latest, (join) => join.onRef('l.wall_id', '=', 'r.wall_id').onRef('l.tile', '=', 'r.tile').onRef('l.at', '=', 'r.at'))
      .selectAll('r').orderBy('r.id').execute();
    const events = await this.db.selectFrom('t_wall_tile_event').select(['wall_id', 'tile', 'at', 'kind', 'detail'])
      .where('at', '>=', since).orderBy('at').orderBy('id').execute();
    return {
      reports: rows.map((r) => ({
        wallId: r.wall_id, tile: r.tile, at: r.at, fps: r.fps, heapMb: r.heap_mb, dataAgeMs: r.data_age_ms, reconnects: r.reconnects,
        errors: r.errors, templateId: r.template_id, dataVersion: r.data_version, state: r.state as TileState, reasons: problems(r.reasons),
      })),
      events: events.map((e) => ({ wallId: e.wall_id, tile: e.tile, at: e.at, kind: e.kind as TileHistoryEventKind, detail: e.detail })),
    };
  }

  /** Drops reports older than `reportsBefore` and events older than `eventsBefore`. */
  async prune(reportsBefore: number, eventsBefore: number): Promise<void> {
    await this.db.deleteFrom('t_wall_tile_report').where('at', '<', reportsBefore).execute();
    await this.db.deleteFrom('t_wall_tile_event').where('at', '<', eventsBefore).execute();
  }
}
