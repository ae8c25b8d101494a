import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { IdParam, paged } from '../../../contract/envelope';
import type { LogAction } from '../../../contract/enums';
import { mappingBits, problem } from '../../../contract/measure-points';
import { parsePrintf } from '../../../contract/measure-printf';
import {
  AssociateRole, AssociateRoleBody, AssociateRoleQuery, AssociateRoleResult, BatchSaveBody, BatchSaveResult, MeasureListQuery,
  MeasurePoint, RegisterTable, RegisterTableQuery, SaveMeasureBody, SavePrintfBody,
} from '../../../contract/resources/measure';
import { Right } from '../../../contract/rights';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { auditLog } from '../../logs/audit-log';
import { STALE_VERSION } from '../../resources/resource-routes';
import { roleRepository } from '../roles/role-repository';
import { measureRepository } from './measure-repository';
import { problemsError, writeTable } from './register-table';

/** What changed in a set, for the audit line. */
function setChange<T>(before: readonly T[], after: readonly T[]) {
  return { added: after.filter((x) => !before.includes(x)), removed: before.filter((x) => !after.includes(x)) };
}

/**
 * Measure points (SPEC §7 t_measure, t_device_model_measure): a model's register table, read and
 * written whole (batchSave, all or nothing) or a point at a time, a point's printf, and the
 * measure rights of roles. product-preview reads, product-edit writes; every write commits with
 * its audit line. The alarm engine reads a model's points and rules from the database in each
 * ingest batch's transaction (telemetry/ingest-context.ts), so a changed rule counts from the next
 * batch on: there is no cache to invalidate.
 */
export function registerMeasureRoutes(app: FastifyInstance, { db, dialect }: AppDeps): void {
  const repo = measureRepository(db, dialect);
  const roles = roleRepository(db);
  const audit = (trx: Kysely<DB>, user: AuthUser, req: FastifyRequest, action: LogAction, target: string, detail: unknown) =>
    auditLog(trx, { userId: user.id, username: user.username, ip: req.ip, action, target, detail: JSON.stringify(detail) });

  const knownModel = async (id: number, trx: Kysely<DB> = db) => {
    const model = await repo.model(id, trx);
    if (!model) throw notFound('产品型号');
    return model;
  };
  const table = async (modelId: number, trx: Kysely<DB> = db) => {
    const model = await knownModel(modelId, trx);
    return {
      model: { id: model.id, name: model.name, code: model.code, deviceTypeId: model.device_type_id },
      groups: await repo.groups(modelId, trx),
      points: await repo.points(modelId, trx),
    };
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_device_model_measure', access: Right.ProductPreview, query: RegisterTableQuery, response: RegisterTable,
    handler: ({ query }) => table(query.deviceModelId),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device_model_measure/batchSave', access: Right.ProductEdit, tenancy: 'platform', body: BatchSaveBody, response: BatchSaveResult,
    bodyLimit: 4 * 1024 * 1024,
    async handler({ user, body, req }) {
      return repo.atomically(async (trx) => {
        const model = await knownModel(body.deviceModelId, trx);
        const outcome = await writeTable(repo, trx, {
          modelId: model.id, rows: body.rows, rowOf: (i) => i, removeIds: body.removeIds, othersKept: false,
        }, 'rows');
        await audit(trx, user, req, 'edit', `t_device_model#${model.id} ${model.name}`, { registerTable: outcome.detail });
        const { inserted, updated, unchanged, removed } = outcome;
        return { ...(await table(model.id, trx)), inserted, updated, unchanged, removed };
      });
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device_model_measure/save-printf', access: Right.ProductEdit, tenancy: 'platform', body: SavePrintfBody, response: MeasurePoint,
    async handler({ user, body, req }) {
      return repo.atomically(async (trx) => {
        const point = await repo.point(body.id, trx);
        if (!point) throw notFound('测点');
        const parsed = parsePrintf(body.printf, mappingBits(point.dataType));
        if (!parsed.ok) {
          const e = parsed.error;
          throw problemsError(400, [problem(null, 'printf', 'printf', e.zh, e.en, e.position)], null);
        }
        if (point.version !== body.version) throw conflict(STALE_VERSION);
        const printf = parsed.printf.stored;
        if (printf !== point.printf) {
          if (!(await repo.updatePoint(trx, point.id, point.version, { printf }))) throw conflict(STALE_VERSION);
          await audit(trx, user, req, 'edit', `t_measure#${point.id} ${point.name}`, { before: { printf: point.printf }, after: { printf } });
        }
        return (await repo.point(point.id, trx))!;
      });
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_measure', access: Right.ProductPreview, query: MeasureListQuery, response: paged(MeasurePoint),
    handler: ({ query }) => repo.list(query, query.Page, query.Size),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_measure/:id', access: Right.ProductPreview, params: IdParam, response: MeasurePoint,
    async handler({ params }) {
      const point = await repo.point(params.id);
      if (!point) throw notFound('测点');
      return point;
    },
  });

  // One point, checked within its model's table (the others kept as they are).
  endpoint(app, db, {
    method: 'POST', url: '/t_measure/save', access: Right.ProductEdit, tenancy: 'platform', body: z.record(z.string(), z.unknown()), response: MeasurePoint,
    async handler({ user, body, req }) {
      const { deviceModelId, ...row } = body;
      const shape = SaveMeasureBody.shape.deviceModelId.safeParse(deviceModelId);
      if (!shape.success) throw badRequest('body.deviceModelId: 应为产品型号 id');
      const id = await repo.atomically(async (trx) => {
        const before = typeof row.id === 'number' ? await repo.point(row.id, trx) : undefined;
        if (typeof row.id === 'number' && !before) throw notFound('测点');
        const modelId = before?.deviceModelId ?? shape.data;
        if (modelId === undefined) throw badRequest('body.deviceModelId: 新测点需要产品型号');
        if (before && shape.data !== undefined && shape.data !== before.deviceModelId) throw badRequest('body.deviceModelId: 测点不能移到其他型号');
        const model = await knownModel(modelId, trx);
        const outcome = await writeTable(repo, trx, { modelId, rows: [row], rowOf: () => null, removeIds: [], othersKept: true }, null);
        const savedId = outcome.ids[0];
        if (!before) {
          await audit(trx, user, req, 'add', `t_measure#${savedId} ${outcome.detail.added[0]}`, { model: `t_device_model#${model.id} ${model.name}` });
        } else if (outcome.updated) {
          await audit(trx, user, req, 'edit', `t_measure#${savedId} ${before.name}`, outcome.detail.changed[0]);
        }
        return savedId;
      });
      return (await repo.point(id))!;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_measure/del/:id', access: Right.ProductEdit, tenancy: 'platform', params: IdParam, response: z.literal(true),
    async handler({ user, params, req }) {
      await repo.atomically(async (trx) => {
        const point = await repo.point(params.id, trx);
        if (!point) throw notFound('测点');
        await repo.lockModel(trx, point.deviceModelId);
        await repo.deletePoints(trx, [point.id]);
        await audit(trx, user, req, 'delete', `t_measure#${point.id} ${point.name}`, { before: point });
      });
      return true as const;
    },
  });

  /** The role if the caller may see it (their data scope), else 404. */
  const visibleRole = async (user: AuthUser, id: number, trx: Kysely<DB> = db) => {
    const role = await roles.visibleRole(user, id, trx);
    if (!role) throw notFound('角色');
    return role;
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_device_model_measure/associate-role', access: Right.ProductPreview, query: AssociateRoleQuery, response: AssociateRole,
    async handler({ user, query }) {
      const role = await visibleRole(user, query.roleId);
      if (query.deviceModelId !== undefined) await knownModel(query.deviceModelId);
      const models = query.deviceModelId === undefined ? null : [query.deviceModelId];
      return { roleId: role.id, deviceModelId: query.deviceModelId ?? null, measureIds: await repo.roleMeasureIds(role.id, models) };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device_model_measure/associate-role', access: Right.ProductEdit, tenancy: 'subtree', body: AssociateRoleBody, response: AssociateRoleResult,
    async handler({ user, body, req }) {
      return repo.atomically(async (trx) => {
        const role = await visibleRole(user, body.roleId, trx);
        const models = body.deviceModelIds ? [...new Set(body.deviceModelIds)] : null;
        if (models) {
          const known = await repo.knownModels(models, trx);
          const unknown = models.find((m) => !known.has(m));
          if (unknown !== undefined) throw badRequest(`body.deviceModelIds: 产品型号 ${unknown} 不存在`);
        }
        const ids = [...new Set(body.measureIds)].sort((a, b) => a - b);
        const modelOf = await repo.modelsOf(ids, trx);
        const missing = ids.find((id) => !modelOf.has(id));
        if (missing !== undefined) throw badRequest(`body.measureIds: 测点 ${missing} 不存在`);
        const outside = models && ids.find((id) => !models.includes(modelOf.get(id)!));
        if (outside) throw badRequest(`body.measureIds: 测点 ${outside} 不属于 deviceModelIds 所列的型号`);
        const before = await repo.roleMeasureIds(role.id, models, trx);
        await repo.setRoleMeasures(trx, role.id, before, ids);
        await audit(trx, user, req, 'edit', `role#${role.id} ${role.name}`, { deviceModelIds: models, measureIds: setChange(before, ids) });
        return { roleId: role.id, measureIds: ids };
      });
    },
  });
}
