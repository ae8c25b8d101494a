import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { DisplayTokenInfo, WallDefinition, WallDisplayItem, WallSaveParsed } from '../../../contract/walls';
import { Right } from '../../../contract/rights';
import { formatTile, isTileOf } from '../../../contract/wall/tile-geometry';
import type { AuthUser } from '../../auth/auth-user';
import { hashToken } from '../../auth/tokens';
import { tileOf } from '../../auth/display-tokens';
import type { DB } from '../../db/schema';
import { visibleOrgFilter } from '../../auth/scope-filters';
import { screenTemplateRepository } from '../screens/screen-template-repository';

type WallRow = Selectable<DB['t_wall']>;

/** A wall as the routes use it: its definition and its owner (null: global). */
export interface StoredWall {
  def: WallDefinition;
  orgId: number | null;
}

/** Global walls (no organisation) are seen by everyone; an organisation's within the data scope (as playlists). */
const visibleIn = (user: AuthUser) => (eb: ExpressionBuilder<DB, 't_wall'>) =>
  eb.or([eb('org_id', 'is', null), visibleOrgFilter(user, 'org_id')(eb)]);

/** JSON text read leniently: what is not the expected shape reads as `fallback`. */
function parseJson<T>(text: string, check: (v: unknown) => v is T, fallback: T): T {
  try {
    const value: unknown = JSON.parse(text);
    return check(value) ? value : fallback;
  } catch {
    return fallback;
  }
}
const isIdList = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isInteger(x) && x > 0);
const isStringRecord = (v: unknown): v is Record<string, string> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

function definitionOf(r: WallRow): WallDefinition {
  return {
    id: r.id, name: r.name, rows: Number(r.rows), cols: Number(r.cols), screenWidth: Number(r.screen_width), screenHeight: Number(r.screen_height),
    bezelX: Number(r.bezel_x), bezelY: Number(r.bezel_y), templateIds: parseJson(r.template_ids, isIdList, []),
    rotateSeconds: Number(r.rotate_seconds), idleSeconds: Number(r.idle_seconds), variables: parseJson(r.variables, isStringRecord, {}),
    remark: r.remark, epoch: Number(r.epoch), updatedAt: Number(r.updated_at),
  };
}

/** The SQL of video walls (t_wall) and their display tokens (t_wall_token). */
export class WallRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The walls the user sees, by id. */
  async listVisible(user: AuthUser): Promise<WallDefinition[]> {
    const rows = await this.db.selectFrom('t_wall').selectAll().where(visibleIn(user)).orderBy('id').execute();
    return rows.map(definitionOf);
  }

  async findVisible(user: AuthUser, id: number): Promise<StoredWall | undefined> {
    const row = await this.db.selectFrom('t_wall').selectAll().where(visibleIn(user)).where('id', '=', id).executeTakeFirst();
    return row ? { def: definitionOf(row), orgId: row.org_id } : undefined;
  }

  /** Of these template ids, those the user sees (global, or within the data scope). */
  async visibleTemplateIds(user: AuthUser, ids: readonly number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom('t_screen_tpl').select('id').where('id', 'in', [...new Set(ids)])
      .where((eb) => eb.or([eb('org_id', 'is', null), visibleOrgFilter(user, 'org_id')(eb)])).execute();
    return new Set(rows.map((r) => r.id));
  }

  /**
   * The rotation as a tile loads it, for this user: the listed templates in order (repeats kept;
   * one gone or out of sight is left out), or the default-multi templates when none is listed.
   */
  async displayItems(user: AuthUser, templateIds: readonly number[]): Promise<WallDisplayItem[]> {
    const asItem = (r: { id: number; name: string; content: string; updated_at: number }): WallDisplayItem => {
      let content: unknown = r.content;
      try {
        content = JSON.parse(r.content);
      } catch { /* the runtime reports it */ }
      return { id: r.id, name: r.name, content, updatedAt: Number(r.updated_at) };
    };
    if (!templateIds.length) return (await screenTemplateRepository(this.db).listDefaultMulti(user)).map(asItem);
    const rows = await this.db.selectFrom('t_screen_tpl').select(['id', 'name', 'content', 'updated_at'])
      .where('id', 'in', [...new Set(templateIds)])
      .where((eb) => eb.or([eb('org_id', 'is', null), visibleOrgFilter(user, 'org_id')(eb)])).execute();
    const byId = new Map(rows.map((r) => [r.id, asItem(r)]));
    return templateIds.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Creates (no id) or replaces a wall with the rotation's new `epoch`. Replacing it also revokes
   * (at `now`) the unrevoked tokens of tiles the wall no longer has; their ids are returned.
   */
  async save(id: number | undefined, v: WallSaveParsed, orgId: number | null, userId: number, now: number, epoch: number):
    Promise<{ id: number; revokedTokenIds: number[] }> {
    const values = {
      name: v.name, rows: v.rows, cols: v.cols, screen_width: v.screenWidth, screen_height: v.screenHeight, bezel_x: v.bezelX, bezel_y: v.bezelY,
      template_ids: JSON.stringify(v.templateIds), rotate_seconds: v.rotateSeconds, idle_seconds: v.idleSeconds,
      variables: JSON.stringify(v.variables), remark: v.remark, epoch, updated_at: now,
    };
    if (id === undefined) {
      const inserted = await this.db.insertInto('t_wall').values({ ...values, org_id: orgId, created_by: userId }).returning('id').executeTakeFirstOrThrow();
      return { id: inserted.id, revokedTokenIds: [] };
    }
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('t_wall').set(values).where('id', '=', id).execute();
      const tileTokens = await trx.selectFrom('t_wall_token').select(['id', 'tile']).where('wall_id', '=', id)
        .where('tile', 'is not', null).where('revoked_at', 'is', null).execute();
      const off = tileTokens.filter((t) => {
        const tile = tileOf(t.tile);
        return !tile || !isTileOf(v, tile);
      }).map((t) => t.id);
      if (off.length) await trx.updateTable('t_wall_token').set({ revoked_at: now }).where('id', 'in', off).where('revoked_at', 'is', null).execute();
      return { id, revokedTokenIds: off };
    });
  }

  /** Deletes a wall and its display tokens. */
  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('t_wall_token').where('wall_id', '=', id).execute();
      await trx.deleteFrom('t_wall').where('id', '=', id).execute();
    });
  }

  /** A wall's display tokens, newest first (never the token: only its digest is stored). */
  async listTokens(wallId: number): Promise<DisplayTokenInfo[]> {
    const rows = await this.tokenRows().where('t.wall_id', '=', wallId).orderBy('t.id', 'desc').execute();
    return rows.map(tokenInfoOf);
  }

  async findToken(tokenId: number): Promise<DisplayTokenInfo | undefined> {
    const row = await this.tokenRows().where('t.id', '=', tokenId).executeTakeFirst();
    return row ? tokenInfoOf(row) : undefined;
  }

  /** Stores a new token's digest; returns its id. */
  async createToken(wallId: number, name: string, tile: readonly [number, number] | null, token: string, userId: number, now: number): Promise<number> {
    return (await this.db.insertInto('t_wall_token').values({
      wall_id: wallId, tile: tile ? formatTile(tile) : null, name, token_hash: hashToken(token), created_by: userId, created_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
  }

  /** Revokes a token now (a revoked one keeps its first revocation time). */
  async revokeToken(tokenId: number, now: number): Promise<void> {
    await this.db.updateTable('t_wall_token').set({ revoked_at: now }).where('id', '=', tokenId).where('revoked_at', 'is', null).execute();
  }

  private tokenRows() {
    return this.db.selectFrom('t_wall_token as t').leftJoin('t_user as u', 'u.id', 't.created_by')
      .select(['t.id', 't.wall_id', 't.tile', 't.name', 't.created_at', 't.last_used_at', 't.revoked_at', 'u.username']);
  }
}

function tokenInfoOf(r: {
  id: number; wall_id: number; tile: string | null; name: string; created_at: number; last_used_at: number | null;
  revoked_at: number | null; username: string | null;
}): DisplayTokenInfo {
  return {
    id: r.id, wallId: r.wall_id, tile: tileOf(r.tile), name: r.name, createdAt: Number(r.created_at), createdBy: r.username ?? '',
    lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at), revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
  };
}

/** Whether the user may see wall `id` (the hub's `wall:<id>` topic): its own wall for a display principal, else screen-preview and the wall within sight. */
export async function maySeeWall(db: Kysely<DB>, user: AuthUser, id: number): Promise<boolean> {
  if (user.display) return user.display.wallId === id;
  if (!user.rights.has(Right.ScreenPreview)) return false;
  return (await new WallRepository(db).findVisible(user, id)) !== undefined;
}
