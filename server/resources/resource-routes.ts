import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { IdParam, NameList, paged } from '../../contract/envelope';
import { listQuerySchema, saveBodySchema, type ResourceDefinition } from '../../contract/resources/kit';
import type { AuthUser } from '../auth/auth-user';
import { watchScope, type ScopeSubjects } from '../auth/data-scope';
import type { DB } from '../db/schema';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound } from '../http/api-error';
import { endpoint } from '../http/endpoint';
import { auditLog } from '../logs/audit-log';
import { auditDetail, auditTarget } from './resource-audit';
import { inScope, resourceRepository } from './resource-repository';

/** What a save answers when another save changed the row since it was read. */
export const STALE_VERSION = '数据已被他人修改，请刷新后重试';

/** A save as a hook sees it: the caller, the record (absent on insert) and its fields. */
export interface ResourceWrite {
  user: AuthUser;
  id?: number;
  fields: Record<string, unknown>;
  before: Record<string, unknown> | null;
}

/**
 * What a family adds to the kit's writes, inside their transaction (server/resources/resource-hooks.ts):
 * refuse a save or a delete (throw an ApiError), change the fields stored (hash a password, take
 * links out), write linked rows after the record. `rows` fills the definition's virtual fields of
 * the rows read (list, all, {id} and the answer of a save); `afterDelete` runs once a delete has
 * committed (tell the hub).
 */
export interface ResourceHooks {
  beforeSave?(trx: Transaction<DB>, write: ResourceWrite): Promise<Record<string, unknown>> | Record<string, unknown>;
  afterSave?(trx: Transaction<DB>, write: ResourceWrite & { id: number }): Promise<void>;
  beforeDelete?(trx: Transaction<DB>, remove: { user: AuthUser; before: Record<string, unknown> }): Promise<void>;
  afterDelete?(remove: { user: AuthUser; before: Record<string, unknown> }): Promise<void> | void;
  rows?(db: Kysely<DB>, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]>;
  /**
   * Whose data scope a save may change (users, roles), asked before the write and again after it
   * (with the new id): the kit refuses a save that opens them anything the caller does not see
   * (server/auth/data-scope.ts), naming `field`.
   */
  scopeSubjects?(trx: Transaction<DB>, write: Omit<ResourceWrite, 'user'>): Promise<ScopeSubjects & { field: string }>;
}

/**
 * The kit's routes for one definition (DESIGN "Admin resource kit"): list, all, names, {id}, save
 * and del/{id}, each with its right, the caller's data scope, and every write in one transaction
 * with its audit line.
 */
export function registerResourceRoutes(app: FastifyInstance, { db }: AppDeps, def: ResourceDefinition, hooks: ResourceHooks = {}): void {
  if (def.scope.kind === 'project') throw new Error(`${def.name}: a project-scoped resource is served by its family's routes, not the kit's`);
  const repo = resourceRepository(db, def);
  // Records every organisation shares (the catalogue, dictionaries, organisation types) are the platform's to write.
  const tenancy = def.scope.kind === 'global' ? 'platform' : 'subtree';
  const base = `/${def.name}`;
  const filterNames = Object.keys(def.filter.shape);
  const noun = def.noun.zh;
  type Row = Record<string, unknown>;
  const withVirtual = (rows: Row[], trx: Kysely<DB> = db) => (hooks.rows && rows.length ? hooks.rows(trx, rows) : Promise.resolve(rows));
  const oneWithVirtual = async (row: Row | undefined, trx: Kysely<DB> = db) => (row ? (await withVirtual([row], trx))[0] : undefined);
  const secretsOf = (given: Row) => Object.fromEntries((def.secret ?? []).filter((f) => given[f] !== undefined).map((f) => [f, given[f]]));

  endpoint(app, db, {
    method: 'GET', url: base, access: def.rights.preview, query: listQuerySchema(def), response: paged(def.row),
    async handler({ user, query }) {
      const q = query as { Page: number; Size: number; sort?: string } & Record<string, unknown>;
      const page = await repo.list(user, { page: q.Page, size: q.Size, sort: q.sort, filters: Object.fromEntries(filterNames.map((n) => [n, q[n]])) });
      return { ...page, list: await withVirtual(page.list) };
    },
  });

  endpoint(app, db, {
    method: 'GET', url: `${base}/all`, access: def.rights.preview, response: z.array(def.row),
    handler: async ({ user }) => withVirtual(await repo.all(user)),
  });

  // Pickers of other pages read the names: any signed-in user, within their data scope.
  endpoint(app, db, {
    method: 'GET', url: `${base}/names`, access: 'signed-in', response: NameList,
    handler: ({ user }) => repo.names(user),
  });

  endpoint(app, db, {
    method: 'GET', url: `${base}/:id`, access: def.rights.preview, params: IdParam, response: def.row,
    async handler({ user, params }) {
      const row = await oneWithVirtual(await repo.find(user, params.id));
      if (!row) throw notFound(noun);
      return row;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: `${base}/save`, access: def.rights.edit, tenancy, body: saveBodySchema(def), response: def.row,
    async handler({ user, body, req }) {
      const { id, version, ...given } = body as Record<string, unknown> & { id?: number; version?: number };
      if (id === undefined && def.fixed) throw badRequest(`body.id: ${noun}不能新增，只能修改`);
      /** The scope watch of a family with `scopeSubjects`: call it with the saved id after the write. */
      const watchSave = async (trx: Transaction<DB>, write: Omit<ResourceWrite, 'user'>) => {
        if (!hooks.scopeSubjects || user.scope.all) return null;
        const { field, ...subjects } = await hooks.scopeSubjects(trx, write);
        const watch = await watchScope(trx, user, subjects);
        return async (savedId: number) => {
          const { field: _, ...now } = await hooks.scopeSubjects!(trx, { ...write, id: savedId });
          await watch.check(field, now);
        };
      };
      const savedId = await db.transaction().execute(async (trx) => {
        let fields = given;
        const refuseDuplicates = async () => {
          for (const unique of def.unique ?? []) {
            const group = typeof unique === 'string' ? [unique] : unique;
            if (await repo.duplicate(trx, group, fields, id)) {
              const field = group[group.length - 1];
              throw badRequest(`body.${field}: “${group.map((f) => String(fields[f])).join(' / ')}” 已存在`);
            }
          }
        };
        const entry = { userId: user.id, username: user.username, ip: req.ip };
        const parent = def.parent ? fields[def.parent] : null;
        if (typeof parent === 'number' && !(await repo.findAny(parent, trx))) throw badRequest(`body.${def.parent}: 上级${noun}不存在`);
        const scope = def.scope;
        if (scope.kind === 'org' && scope.owner && !inScope(user, fields[scope.owner])) {
          throw badRequest(`body.${scope.owner}: 不在您的数据范围内`);
        }
        if (id === undefined) {
          await refuseDuplicates();
          if (hooks.beforeSave) fields = await hooks.beforeSave(trx, { user, fields, before: null });
          const values = scope.kind === 'org' && !scope.owner ? { ...fields, [scope.field ?? 'orgId']: user.orgId } : fields;
          const watch = await watchSave(trx, { fields: values, before: null });
          const newId = await repo.insert(trx, values);
          await hooks.afterSave?.(trx, { user, id: newId, fields: values, before: null });
          await watch?.(newId);
          // A secret given (a password) is logged as changed, whatever a hook made of it.
          const audited = { ...values, ...secretsOf(given) };
          await auditLog(trx, { ...entry, action: 'add', target: auditTarget(def, newId, values), detail: auditDetail(def, null, audited) });
          return newId;
        }
        const before = await oneWithVirtual(await repo.find(user, id, trx), trx);
        if (!before) throw notFound(noun);
        if (hooks.beforeSave) fields = await hooks.beforeSave(trx, { user, id, fields, before });
        if (typeof parent === 'number' && await repo.isSelfOrBelow(trx, id, parent)) {
          throw badRequest(`body.${def.parent}: 不能是自身或其下级`);
        }
        if (version === undefined || before.version !== version) throw conflict(STALE_VERSION);
        await refuseDuplicates();
        const watch = await watchSave(trx, { id, fields, before });
        if (!(await repo.update(trx, id, version, fields))) throw conflict(STALE_VERSION);
        await hooks.afterSave?.(trx, { user, id, fields, before });
        await watch?.(id);
        await auditLog(trx, {
          ...entry, action: 'edit', target: auditTarget(def, id, { ...before, ...fields }), detail: auditDetail(def, before, { ...fields, ...secretsOf(given) }),
        });
        return id;
      });
      return (await oneWithVirtual(await repo.findAny(savedId)))!;
    },
  });

  if (def.fixed) return;
  endpoint(app, db, {
    method: 'POST', url: `${base}/del/:id`, access: def.rights.delete ?? def.rights.edit, tenancy, params: IdParam, response: z.literal(true),
    async handler({ user, params, req }) {
      const removed = await db.transaction().execute(async (trx) => {
        const before = await oneWithVirtual(await repo.find(user, params.id, trx), trx);
        if (!before) throw notFound(noun);
        await hooks.beforeDelete?.(trx, { user, before });
        const refs = await repo.references(trx, before);
        if (refs.length) {
          throw badRequest(`无法删除${noun}：仍有 ${refs.map((r) => `${r.count} 个${r.what.zh}`).join('、')}引用它`);
        }
        await repo.remove(trx, params.id);
        await auditLog(trx, {
          userId: user.id, username: user.username, ip: req.ip, action: 'delete',
          target: auditTarget(def, params.id, before), detail: auditDetail(def, before, null),
        });
        return before;
      });
      await hooks.afterDelete?.({ user, before: removed });
      return true as const;
    },
  });
}
