import { sql, type Insertable, type Kysely } from 'kysely';
import { DAY_MS, analyzeFilterLife, type FilterDay, type FilterLifeAnalysis, type FilterLifeSettings } from '../../../contract/analysis/filter-life';
import { blockMedians, fitTrend, trendAt } from '../../../contract/analysis/robust-fit';
import { compileLifeFormula, lifeFormulaVariables, remainingDaysFromUsedPercent, runLifeFormula } from '../../../contract/analysis/life-formula';
import { SITE_UTC_OFFSET_MINUTES } from '../../../contract/constants';
import { MeasureTag, MessageType } from '../../../contract/enums';
import type { FilterAlg, LifeReasonCode } from '../../../contract/life';
import type { DB } from '../../db/schema';
import { AlarmRecipients } from '../../telemetry/alarm-recipients';
import type { MessageEvent } from '../../telemetry/telemetry-events';

/**
 * Filter life of the devices (issue 20; README.md beside): daily means folded from the hourly
 * rollups into t_device_life_day, the current life cycle since the installation (or a detected
 * replacement), the model's criteria (contract/analysis/filter-life.ts, life-formula.ts) and the
 * result in t_device_life; the life alarm (message type 8) once per cycle.
 */

/** Devices read and written per statement. */
const BATCH = 500;
/** The site's day starts at local midnight. */
const OFFSET_MS = SITE_UTC_OFFSET_MINUTES * 60_000;
/** Days folded from the hourly rollups for a device seen the first time (the rollups keep less). */
const FIRST_FOLD_DAYS = 366;
/** Days of a detected cycle read again before its start (replacement detection looks 3 readings back). */
const CYCLE_MARGIN_DAYS = 4;

/** Start (epoch ms) of the site day `t` falls in. */
export const siteDayStart = (t: number) => Math.floor((t + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;

/** A t_filter row's life settings in the contract's terms. */
export interface FilterSettingsRow {
  initial_pa: number; final_pa: number | null; final_multiple: number | null; rated_air_m3h: number; dust_capacity_g: number | null;
  capture_efficiency: number; max_days: number | null; warn_days: number;
}
export function lifeSettingsOf(f: FilterSettingsRow): FilterLifeSettings {
  return {
    initialPa: Number(f.initial_pa),
    finalResistance: f.final_pa !== null ? { kind: 'fixed', pa: Number(f.final_pa) } : { kind: 'multiple', factor: Number(f.final_multiple ?? 3) },
    ratedAirVolumeM3h: Number(f.rated_air_m3h),
    dustCapacityG: f.dust_capacity_g === null ? null : Number(f.dust_capacity_g),
    captureEfficiency: Number(f.capture_efficiency),
    maxServiceDays: f.max_days === null ? null : Number(f.max_days),
    warningDays: Number(f.warn_days),
  };
}

/** One device's prediction as stored. */
export interface LifePrediction {
  usedRatio: number | null;
  predictedAt: number | null;
  intervalLow: number | null;
  intervalHigh: number | null;
  reason: LifeReasonCode | null;
  remainingDays: number | null;
  cycleStart: number | null;
  detail: Record<string, unknown>;
}

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * The prediction of one filter from its days by its model's algorithm: the contract's analysis
 * (resistance trend, dust, service days), restricted to the algorithm's criteria, or the user
 * formula's used life; the service-days limit always counts; whichever comes first.
 */
export function predictLife(
  days: readonly FilterDay[], settings: FilterLifeSettings, alg: FilterAlg, formulaSource: string | null,
  options: { now: number; installedAt: number },
): { prediction: LifePrediction; analysis: FilterLifeAnalysis } {
  const analysis = analyzeFilterLife(days, settings, { now: options.now, replacedAt: [options.installedAt] });
  const detail: Record<string, unknown> = { ageDays: round(analysis.ageDays), replacements: analysis.replacements.filter((t) => t !== options.installedAt) };
  const r = analysis.resistance;
  if (r.ok) Object.assign(detail, { model: r.model, currentPa: round(r.currentPa, 1), finalPa: round(r.finalPa, 1), slopePaPerDay: round(r.slopePaPerDay, 3), points: r.points, resistancePercent: round(r.usedPercent, 1) });
  else detail.resistance = r.reason;
  const d = analysis.dust;
  if (d.ok) Object.assign(detail, { accumulatedG: round(d.accumulatedG, 1), capacityG: d.capacityG, gramsPerDay: round(d.gramsPerDay, 2), dustPercent: round(d.usedPercent, 1) });
  else detail.dust = d.reason;
  if (!analysis.serviceDays.ok) detail.serviceDays = analysis.serviceDays.reason;

  type Candidate = { reason: LifeReasonCode; remaining: number; used: number | null; low: number | null; high: number | null };
  const candidates: Candidate[] = [];
  const used = (remaining: number) => {
    const total = analysis.ageDays + remaining;
    return total > 0 ? analysis.ageDays / total : 1;
  };
  if (r.ok && (alg === 'auto' || alg === 'trend')) {
    candidates.push({ reason: 'trend', remaining: r.remainingDays, used: used(r.remainingDays), low: r.earliest, high: r.latest });
  }
  if (d.ok && (alg === 'auto' || alg === 'dust')) candidates.push({ reason: 'dust', remaining: d.remainingDays, used: used(d.remainingDays), low: null, high: null });
  if (analysis.serviceDays.ok) {
    const s = analysis.serviceDays;
    candidates.push({ reason: 'days', remaining: s.remainingDays, used: used(s.remainingDays), low: null, high: null });
  }
  if (alg === 'formula') {
    const compiled = formulaSource === null ? null : compileLifeFormula(formulaSource);
    if (!compiled) detail.formulaError = { code: 'no-formula', error: 'no formula assigned', errorZh: '未指定公式' };
    else if (!compiled.ok) detail.formulaError = { code: compiled.code, error: compiled.error, errorZh: compiled.errorZh };
    else {
      const run = runLifeFormula(compiled.formula, lifeFormulaVariables(analysis, settings, days));
      if (!run.ok) detail.formulaError = { code: run.code, error: run.error, errorZh: run.errorZh };
      else {
        detail.formulaPercent = round(run.usedPercent, 1);
        const remaining = remainingDaysFromUsedPercent(run.usedPercent, analysis.ageDays);
        if (remaining !== null) candidates.push({ reason: 'formula', remaining, used: Math.max(0, run.usedPercent) / 100, low: null, high: null });
        else detail.formula = 'flat';
      }
    }
  }
  let best: Candidate | null = null;
  for (const c of candidates) if (best === null || c.remaining < best.remaining) best = c;
  const at = (remaining: number) => Math.round(analysis.asOf + remaining * DAY_MS);
  const prediction: LifePrediction = best === null
    ? { usedRatio: null, predictedAt: null, intervalLow: null, intervalHigh: null, reason: null, remainingDays: null, cycleStart: analysis.cycleStart, detail }
    : {
      usedRatio: best.used === null ? null : round(best.used, 4),
      predictedAt: at(best.remaining),
      intervalLow: Math.round(best.low ?? at(best.remaining)),
      intervalHigh: best.reason === 'trend' ? (best.high === null ? null : Math.round(best.high)) : at(best.remaining),
      reason: best.reason,
      remainingDays: round(best.remaining, 2),
      cycleStart: analysis.cycleStart,
      detail,
    };
  return { prediction, analysis };
}

/**
 * The fitted resistance line of a cycle for the trend chart: the same robust fit the analysis
 * makes (40 block medians, Theil–Sen line or offset exponential), sampled daily from the cycle
 * start to `until`; empty when no trend can be fitted.
 */
export function resistanceTrendLine(days: readonly { day: number; pa: number | null }[], cycleStart: number, until: number): { t: number; pa: number }[] {
  const points = days.filter((d) => d.day >= cycleStart && d.pa !== null && d.pa > 0).map((d) => ({ x: (d.day - cycleStart) / DAY_MS, y: d.pa! }));
  if (points.length < 7) return [];
  const trend = fitTrend(blockMedians(points, 40));
  if (!trend) return [];
  const out: { t: number; pa: number }[] = [];
  const end = Math.max(0, (until - cycleStart) / DAY_MS);
  const step = Math.max(1, Math.ceil(end / 400));
  for (let x = 0; x < end; x += step) out.push({ t: cycleStart + x * DAY_MS, pa: round(trendAt(trend, x), 1) });
  out.push({ t: cycleStart + end * DAY_MS, pa: round(trendAt(trend, end), 1) });
  return out;
}

// ---- daily means -------------------------------------------------------------------------------

/**
 * Folds the hourly rollups of `deviceIds` into t_device_life_day: for each device from the start
 * of its last stored day (that day is folded again: it was partial), or FIRST_FOLD_DAYS back.
 * Per day: the mean of the device's first resistance point, of its first air-volume point, the
 * highest PM10 mean among its PM10 points (else PM2.5: the upstream side is the dirtier one), and
 * the hours its fan ran (hours whose air volume rose above 0; null without an air-volume point).
 */
export async function foldLifeDays(db: Kysely<DB>, deviceIds: readonly number[], now: number): Promise<void> {
  if (!deviceIds.length) return;
  const last = await db.selectFrom('t_device_life_day').select(['device_id', (eb) => eb.fn.max('day').as('day')])
    .where('device_id', 'in', [...deviceIds]).groupBy('device_id').execute();
  const lastOf = new Map(last.map((r) => [Number(r.device_id), Number(r.day)]));
  // Devices sharing a start are folded by one statement (after the first run: all of them).
  const byStart = new Map<number, number[]>();
  const fresh = siteDayStart(now) - FIRST_FOLD_DAYS * DAY_MS;
  for (const id of deviceIds) {
    const from = lastOf.get(id) ?? fresh;
    byStart.set(from, [...(byStart.get(from) ?? []), id]);
  }
  // Integer division on both databases: literals, not bound parameters (SQLite binds numbers as reals).
  const dayIndex = sql<number>`(h.bucket + ${sql.lit(OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
  for (const [from, ids] of byStart) {
    const rows = await db.selectFrom('t_history_measure_1h as h').innerJoin('t_measure as m', 'm.id', 'h.measure_id')
      .select([
        'h.device_id', 'h.measure_id', 'm.tag_id',
        dayIndex.as('day_index'),
        (eb) => eb.fn.sum<number>('h.sum_value').as('total'),
        (eb) => eb.fn.sum<number>('h.sample_count').as('samples'),
        sql<number>`sum(case when h.max_value > 0 then 1 else 0 end)`.as('running'),
      ])
      .where('h.device_id', 'in', ids).where('h.bucket', '>=', from).where('h.bucket', '<=', now)
      .where('m.tag_id', 'in', [MeasureTag.Resistance, MeasureTag.AirVolume, MeasureTag.PM10, MeasureTag.PM25])
      .groupBy(['h.device_id', 'h.measure_id', 'm.tag_id', dayIndex])
      .execute();
    type Day = { device_id: number; day: number; resistance_pa: number | null; air_m3h: number | null; upstream_pm: number | null; run_hours: number | null };
    const days = new Map<string, Day & { rId: number; aId: number; pm10: boolean }>();
    for (const row of rows) {
      const samples = Number(row.samples);
      if (!(samples > 0)) continue;
      const deviceId = Number(row.device_id);
      const day = Number(row.day_index) * DAY_MS - OFFSET_MS;
      const key = `${deviceId}:${day}`;
      let d = days.get(key);
      if (!d) {
        d = { device_id: deviceId, day, resistance_pa: null, air_m3h: null, upstream_pm: null, run_hours: null, rId: Infinity, aId: Infinity, pm10: false };
        days.set(key, d);
      }
      const mean = Number(row.total) / samples;
      const measureId = Number(row.measure_id);
      const tag = Number(row.tag_id);
      if (tag === MeasureTag.Resistance && measureId < d.rId) {
        d.rId = measureId;
        d.resistance_pa = round(mean, 2);
      } else if (tag === MeasureTag.AirVolume && measureId < d.aId) {
        d.aId = measureId;
        d.air_m3h = round(mean, 1);
        d.run_hours = Number(row.running);
      } else if (tag === MeasureTag.PM10) {
        if (!d.pm10 || mean > (d.upstream_pm ?? -Infinity)) d.upstream_pm = round(mean, 2);
        d.pm10 = true;
      } else if (tag === MeasureTag.PM25 && !d.pm10 && mean > (d.upstream_pm ?? -Infinity)) {
        d.upstream_pm = round(mean, 2);
      }
    }
    const values = [...days.values()].map(({ rId: _r, aId: _a, pm10: _p, ...d }) => d);
    for (let i = 0; i < values.length; i += BATCH) {
      await db.insertInto('t_device_life_day').values(values.slice(i, i + BATCH))
        .onConflict((oc) => oc.columns(['device_id', 'day']).doUpdateSet((eb) => ({
          resistance_pa: eb.ref('excluded.resistance_pa'), air_m3h: eb.ref('excluded.air_m3h'),
          upstream_pm: eb.ref('excluded.upstream_pm'), run_hours: eb.ref('excluded.run_hours'),
        })))
        .execute();
    }
  }
}

/** Drops daily means older than `keepDays` (the hourly job). */
export async function pruneLifeDays(db: Kysely<DB>, now: number, keepDays = 400): Promise<void> {
  await db.deleteFrom('t_device_life_day').where('day', '<', now - keepDays * DAY_MS).execute();
}

// ---- recalculation ----------------------------------------------------------------------------

export interface RecalcOptions {
  /** Each life alarm written (one per device and cycle), for the hub. */
  onMessage?: (event: MessageEvent) => void;
  /** Skip folding the hourly rollups (the days are already there: the bench, tests). */
  skipFold?: boolean;
}

const recipients = new AlarmRecipients();

/** Ids of the devices that hold a filter, in id order. */
async function filterDeviceIds(db: Kysely<DB>): Promise<number[]> {
  return (await db.selectFrom('t_device_filter').select('device_id').orderBy('device_id').execute()).map((r) => r.device_id);
}

/**
 * Recomputes the life of `deviceIds` (default: every device that holds a filter) as of `now`
 * and stores it in t_device_life; sends the life alarm of a cycle the first time its remaining
 * days drop to the model's warning days. Reads in batches of BATCH devices: their settings and
 * their days, one query each (readCycleDays).
 */
export async function recalcDeviceLife(
  db: Kysely<DB>, deviceIds?: number[], now: number = Date.now(), options: RecalcOptions = {},
): Promise<{ computed: number; warned: number }> {
  const ids = deviceIds ? [...new Set(deviceIds)].sort((a, b) => a - b) : await filterDeviceIds(db);
  let computed = 0;
  let warned = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    if (!options.skipFold) await foldLifeDays(db, batch, now);
    const r = await recalcBatch(db, batch, now, options);
    computed += r.computed;
    warned += r.warned;
  }
  return { computed, warned };
}

/** Daily values travel as integers in 1/DAY_SCALE of their unit (exact for the fold's 1–2 decimals). */
const DAY_SCALE = 10_000;
/** A nullable real column as the integer text of its scaled value, or `null`. */
const scaledText = (column: string) => sql<string>`coalesce(cast(cast(round(${sql.ref(column)} * ${sql.lit(DAY_SCALE)}) as bigint) as text), 'null')`;

/**
 * The days of each device's current cycle (since its installation, or a little before the
 * replacement last detected in it), in day order. A year of 10,000 filters is 3.65 million rows,
 * and turning rows into JavaScript values is most of a recalculation's time: so each device's days
 * come as one text, the items of a JSON array, five integers a day (day, then resistance, air
 * volume, upstream PM and running hours scaled by DAY_SCALE, `null` for none), aggregated by the
 * database (string_agg: SQLite ≥ 3.44 and PostgreSQL): three times faster to read than a row a day.
 */
async function readCycleDays(db: Kysely<DB>, ids: readonly number[], now: number): Promise<Map<number, FilterDay[]>> {
  const day = sql<string>`cast(x.day as text) || ',' || ${scaledText('x.resistance_pa')} || ',' || ${scaledText('x.air_m3h')}
    || ',' || ${scaledText('x.upstream_pm')} || ',' || ${scaledText('x.run_hours')}`;
  const rows = await db.selectFrom('t_device_life_day as x')
    .innerJoin('t_device_filter as df', 'df.device_id', 'x.device_id')
    .leftJoin('t_device_life as l', 'l.device_id', 'x.device_id')
    // No `order by` inside the aggregate: SQLite's sort of each group costs a third of the read,
    // and its index already gives the days in order; out-of-order days are sorted below.
    .select(['x.device_id', sql<string>`string_agg(${day}, ',')`.as('days')])
    .where('x.device_id', 'in', [...ids])
    .where('x.day', '<=', now)
    .whereRef(sql`x.day + ${DAY_MS}`, '>', 'df.installed_at')
    .where((eb) => eb.or([
      eb('l.cycle_start', 'is', null),
      eb('l.cycle_start', '<=', eb.ref('df.installed_at')),
      eb('x.day', '>=', sql<number>`l.cycle_start - ${CYCLE_MARGIN_DAYS * DAY_MS}`),
    ]))
    .groupBy('x.device_id').execute();
  const unscale = (v: number | null) => (v === null ? null : v / DAY_SCALE);
  const daysOf = new Map<number, FilterDay[]>();
  for (const r of rows) {
    const a = JSON.parse(`[${r.days}]`) as (number | null)[];
    const days: FilterDay[] = new Array(a.length / 5);
    let ordered = true;
    for (let k = 0, i = 0; k < a.length; k += 5, i++) {
      days[i] = { day: a[k]!, resistancePa: unscale(a[k + 1]), airVolumeM3h: unscale(a[k + 2]), upstreamPm: unscale(a[k + 3]), runHours: unscale(a[k + 4]) };
      if (i > 0 && days[i].day < days[i - 1].day) ordered = false;
    }
    if (!ordered) days.sort((p, q) => p.day - q.day);
    daysOf.set(Number(r.device_id), days);
  }
  return daysOf;
}

async function recalcBatch(db: Kysely<DB>, ids: number[], now: number, options: RecalcOptions): Promise<{ computed: number; warned: number }> {
  const devices = await db.selectFrom('t_device_filter as df')
    .innerJoin('t_device as d', 'd.id', 'df.device_id')
    .innerJoin('t_filter as f', 'f.id', 'df.filter_id')
    .leftJoin('t_life_formula as lf', 'lf.id', 'f.formula_id')
    .leftJoin('t_device_life as l', 'l.device_id', 'df.device_id')
    .leftJoin('t_project as p', 'p.id', 'd.project_id')
    .select([
      'df.device_id', 'df.filter_id', 'df.installed_at', 'd.name as device_name', 'd.project_id', 'p.name as project_name',
      'f.name as filter_name', 'f.initial_pa', 'f.final_pa', 'f.final_multiple', 'f.rated_air_m3h', 'f.dust_capacity_g',
      'f.capture_efficiency', 'f.max_days', 'f.warn_days', 'f.alg', 'lf.source as formula_source',
      'l.filter_id as life_filter_id', 'l.cycle_start as life_cycle_start', 'l.warned_at',
    ])
    .where('df.device_id', 'in', ids).execute();
  if (!devices.length) return { computed: 0, warned: 0 };
  // The days of each device's current cycle: since its installation, or a little before the
  // replacement last detected in it.
  const daysOf = await readCycleDays(db, ids, now);

  const rows: Insertable<DB['t_device_life']>[] = [];
  const toWarn: { deviceId: number; projectId: number | null; content: string; data: string }[] = [];
  for (const dev of devices) {
    const installedAt = Number(dev.installed_at);
    const settings = lifeSettingsOf(dev);
    const { prediction: p } = predictLife(daysOf.get(dev.device_id) ?? [], settings, dev.alg as FilterAlg, dev.formula_source ?? null, { now, installedAt });
    // A new cycle (another model, an installation or a detected replacement) may warn again.
    // The warning sent stays with its cycle. A model's new settings clear the stored cycle start
    // (so the cycle is found again from every day since installation): then the warning belongs
    // to the cycle found when that cycle had begun by the time it was sent.
    const sameCycle = dev.life_filter_id === dev.filter_id && p.cycleStart !== null && (dev.life_cycle_start !== null
      ? Number(dev.life_cycle_start) === p.cycleStart
      : dev.warned_at !== null && Number(dev.warned_at) >= p.cycleStart);
    const warnedAt = sameCycle && dev.warned_at !== null ? Number(dev.warned_at) : null;
    rows.push({
      device_id: dev.device_id, filter_id: dev.filter_id, used_ratio: p.usedRatio, predicted_at: p.predictedAt,
      interval_low: p.intervalLow, interval_high: p.intervalHigh, reason: p.reason, cycle_start: p.cycleStart,
      detail: JSON.stringify(p.detail), computed_at: now, warned_at: warnedAt,
    });
    if (warnedAt === null && p.remainingDays !== null && p.remainingDays <= Number(dev.warn_days) && p.predictedAt !== null) {
      const date = new Date(p.predictedAt + OFFSET_MS).toISOString().slice(0, 10);
      const left = Math.max(0, Math.ceil(p.remainingDays));
      toWarn.push({
        deviceId: dev.device_id, projectId: dev.project_id,
        content: left === 0
          ? `设备“${dev.device_name}”的过滤器“${dev.filter_name}”已到使用寿命，请尽快更换`
          : `设备“${dev.device_name}”的过滤器“${dev.filter_name}”预计 ${date} 到达使用寿命（剩余约 ${left} 天），请安排更换`,
        data: JSON.stringify({
          // SPEC §3's alarm data names the point; a filter's life is the filter's, so its name stands there.
          projectName: dev.project_name ?? '', deviceName: dev.device_name, measureName: dev.filter_name, deviceId: dev.device_id, filterId: dev.filter_id,
          filterName: dev.filter_name, predictedAt: p.predictedAt, reason: p.reason, remainingDays: left,
        }),
      });
    }
  }
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insertInto('t_device_life').values(rows.slice(i, i + BATCH))
      .onConflict((oc) => oc.column('device_id').doUpdateSet((eb) => ({
        filter_id: eb.ref('excluded.filter_id'), used_ratio: eb.ref('excluded.used_ratio'), predicted_at: eb.ref('excluded.predicted_at'),
        interval_low: eb.ref('excluded.interval_low'), interval_high: eb.ref('excluded.interval_high'), reason: eb.ref('excluded.reason'),
        cycle_start: eb.ref('excluded.cycle_start'), detail: eb.ref('excluded.detail'), computed_at: eb.ref('excluded.computed_at'),
        warned_at: eb.ref('excluded.warned_at'),
      })))
      .execute();
  }
  let warned = 0;
  for (const w of toWarn) {
    // Claimed by a conditional update: a concurrent recalculation cannot send it twice.
    const claimed = await db.updateTable('t_device_life').set({ warned_at: now }).where('device_id', '=', w.deviceId).where('warned_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const userIds = await recipients.forProject(db, w.projectId);
    if (userIds.length) {
      await db.insertInto('t_history_message')
        .values(userIds.map((user_id) => ({ user_id, type: MessageType.LifeAlarm, content: w.content, data: w.data, created_at: now })))
        .execute();
      options.onMessage?.({ userIds, message: { type: MessageType.LifeAlarm, content: w.content, data: w.data, createdAt: now } });
    }
    warned++;
  }
  return { computed: devices.length, warned };
}

/**
 * An installation: the device's current life cycle starts at `at` (with another model or
 * quantity when given), the cycle's life alarm may be sent again, and its life is recomputed.
 * Throws when the device holds no filter and no `filterId` is given.
 */
export async function startNewLifeCycle(
  db: Kysely<DB>, input: { deviceId: number; filterId?: number; quantity?: number; at: number; by: number | null },
  options: RecalcOptions & { now?: number } = {},
): Promise<void> {
  const { deviceId, filterId, quantity, at, by } = input;
  const found = await db.selectFrom('t_device_filter').select(['filter_id', 'quantity']).where('device_id', '=', deviceId).executeTakeFirst();
  if (found) {
    await db.updateTable('t_device_filter').set({
      installed_at: at, installed_by: by, ...(filterId !== undefined ? { filter_id: filterId } : {}), ...(quantity !== undefined ? { quantity } : {}),
    }).where('device_id', '=', deviceId).execute();
  } else {
    if (filterId === undefined) throw new Error(`device ${deviceId} holds no filter: name the filter model`);
    await db.insertInto('t_device_filter').values({ device_id: deviceId, filter_id: filterId, quantity: quantity ?? 1, installed_at: at, installed_by: by }).execute();
  }
  await db.updateTable('t_device_life').set({ warned_at: null, cycle_start: null }).where('device_id', '=', deviceId).execute();
  await recalcDeviceLife(db, [deviceId], Math.max(options.now ?? Date.now(), at), options);
}

/** A filter predicted due: the purchase assistant's lines. */
export interface DueFilter {
  deviceId: number;
  projectId: number | null;
  filterId: number;
  quantity: number;
  predictedAt: number;
  reason: LifeReasonCode;
}

/**
 * The filters predicted due on or before `dueBefore` (already due included), of the devices of
 * `projectIds` ('all' or left out: every project; devices without a project only then), soonest first.
 */
export async function listDueFilters(
  db: Kysely<DB>, { projectIds, dueBefore }: { projectIds?: number[] | 'all'; dueBefore: number },
): Promise<DueFilter[]> {
  if (Array.isArray(projectIds) && !projectIds.length) return [];
  let q = db.selectFrom('t_device_life as l')
    .innerJoin('t_device_filter as df', (j) => j.onRef('df.device_id', '=', 'l.device_id').onRef('df.filter_id', '=', 'l.filter_id'))
    .innerJoin('t_device as d', 'd.id', 'l.device_id')
    .select(['l.device_id', 'd.project_id', 'l.filter_id', 'df.quantity', 'l.predicted_at', 'l.reason'])
    .where('l.predicted_at', 'is not', null).where('l.predicted_at', '<=', dueBefore);
  if (Array.isArray(projectIds)) q = q.where('d.project_id', 'in', projectIds);
  const rows = await q.orderBy('l.predicted_at').orderBy('l.device_id').execute();
  return rows.map((r) => ({
    deviceId: r.device_id, projectId: r.project_id, filterId: r.filter_id, quantity: Number(r.quantity),
    predictedAt: Number(r.predicted_at), reason: r.reason as LifeReasonCode,
  }));
}
