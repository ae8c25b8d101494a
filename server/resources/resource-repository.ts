import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { columnOf, REMOVED_FILTER, type ResourceDefinition } from '../../contract/resources/kit';
import type { AuthUser } from '../auth/auth-user';
import type { DB } from '../db/schema';
import { visibleOrgFilter, visibleProjectFilter } from '../auth/scope-filters';

/* The kit's SQL: every query of a resource built from its definition. Tables are dynamic here, so
 * the builder is untyped; the definition's zod schemas type what goes in and comes out. */
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

const ALWAYS = sql<SqlBool>`1 = 1`;

/** The row fields read from the table: every field of the row schema but the virtual ones. */
function selection(def: ResourceDefinition): string[] {
  return Object.keys(def.row.shape).filter((f) => !def.virtual?.includes(f)).map((field) => `${columnOf(field)} as ${field}`);
}

/** Soft delete: the rows not removed, or (`removed`) only the removed ones; every row without it. */
function removedFilter(def: ResourceDefinition, removed = false) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    if (!def.softDelete) return ALWAYS;
    return eb(columnOf(def.softDelete), removed ? 'is not' : 'is', null);
  };
}

/** The caller's data scope as a where-condition (DESIGN: lists and reads are filtered by it). */
export function scopeFilter(def: ResourceDefinition, user: AuthUser) {
  const scope = def.scope;
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    if (scope.kind === 'org') return visibleOrgFilter(user, columnOf(scope.field ?? 'orgId'))(eb);
    if (scope.kind === 'projects') return visibleProjectFilter(user, 'id', 'org_id')(eb);
    return ALWAYS;
  };
}

/** True when the caller may place a row in organisation `orgId`. */
export function inScope(user: AuthUser, orgId: unknown): boolean {
  return user.scope.all || (typeof orgId === 'number' && user.scope.orgIds.includes(orgId));
}

/** `%text%` for LIKE with the wildcards of `text` taken literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ListRequest {
  page: number;
  size: number;
  sort?: string;
  filters: Record<string, unknown>;
}

/** A repository for one definition: reads within a user's scope, and writes for a transaction. */
export function resourceRepository(db: Kysely<DB>, def: ResourceDefinition) {
  const adb = db as unknown as AnyDb;
  const visible = (q: AnyDb, user: AuthUser, removed = false) =>
    q.selectFrom(def.table).where(scopeFilter(def, user)).where(removedFilter(def, removed));

  function filtered(user: AuthUser, filters: Record<string, unknown>) {
    const removed = !!def.softDelete && Number(filters[REMOVED_FILTER]) === 1;
    let q = visible(adb, user, removed);
    for (const [name, value] of Object.entries(filters)) {
      if (value === undefined || value === '') continue;
      if (def.softDelete && name === REMOVED_FILTER) continue;
      if (name === 'keyword') {
        const pattern = likePattern(String(value));
        q = q.where((eb) => eb.or(def.search.map((f) => sql<SqlBool>`lower(${sql.ref(columnOf(f))}) like ${pattern} escape '\\'`)));
      } else if (def.setFilters?.[name]) {
        const set = def.setFilters[name];
        q = q.where(columnOf(set.field), Number(value) === 1 ? 'in' : 'not in', [...set.values]);
      } else if (Array.isArray(value)) {
        q = q.where(columnOf(name), 'in', value);
      } else {
        q = q.where(columnOf(name), '=', value);
      }
    }
    return q;
  }

  function ordered<Q extends { orderBy: (...args: any[]) => Q }>(q: Q, sort = def.defaultSort): Q {
    const desc = sort.startsWith('-');
    const column = columnOf(sort.replace(/^-/, ''));
    const sorted = q.orderBy(column, desc ? 'desc' : 'asc');
    return column === 'id' ? sorted : sorted.orderBy('id', desc ? 'desc' : 'asc');
  }

  return {
    async list(user: AuthUser, req: ListRequest): Promise<{ list: Row[]; count: number }> {
      const q = filtered(user, req.filters);
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const list = await ordered(q.select(selection(def)), req.sort).limit(req.size).offset((req.page - 1) * req.size).execute();
      return { list, count: Number(count) };
    },

    async all(user: AuthUser): Promise<Row[]> {
      return ordered(visible(adb, user).select(selection(def))).execute();
    },

    async names(user: AuthUser): Promise<{ id: number; name: string }[]> {
      const key = columnOf(def.nameKey ?? 'id');
      return visible(adb, user).select([`${key} as id`, `${columnOf(def.label)} as name`]).orderBy(key).execute();
    },

    /** The row if the user may see it. */
    async find(user: AuthUser, id: number, trx: AnyDb = adb): Promise<Row | undefined> {
      return visible(trx, user).select(selection(def)).where('id', '=', id).executeTakeFirst();
    },

    /** The row whatever the caller's scope (what a save answers: the caller made it). */
    async findAny(id: number, trx: AnyDb = adb): Promise<Row | undefined> {
      return trx.selectFrom(def.table).select(selection(def)).where('id', '=', id).executeTakeFirst();
    },

    /** True when `candidate` is `id` or lies below it in the tree of `def.parent`. */
    async isSelfOrBelow(trx: AnyDb, id: number, candidate: number): Promise<boolean> {
      const seen = new Set<number>();
      for (let at: number | null = candidate; at != null && !seen.has(at); ) {
        if (at === id) return true;
        seen.add(at);
        const row: { parent: number | null } | undefined = await trx.selectFrom(def.table)
          .select(`${columnOf(def.parent!)} as parent`).where('id', '=', at).executeTakeFirst();
        at = row?.parent ?? null;
      }
      return false;
    },

    /** The id of another row holding the same values in `fields`, if any. */
    async duplicate(trx: AnyDb, fields: readonly string[], values: Row, exceptId?: number): Promise<number | undefined> {
      let q = trx.selectFrom(def.table).select('id');
      for (const field of fields) q = q.where(columnOf(field), values[field] == null ? 'is' : '=', values[field] ?? null);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst())?.id;
    },

    async insert(trx: AnyDb, values: Row): Promise<number> {
      const stamped = def.createdAt ? { ...values, createdAt: Date.now() } : values;
      const row = await trx.insertInto(def.table).values(toColumns(stored(def, stamped))).returning('id').executeTakeFirstOrThrow();
      return row.id as number;
    },

    /** Writes `values` if the row is still at `version`; false when another save came first. */
    async update(trx: AnyDb, id: number, version: number, values: Row): Promise<boolean> {
      const result = await trx.updateTable(def.table).set({ ...toColumns(stored(def, values)), version: version + 1 })
        .where('id', '=', id).where('version', '=', version).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Deletes the row, or with `softDelete` stamps its removal time (a change: the version moves on). */
    async remove(trx: AnyDb, id: number): Promise<void> {
      if (!def.softDelete) {
        await trx.deleteFrom(def.table).where('id', '=', id).execute();
        return;
      }
      await trx.updateTable(def.table).set((eb: ExpressionBuilder<any, any>) => ({ [columnOf(def.softDelete!)]: Date.now(), version: eb('version', '+', 1) }))
        .where('id', '=', id).execute();
    },

    /** How many rows of each referring table still point at `row`. */
    async references(trx: AnyDb, row: Row): Promise<{ what: ResourceDefinition['noun']; count: number }[]> {
      const out = [];
      for (const ref of def.references ?? []) {
        const [{ count }] = await trx.selectFrom(ref.table).select((eb) => eb.fn.countAll<number>().as('count'))
          .where(ref.column, '=', row[ref.key ?? 'id']).execute();
        if (Number(count) > 0) out.push({ what: ref.what, count: Number(count) });
      }
      return out;
    },
  };
}

export type ResourceRepository = ReturnType<typeof resourceRepository>;

/** The values that are columns: virtual fields are the hooks' to store. */
function stored(def: ResourceDefinition, values: Row): Row {
  return def.virtual?.length ? Object.fromEntries(Object.entries(values).filter(([k]) => !def.virtual!.includes(k))) : values;
}

function toColumns(values: Row): Row {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [columnOf(k), v]));
}
