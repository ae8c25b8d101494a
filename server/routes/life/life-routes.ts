import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { finalResistancePa } from '../../../contract/analysis/filter-life';
import { testLifeFormula, type LifeFormulaError } from '../../../contract/analysis/life-formula';
import { IdParam } from '../../../contract/envelope';
import {
  FilterAlgBody, FilterModel, FilterPage, FilterQuery, FilterSettingBody, FilterType, FilterTypeList, LifeAnalyzePage, LifeAnalyzeQuery,
  LifeFormula, LifeFormulaList, LifeFormulaTestResult, LifeTrend, LifeTrendQuery, RecalcBody, RecalcResult, SaveFilterBody,
  SaveFilterTypeBody, SaveLifeFormulaBody, TestLifeFormulaBody, type LifeFormulaTestResult as TestResult,
} from '../../../contract/life';
import { Right } from '../../../contract/rights';
import { lifeSettingsOf, pruneLifeDays, recalcDeviceLife, resistanceTrendLine } from '../../analysis/life/life-service';
import type { AppDeps } from '../../deps';
import { pushMessagesTo } from '../../gateway/upgrade-items';
import { badRequest, conflict, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { LifeRepository } from './life-repository';

/** The life recalculation runs this often in the server, and first this long after start. */
export const LIFE_RECALC_INTERVAL_MS = 3_600_000;
const FIRST_RECALC_MS = 120_000;
const STALE = '数据已被他人修改，请刷新后重试';

/** The position (0-based) a formula error points at: the parser's, or the first unknown name's. */
function errorPosition(source: string, e: LifeFormulaError): number | null {
  const at = /\(at (\d+)\)\s*$/.exec(e.error);
  if (at) return Number(at[1]);
  if (e.unknown?.length) {
    const m = new RegExp(`(^|[^\\w$])${e.unknown[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w$])`).exec(source);
    if (m) return m.index + m[1].length;
  }
  return null;
}

/** A formula's test run as the API answers it: the result, or the error with its position. */
export function formulaTest(source: string, sample: Parameters<typeof testLifeFormula>[1]): TestResult {
  const r = testLifeFormula(source, sample);
  if (r.ok) return { ok: true, usedPercent: r.usedPercent, uses: [...r.uses] };
  const position = errorPosition(source, r);
  const where = position === null ? '' : `第 ${position + 1} 个字符处：`;
  return {
    ok: false, code: r.code, position, ...(r.unknown ? { unknown: [...r.unknown] } : {}),
    error: position === null ? r.error : `at character ${position + 1}: ${r.error.replace(/\s*\(at \d+\)\s*$/, '')}`,
    errorZh: `${where}${r.errorZh.replace(/\s*\(at \d+\)\s*$/, '')}`,
  };
}

/**
 * The life analysis family of `/app-api` (issue 20; server/analysis/life/README.md): filter types,
 * filter models with their life settings and algorithm (t_filter alg, setting), life formulas
 * with test runs, the devices' life (t_device/life-analyze, life-trend) and its recalculation
 * (t_device/recalc-devlife), all under the life-analysis right, devices within the caller's data
 * scope. Also runs the hourly recalculation (disposed on close).
 */
export function registerLifeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, hub } = deps;
  const repo = new LifeRepository(db);
  const onMessage = pushMessagesTo(hub);
  const access = Right.LifeAnalysis;

  let running: Promise<unknown> | null = null;
  /** One recalculation at a time per server; a second caller waits for it, then runs its own. */
  const recalc = async (deviceIds?: number[]) => {
    while (running) await running.catch(() => undefined);
    const job = recalcDeviceLife(db, deviceIds, Date.now(), { onMessage });
    running = job;
    try {
      return await job;
    } finally {
      running = null;
    }
  };
  const tick = async () => {
    try {
      await recalc();
      await pruneLifeDays(db, Date.now());
    } catch (err) {
      app.log.error({ err }, 'life recalculation failed');
    }
  };
  const every = (deps.config.lifeRecalcMinutes ?? LIFE_RECALC_INTERVAL_MS / 60_000) * 60_000;
  let timer: NodeJS.Timeout | null = every > 0 ? setTimeout(function next() {
    void tick().finally(() => {
      if (timer) timer = setTimeout(next, every).unref();
    });
  }, Math.min(FIRST_RECALC_MS, every)).unref() : null;
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    await running?.catch(() => undefined);
  });
  /** Recomputes the devices of filter models after their settings changed. */
  const recalcModels = async (filterIds: number[]) => {
    const ids = await repo.devicesOfFilters(filterIds);
    if (ids.length) await recalc(ids);
  };

  // ---- filter types ----------------------------------------------------------------------------

  endpoint(app, db, { method: 'GET', url: '/t_filter_type', access, response: FilterTypeList, handler: () => repo.filterTypes() });
  endpoint(app, db, {
    method: 'POST', url: '/t_filter_type/save', access, tenancy: 'platform', body: SaveFilterTypeBody, response: FilterType,
    async handler({ body }) {
      if (body.id && !(await repo.filterType(body.id))) throw notFound('滤材类型');
      if (await repo.codeTaken('t_filter_type', body.code, body.id)) throw badRequest(`body.code: 编码“${body.code}”已存在`);
      const id = await repo.saveFilterType(body, Date.now());
      if (id === null) throw conflict(STALE);
      return (await repo.filterType(id))!;
    },
  });
  endpoint(app, db, {
    method: 'POST', url: '/t_filter_type/del/:id', access, tenancy: 'platform', params: IdParam, response: z.literal(true),
    async handler({ params }) {
      if (!(await repo.filterType(params.id))) throw notFound('滤材类型');
      if (await repo.filterTypeInUse(params.id)) throw conflict('该类型下还有滤材型号，不能删除');
      await repo.deleteFilterType(params.id);
      return true as const;
    },
  });

  // ---- life formulas ---------------------------------------------------------------------------

  endpoint(app, db, { method: 'GET', url: '/t_life_formula', access, response: LifeFormulaList, handler: () => repo.formulas() });
  endpoint(app, db, {
    method: 'POST', url: '/t_life_formula/test', access, tenancy: 'self', body: TestLifeFormulaBody, response: LifeFormulaTestResult,
    handler: ({ body }) => formulaTest(body.source, body.sample),
  });
  endpoint(app, db, {
    method: 'POST', url: '/t_life_formula/save', access, tenancy: 'platform', body: SaveLifeFormulaBody, response: LifeFormula,
    async handler({ body, user }) {
      if (body.id && !(await repo.formulaExists(body.id))) throw notFound('寿命公式');
      const test = formulaTest(body.source, {});
      // A formula that cannot run on the sample values is refused (a missing value is not its fault).
      if (!test.ok && test.code !== 'missing-value') throw badRequest(`body.source: ${test.errorZh}`);
      const id = await repo.saveFormula(body, user.id, Date.now());
      if (id === null) throw conflict(STALE);
      if (body.id) await recalcModels(await repo.filtersOfFormula(id));
      return (await repo.formulas(id))[0];
    },
  });
  endpoint(app, db, {
    method: 'POST', url: '/t_life_formula/del/:id', access, tenancy: 'platform', params: IdParam, response: z.literal(true),
    async handler({ params }) {
      if (!(await repo.formulaExists(params.id))) throw notFound('寿命公式');
      if ((await repo.filtersOfFormula(params.id)).length) throw conflict('该公式已分配给滤材型号，不能删除');
      await repo.deleteFormula(params.id);
      return true as const;
    },
  });

  // ---- filter models ---------------------------------------------------------------------------

  endpoint(app, db, { method: 'GET', url: '/t_filter', access, query: FilterQuery, response: FilterPage, handler: ({ query }) => repo.filters(query) });
  endpoint(app, db, {
    method: 'GET', url: '/t_filter/all', access, response: z.array(FilterModel), handler: async () => (await repo.filters(null)).list,
  });
  endpoint(app, db, {
    method: 'GET', url: '/t_filter/:id', access, params: IdParam, response: FilterModel,
    async handler({ params }) {
      const found = await repo.filter(params.id);
      if (!found) throw notFound('滤材型号');
      return found;
    },
  });
  /** The references of a model's save exist: 404 for a missing type, 400 naming the field otherwise. */
  const checkRefs = async (b: { filterTypeId?: number; supplierOrgId?: number | null; formulaId?: number | null }) => {
    if (b.filterTypeId !== undefined && !(await repo.filterType(b.filterTypeId))) throw badRequest(`body.filterTypeId: 滤材类型 ${b.filterTypeId} 不存在`);
    if (b.supplierOrgId && !(await repo.orgExists(b.supplierOrgId))) throw badRequest(`body.supplierOrgId: 组织 ${b.supplierOrgId} 不存在`);
    if (b.formulaId && !(await repo.formulaExists(b.formulaId))) throw badRequest(`body.formulaId: 寿命公式 ${b.formulaId} 不存在`);
  };
  endpoint(app, db, {
    method: 'POST', url: '/t_filter/save', access, tenancy: 'platform', body: SaveFilterBody, response: FilterModel,
    async handler({ body }) {
      if (body.id && !(await repo.filter(body.id))) throw notFound('滤材型号');
      await checkRefs(body);
      if (await repo.codeTaken('t_filter', body.code, body.id)) throw badRequest(`body.code: 编码“${body.code}”已存在`);
      const id = await repo.saveFilter(body, Date.now());
      if (id === null) throw conflict(STALE);
      await recalcModels([id]);
      return (await repo.filter(id))!;
    },
  });
  endpoint(app, db, {
    method: 'POST', url: '/t_filter/alg', access, tenancy: 'platform', body: FilterAlgBody, response: FilterModel,
    async handler({ body }) {
      const found = await repo.filter(body.id);
      if (!found) throw notFound('滤材型号');
      await checkRefs({ formulaId: body.formulaId });
      if (body.alg === 'dust' && found.dustCapacityG === null) throw badRequest('body.alg: 容尘量算法需要先设置额定容尘量');
      await repo.setAlg(body.id, body.alg, body.formulaId, Date.now());
      await recalcModels([body.id]);
      return (await repo.filter(body.id))!;
    },
  });
  endpoint(app, db, {
    method: 'POST', url: '/t_filter/setting', access, tenancy: 'platform', body: FilterSettingBody, response: FilterModel,
    async handler({ body }) {
      const found = await repo.filter(body.id);
      if (!found) throw notFound('滤材型号');
      if (found.alg === 'dust' && body.dustCapacityG === null) throw badRequest('body.dustCapacityG: 容尘量算法需要额定容尘量');
      await repo.setSetting(body.id, body, Date.now());
      await recalcModels([body.id]);
      return (await repo.filter(body.id))!;
    },
  });
  endpoint(app, db, {
    method: 'POST', url: '/t_filter/del/:id', access, tenancy: 'platform', params: IdParam, response: z.literal(true),
    async handler({ params }) {
      if (!(await repo.filter(params.id))) throw notFound('滤材型号');
      if (await repo.filterInUse(params.id)) throw conflict('还有设备安装了该滤材型号，不能删除');
      await repo.deleteFilter(params.id);
      return true as const;
    },
  });

  // ---- devices' life ---------------------------------------------------------------------------

  endpoint(app, db, {
    method: 'POST', url: '/t_device/recalc-devlife', access, tenancy: 'subtree', body: RecalcBody, response: RecalcResult,
    async handler({ body, user }) {
      const ids = await repo.visibleFilterDevices(user, body.deviceIds);
      if (body.deviceIds) {
        const seen = new Set(ids);
        const missing = body.deviceIds.find((id) => !seen.has(id));
        // A device out of scope answers as one that does not exist (or holds no filter).
        if (missing !== undefined) throw notFound(`设备 ${missing} 的滤材`);
      }
      const t0 = performance.now();
      const r = ids.length ? await recalc(ids) : { computed: 0, warned: 0 };
      return { ...r, ms: Math.round(performance.now() - t0) };
    },
  });
  endpoint(app, db, {
    method: 'GET', url: '/t_device/life-analyze', access, query: LifeAnalyzeQuery, response: LifeAnalyzePage,
    handler: ({ query, user }) => repo.lifeRows(user, query, Date.now()),
  });
  endpoint(app, db, {
    method: 'GET', url: '/t_device/life-trend', access, query: LifeTrendQuery, response: LifeTrend,
    async handler({ query, user }) {
      const now = Date.now();
      const row = await repo.lifeRow(user, query.deviceId, now);
      if (!row) throw notFound('设备的滤材');
      const f = (await repo.filterSettingsOfDevice(query.deviceId))!;
      const settings = lifeSettingsOf(f);
      const cycleStart = (await repo.cycleStart(query.deviceId)) ?? row.installedAt;
      const days = await repo.resistanceDays(query.deviceId, Math.min(cycleStart, row.installedAt) - 4 * 86_400_000, now);
      const until = row.reason === 'trend' && row.predictedAt !== null ? Math.max(now, row.predictedAt) : now;
      return {
        deviceId: query.deviceId, cycleStart, initialPa: settings.initialPa, finalPa: finalResistancePa(settings), days,
        fit: resistanceTrendLine(days, cycleStart, until), row,
      };
    },
  });
}
