import { z } from 'zod';
import { IntList, Id, PageQuery, QueryId, paged } from './envelope';
import { LIFE_FORMULA_VARIABLES, type LifeVariable } from './analysis/life-formula';
import type { Text } from './resources/kit';

/**
 * Filter models, their life settings and the devices' life predictions (issue 20, life analysis;
 * `/app-api` families t_filter_type, t_filter (alg, setting), t_life_formula and
 * t_device (recalc-devlife, life-analyze); server/analysis/life/README.md).
 */

/** How a filter model's life is predicted: whichever comes first of its criteria (service days always count). */
export const FILTER_ALGS = ['auto', 'trend', 'dust', 'formula'] as const;
export type FilterAlg = (typeof FILTER_ALGS)[number];
export const FILTER_ALG_TEXT: Readonly<Record<FilterAlg, Text>> = {
  auto: { zh: '自动（阻力趋势、容尘量、使用天数取先到者）', en: 'Auto (resistance trend, dust load or service days, whichever first)' },
  trend: { zh: '阻力趋势', en: 'Resistance trend' },
  dust: { zh: '容尘量', en: 'Dust load' },
  formula: { zh: '自定义公式', en: 'Custom formula' },
};

/** What decided a device's predicted date. */
export const LIFE_REASONS = ['trend', 'dust', 'days', 'formula'] as const;
export type LifeReasonCode = (typeof LIFE_REASONS)[number];
export const LIFE_REASON_CODE_TEXT: Readonly<Record<LifeReasonCode, Text>> = {
  trend: { zh: '阻力达到终阻力', en: 'Resistance reaches the final resistance' },
  dust: { zh: '容尘量达到额定容尘量', en: 'Dust load reaches the capacity' },
  days: { zh: '达到最长使用天数', en: 'Maximum service days reached' },
  formula: { zh: '自定义公式达到 100%', en: 'Custom formula reaches 100 %' },
};

const text = (max: number) => z.string().trim().max(max);
const positive = z.number().finite().positive();

// ---- filter types ------------------------------------------------------------------------------

export const FilterType = z.object({ id: z.number().int(), code: z.string(), name: z.string(), remark: z.string(), sortOrder: z.number().int(), version: z.number().int() });
export type FilterType = z.infer<typeof FilterType>;
export const FilterTypeList = z.array(FilterType);
export const SaveFilterTypeBody = z.object({
  id: Id.optional(), version: z.number().int().optional(),
  code: text(40).min(1), name: text(40).min(1), remark: text(200).default(''), sortOrder: z.number().int().min(0).max(9999).default(0),
});
export type SaveFilterTypeBody = z.infer<typeof SaveFilterTypeBody>;

// ---- life formulas -----------------------------------------------------------------------------

export const LifeFormula = z.object({
  id: z.number().int(), name: z.string(), source: z.string(), remark: z.string(), version: z.number().int(),
  /** Filter models that use it. */
  filterCount: z.number().int(), updatedAt: z.number(),
});
export type LifeFormula = z.infer<typeof LifeFormula>;
export const LifeFormulaList = z.array(LifeFormula);
export const SaveLifeFormulaBody = z.object({
  id: Id.optional(), version: z.number().int().optional(),
  name: text(60).min(1), source: z.string().max(500).refine((s) => s.trim().length > 0, 'must not be empty'), remark: text(200).default(''),
});
export type SaveLifeFormulaBody = z.infer<typeof SaveLifeFormulaBody>;

const LIFE_VARIABLE_NAMES = Object.keys(LIFE_FORMULA_VARIABLES) as [LifeVariable, ...LifeVariable[]];
/** Sample values of a test run (any left out take LIFE_FORMULA_SAMPLE's). */
export const LifeFormulaSample = z.partialRecord(z.enum(LIFE_VARIABLE_NAMES), z.number().finite());
export const TestLifeFormulaBody = z.object({ source: z.string().max(500), sample: LifeFormulaSample.default({}) });
export type TestLifeFormulaBody = z.infer<typeof TestLifeFormulaBody>;
/** A test run: the used life, or the error (code, en/zh text, position when known). */
export const LifeFormulaTestResult = z.union([
  z.object({ ok: z.literal(true), usedPercent: z.number(), uses: z.array(z.string()) }),
  z.object({ ok: z.literal(false), code: z.string(), error: z.string(), errorZh: z.string(), position: z.number().int().nullable(), unknown: z.array(z.string()).optional() }),
]);
export type LifeFormulaTestResult = z.infer<typeof LifeFormulaTestResult>;

// ---- filter models -----------------------------------------------------------------------------

/** A filter model's life settings as stored (SPEC `t_filter` setting). */
export const FilterSetting = z.object({
  initialPa: positive.max(10_000),
  /** Fixed final resistance (Pa); null: `finalMultiple` × initial. */
  finalPa: positive.max(20_000).nullable(),
  finalMultiple: z.number().finite().gt(1).max(20).nullable(),
  ratedAirM3h: positive.max(1_000_000),
  dustCapacityG: positive.max(10_000_000).nullable(),
  captureEfficiency: z.number().finite().min(0).max(1),
  maxDays: z.number().int().positive().max(3650).nullable(),
  warnDays: z.number().int().min(0).max(365),
});
export type FilterSetting = z.infer<typeof FilterSetting>;

export const FilterModel = FilterSetting.extend({
  id: z.number().int(), code: z.string(), name: z.string(), filterTypeId: z.number().int(), filterTypeName: z.string(),
  supplierOrgId: z.number().int().nullable(), supplierName: z.string().nullable(), leadDays: z.number().int(), unitPrice: z.number(),
  alg: z.enum(FILTER_ALGS), formulaId: z.number().int().nullable(), formulaName: z.string().nullable(), remark: z.string(),
  /** Devices holding it. */
  deviceCount: z.number().int(), version: z.number().int(),
});
export type FilterModel = z.infer<typeof FilterModel>;
export const FilterQuery = PageQuery.extend({ keyword: z.string().trim().max(60).optional(), filterTypeId: QueryId.optional() });
export const FilterPage = paged(FilterModel);

const SaveFilterFields = z.object({
  id: Id.optional(), version: z.number().int().optional(),
  code: text(40).min(1), name: text(60).min(1), filterTypeId: Id, supplierOrgId: Id.nullable().default(null),
  leadDays: z.number().int().min(0).max(365).default(7), unitPrice: z.number().finite().min(0).max(1_000_000).default(0),
  alg: z.enum(FILTER_ALGS).default('auto'), formulaId: Id.nullable().default(null), remark: text(200).default(''),
});
/** Cross-field rules of a filter model's settings; each names its field. */
function checkSetting(v: FilterSetting & { alg?: FilterAlg; formulaId?: number | null }, ctx: z.RefinementCtx): void {
  if (v.finalPa === null && v.finalMultiple === null) ctx.addIssue({ code: 'custom', path: ['finalPa'], message: 'a final resistance (Pa) or a multiple is required' });
  if (v.finalPa !== null && !(v.finalPa > v.initialPa)) ctx.addIssue({ code: 'custom', path: ['finalPa'], message: 'must be above the initial resistance' });
  if (v.alg === 'formula' && !v.formulaId) ctx.addIssue({ code: 'custom', path: ['formulaId'], message: 'the formula algorithm needs a formula' });
  if (v.alg === 'dust' && v.dustCapacityG === null) ctx.addIssue({ code: 'custom', path: ['dustCapacityG'], message: 'the dust algorithm needs a dust-holding capacity' });
}
export const SaveFilterBody = SaveFilterFields.extend(FilterSetting.shape).superRefine(checkSetting);
export type SaveFilterBody = z.infer<typeof SaveFilterBody>;

/** POST t_filter/alg: a model's algorithm (and formula). */
export const FilterAlgBody = z.object({ id: Id, alg: z.enum(FILTER_ALGS), formulaId: Id.nullable().default(null) }).superRefine((v, ctx) => {
  if (v.alg === 'formula' && !v.formulaId) ctx.addIssue({ code: 'custom', path: ['formulaId'], message: 'the formula algorithm needs a formula' });
});
/** POST t_filter/setting: a model's life settings. */
export const FilterSettingBody = FilterSetting.extend({ id: Id }).superRefine(checkSetting);

// ---- life analysis -----------------------------------------------------------------------------

export const RecalcBody = z.object({ deviceIds: z.array(Id).max(10_000).optional() });
export const RecalcResult = z.object({ computed: z.number().int(), warned: z.number().int(), ms: z.number() });

export const LIFE_STATES = ['due', 'warning', 'ok', 'unknown'] as const;
export type LifeState = (typeof LIFE_STATES)[number];
export const LifeAnalyzeQuery = PageQuery.extend({
  projectId: QueryId.optional(), filterId: QueryId.optional(), filterTypeId: QueryId.optional(), deviceIds: IntList.optional(),
  keyword: z.string().trim().max(60).optional(), state: z.enum(LIFE_STATES).optional(),
  /** Predicted on or before (epoch ms). */
  dueBefore: z.coerce.number().int().min(0).optional(),
  order: z.enum(['predicted', 'used', 'device']).default('predicted'),
});
export type LifeAnalyzeQuery = z.infer<typeof LifeAnalyzeQuery>;

export const DeviceLifeRow = z.object({
  deviceId: z.number().int(), deviceName: z.string(), deviceCode: z.string(), projectId: z.number().int().nullable(), projectName: z.string().nullable(),
  filterId: z.number().int(), filterName: z.string(), filterCode: z.string(), filterTypeName: z.string(), quantity: z.number().int(),
  installedAt: z.number(), alg: z.enum(FILTER_ALGS), warnDays: z.number().int(),
  /** Used life 0…1 (may pass 1 when overdue); null: not predicted. */
  usedRatio: z.number().nullable(), predictedAt: z.number().nullable(), intervalLow: z.number().nullable(), intervalHigh: z.number().nullable(),
  reason: z.enum(LIFE_REASONS).nullable(), state: z.enum(LIFE_STATES), computedAt: z.number().nullable(), warnedAt: z.number().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type DeviceLifeRow = z.infer<typeof DeviceLifeRow>;
export const LifeAnalyzePage = paged(DeviceLifeRow);

/** One device's resistance trend for the chart: daily means of the cycle, the fit and the final resistance. */
export const LifeTrendQuery = z.object({ deviceId: QueryId });
export const LifeTrend = z.object({
  deviceId: z.number().int(), cycleStart: z.number().nullable(), finalPa: z.number(), initialPa: z.number(),
  days: z.array(z.object({ day: z.number(), pa: z.number().nullable() })),
  /** The fitted line from the cycle start to the predicted date (empty without a trend). */
  fit: z.array(z.object({ t: z.number(), pa: z.number() })),
  row: DeviceLifeRow,
});
export type LifeTrend = z.infer<typeof LifeTrend>;
