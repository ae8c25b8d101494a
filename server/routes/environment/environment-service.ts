import { computeAqi, type AqiReport, type AqiValues } from '../../../contract/analysis/aqi';
import { dailyAqiSeries, dailyMax1h, dailyMax8h, dailyMean, hourlyAqiSeries, type PollutantSeries } from '../../../contract/analysis/aqi-averaging';
import { AQI_INDICATORS, AQI_STANDARDS, type AqiPollutant, type AqiStandardId } from '../../../contract/analysis/aqi-tables';
import { finalResistancePa, type FilterLifeSettings } from '../../../contract/analysis/filter-life';
import { detectEfficiencyDrops, efficiencySeries, periodEfficiency, type FiltrationSample } from '../../../contract/analysis/filtration';
import { blockMedians, theilSen } from '../../../contract/analysis/robust-fit';
import { ConditionType } from '../../../contract/conditions';
import { MeasureTag } from '../../../contract/enums';
import type {
  AirDevice, AirDevicePage, AirSide, AqiAnalysis, AqiAnalysisQuery, AqiReportOut, AqiSide, EnvListQuery, EnvPeriod, FilterStage,
  FiltrationAnalysis, FiltrationQuery, PaDevice, PaDevicePage, PmDevice, PmDevicePage,
} from '../../../contract/environment-analysis';
import { FILTER_FINAL_PA, FILTER_INITIAL_PA, siteDayStart } from '../../../contract/screen-data';
import { lifeSettingsOf } from '../../analysis/life/life-service';
import type { AuthUser } from '../../auth/auth-user';
import { airPositionOf, airSideOf, aqiUnitFactor } from './air-positions';
import type { EnvironmentRepository, ScopePoint } from './environment-repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;
const round4 = (v: number) => Math.round(v * 10_000) / 10_000;
const meanOf = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

/** The particulate tags of v_pm_dev_list. */
const PM_TAGS: number[] = [MeasureTag.PM25, MeasureTag.PM10, MeasureTag.PM1, MeasureTag.PM03];

/**
 * The AQI pollutant a point measures: by its measure tag (2 PM2.5, 3 PM10, 12 SO2, SPEC §3), else
 * by its name for points without a tag (NO2, CO and O3 have none). Null for anything else.
 */
export function pollutantOf(m: { tag_id: number | null; name: string }): AqiPollutant | null {
  if (m.tag_id === MeasureTag.PM25) return 'pm25';
  if (m.tag_id === MeasureTag.PM10) return 'pm10';
  if (m.tag_id === MeasureTag.SulfurDioxide) return 'so2';
  if (m.tag_id !== null) return null;
  const n = m.name;
  if (/PM2\.?5/i.test(n)) return 'pm25';
  if (/PM10/i.test(n)) return 'pm10';
  if (/二氧化硫|SO2|SO₂/i.test(n)) return 'so2';
  if (/二氧化氮|NO2|NO₂/i.test(n)) return 'no2';
  if (/一氧化碳|(^|[^A-Z])CO([^A-Z2]|$)/.test(n)) return 'co';
  if (/臭氧|O3|O₃/i.test(n)) return 'o3';
  return null;
}

/** The start (inclusive) and end (exclusive, the end of the hour holding `to`) of a period. */
export function periodWindow(period: EnvPeriod, to: number): { from: number; end: number } {
  const end = Math.floor(to / HOUR) * HOUR + HOUR;
  if (period === 'day') return { from: end - DAY, end };
  const days = period === 'week' ? 7 : period === 'month' ? 30 : 365;
  return { from: siteDayStart(to) - (days - 1) * DAY, end };
}

function page<T>(rows: T[], q: { Page: number; Size: number }): T[] {
  return rows.slice((q.Page - 1) * q.Size, q.Page * q.Size);
}

const deviceRef = (p: ScopePoint) => ({
  deviceId: p.deviceId, deviceName: p.deviceName, projectId: p.projectId, projectName: p.projectName, modelName: p.modelName, state: p.state,
});

/**
 * A resistance point's clean and final resistance: its device's filter model's (nv_life_set:
 * final fixed or a multiple of the initial), else the default initial and the point's "greater
 * than" alarm threshold, else its range's maximum, else the default final.
 */
function resistanceLimitsOf(p: ScopePoint, model: FilterLifeSettings | undefined): Pick<PaDevice, 'initialPa' | 'initialFrom' | 'finalPa' | 'finalFrom'> {
  if (model) return { initialPa: model.initialPa, initialFrom: 'filter-model', finalPa: finalResistancePa(model), finalFrom: 'filter-model' };
  return { initialPa: FILTER_INITIAL_PA, initialFrom: 'default', ...finalOf(p) };
}

/** The final resistance of a resistance point: a "greater than" alarm threshold, else its range's maximum, else the default. */
function finalOf(p: ScopePoint): { finalPa: number; finalFrom: PaDevice['finalFrom'] } {
  const gt = p.conditionType === ConditionType.Gt || p.conditionType === ConditionType.Gte;
  if (gt && p.conditionVal1 !== null && p.conditionVal1 > FILTER_INITIAL_PA) return { finalPa: p.conditionVal1, finalFrom: 'alarm' };
  if (p.maxValue !== null && p.maxValue > FILTER_INITIAL_PA) return { finalPa: p.maxValue, finalFrom: 'max' };
  return { finalPa: FILTER_FINAL_PA, finalFrom: 'default' };
}

/** The environment analysis computed from the repository's reads (issue 20; server/README.md "Environment analysis"). */
export class EnvironmentService {
  constructor(private readonly repo: EnvironmentRepository) {}

  /** The life settings (lifeSettingsOf) of the filter model each of these points' devices holds, by device id. */
  private async filterModels(points: ScopePoint[]): Promise<Map<number, FilterLifeSettings>> {
    const rows = await this.repo.filterModels(points.map((p) => p.deviceId));
    return new Map([...rows].map(([deviceId, row]) => [deviceId, lifeSettingsOf(row)]));
  }

  /** v_pa_dev_list: resistance points, most loaded first; the page's 7-day trends by Theil–Sen. */
  async paList(user: AuthUser, q: EnvListQuery, now: number): Promise<PaDevicePage> {
    const points = await this.repo.points(user, q, (m) => m.tag_id === MeasureTag.Resistance);
    const models = await this.filterModels(points);
    const rows = points.map((p) => {
      const limits = resistanceLimitsOf(p, models.get(p.deviceId));
      return {
        ...deviceRef(p), measureId: p.measureId, currentPa: p.value === null ? null : round1(p.value), currentAt: p.ts, ...limits,
        percentOfFinal: p.value === null ? null : round1((100 * p.value) / limits.finalPa), trendPaPerDay: null as number | null,
      };
    });
    rows.sort((a, b) => (b.percentOfFinal ?? -Infinity) - (a.percentOfFinal ?? -Infinity) || a.deviceName.localeCompare(b.deviceName, 'zh') || a.deviceId - b.deviceId);
    const shown = page(rows, q);
    const hours = await this.repo.deviceHours(shown.map((r) => r.deviceId), [...new Set(shown.map((r) => r.measureId))], now - 7 * DAY, now + HOUR);
    for (const r of shown) {
      const xy = hours.filter((h) => h.deviceId === r.deviceId && h.measureId === r.measureId && h.value > 0)
        .map((h) => ({ x: (h.bucket - now) / DAY, y: h.value }));
      const fit = xy.length >= 6 ? theilSen(blockMedians(xy, 40)) : null;
      r.trendPaPerDay = fit ? round2(fit.slope) : null;
    }
    const percents = rows.flatMap((r) => (r.percentOfFinal === null ? [] : [r.percentOfFinal]));
    const mean = meanOf(percents);
    return {
      list: shown, count: rows.length,
      summary: {
        devices: new Set(rows.map((r) => r.deviceId)).size,
        atFinal: rows.filter((r) => r.percentOfFinal !== null && r.percentOfFinal >= 100).length,
        near: rows.filter((r) => r.percentOfFinal !== null && r.percentOfFinal >= 80 && r.percentOfFinal < 100).length,
        meanPercentOfFinal: mean === null ? null : round1(mean),
      },
    };
  }

  /** v_pm_dev_list: one row per device with particulate points, its side by its PM2.5 point's position. */
  async pmList(user: AuthUser, q: EnvListQuery & { side?: AirSide }, now: number): Promise<PmDevicePage> {
    const points = await this.repo.points(user, q, (m) => m.tag_id !== null && PM_TAGS.includes(m.tag_id));
    const byDevice = new Map<number, { row: PmDevice; pm25Measure: number | null }>();
    for (const p of points) {
      let entry = byDevice.get(p.deviceId);
      if (!entry) {
        const position = airPositionOf(p.measureName, p.deviceTypeId);
        entry = {
          row: { ...deviceRef(p), position, side: airSideOf(position), pm25: null, pm10: null, pm1: null, pm03: null, pm25Mean24h: null, ts: null },
          pm25Measure: null,
        };
        byDevice.set(p.deviceId, entry);
      }
      const r = entry.row;
      const v = p.value === null ? null : round1(p.value);
      if (p.tagId === MeasureTag.PM25 && entry.pm25Measure === null) {
        entry.pm25Measure = p.measureId;
        r.pm25 = v;
        r.position = airPositionOf(p.measureName, p.deviceTypeId);
        r.side = airSideOf(r.position);
      } else if (p.tagId === MeasureTag.PM10 && r.pm10 === null) r.pm10 = v;
      else if (p.tagId === MeasureTag.PM1 && r.pm1 === null) r.pm1 = v;
      else if (p.tagId === MeasureTag.PM03 && r.pm03 === null) r.pm03 = v;
      if (p.ts !== null) r.ts = Math.max(r.ts ?? 0, p.ts);
    }
    const all = [...byDevice.values()].filter((e) => !q.side || e.row.side === q.side);
    const sideMean = (side: AirSide) => meanOf(all.filter((e) => e.row.side === side && e.row.pm25 !== null).map((e) => e.row.pm25!));
    const outdoor = sideMean('outdoor');
    const indoor = sideMean('indoor');
    const shown = page(all, q);
    const means = await this.repo.deviceMeans(shown.map((e) => e.row.deviceId),
      shown.flatMap((e) => (e.pm25Measure === null ? [] : [e.pm25Measure])), now - DAY, now + HOUR);
    for (const e of shown) {
      const m = means.get(`${e.row.deviceId}:${e.pm25Measure}`);
      e.row.pm25Mean24h = m === undefined ? null : round1(m);
    }
    return {
      list: shown.map((e) => e.row), count: all.length,
      summary: {
        devices: all.length,
        outdoorPm25: outdoor === null ? null : round1(outdoor),
        indoorPm25: indoor === null ? null : round1(indoor),
        reduction: outdoor && indoor !== null ? round4(1 - indoor / outdoor) : null,
      },
    };
  }

  /** v_air_dev_list: air-volume points against their rated volume, lowest share first. */
  async airList(user: AuthUser, q: EnvListQuery, now: number): Promise<AirDevicePage> {
    const points = await this.repo.points(user, q, (m) => m.tag_id === MeasureTag.AirVolume);
    const models = await this.filterModels(points);
    const rows: AirDevice[] = points.map((p) => {
      // The filter model's rated volume (the device's filter, as the life analysis reads it), else the point's range maximum.
      const model = models.get(p.deviceId);
      const max = p.maxValue !== null && p.maxValue > 0 ? p.maxValue : null;
      const rated = model ? model.ratedAirVolumeM3h : max;
      return {
        ...deviceRef(p), measureId: p.measureId, currentM3h: p.value === null ? null : Math.round(p.value), currentAt: p.ts, mean24hM3h: null,
        ratedM3h: rated, ratedFrom: model ? 'filter-model' : rated === null ? 'none' : 'max',
        percentOfRated: rated === null || p.value === null ? null : round1((100 * p.value) / rated),
      };
    });
    rows.sort((a, b) => (a.percentOfRated ?? Infinity) - (b.percentOfRated ?? Infinity) || a.deviceName.localeCompare(b.deviceName, 'zh') || a.deviceId - b.deviceId);
    const shown = page(rows, q);
    const means = await this.repo.deviceMeans(shown.map((r) => r.deviceId), [...new Set(shown.map((r) => r.measureId))], now - DAY, now + HOUR);
    for (const r of shown) {
      const m = means.get(`${r.deviceId}:${r.measureId}`);
      r.mean24hM3h = m === undefined ? null : Math.round(m);
    }
    const running = rows.filter((r) => (r.currentM3h ?? 0) > 0);
    const percents = running.flatMap((r) => (r.percentOfRated === null ? [] : [r.percentOfRated]));
    const mean = meanOf(percents);
    return {
      list: shown, count: rows.length,
      summary: {
        devices: new Set(rows.map((r) => r.deviceId)).size,
        running: running.length,
        low: running.filter((r) => r.percentOfRated !== null && r.percentOfRated < 50).length,
        totalM3h: Math.round(rows.reduce((s, r) => s + (r.currentM3h ?? 0), 0)),
        meanPercentOfRated: mean === null ? null : round1(mean),
      },
    };
  }

  /**
   * The AQI analysis (nv_aqi_analysis): each side's pollutants as hourly series (the mean of its
   * points' hourly means, converted to the standard's units), indexed only by the pure functions
   * of contract/analysis (hourly and daily reports, the last 24 hours), with exceedance hours.
   */
  async aqi(user: AuthUser, q: AqiAnalysisQuery, standard: AqiStandardId, now: number): Promise<AqiAnalysis> {
    const to = q.to ?? now;
    const { from, end } = periodWindow(q.period, to);
    // A day before the first whole day: 24-hour sliding means (HJ 633—2012) need it.
    const base = siteDayStart(from) - DAY;
    const length = (end - base) / HOUR;
    const points = await this.repo.points(user, { projectId: q.projectId }, (m) => pollutantOf(m) !== null);
    const skipped: AqiAnalysis['skipped'] = [];
    /** measureId → where it counts, with its unit factor (the same for every device of a model). */
    const feeds = new Map<number, { side: AirSide; pollutant: AqiPollutant; factor: number }>();
    const devicesBySide = { outdoor: new Set<number>(), indoor: new Set<number>() };
    const pollutantsBySide = { outdoor: new Set<AqiPollutant>(), indoor: new Set<AqiPollutant>() };
    for (const p of points) {
      const pollutant = pollutantOf({ tag_id: p.tagId, name: p.measureName })!;
      const side = airSideOf(airPositionOf(p.measureName, p.deviceTypeId));
      if (!side) continue;
      const factor = aqiUnitFactor(pollutant, p.unit);
      if (factor === null) {
        if (!skipped.some((s) => s.measureId === p.measureId)) skipped.push({ measureId: p.measureId, name: p.measureName, unit: p.unit });
        continue;
      }
      feeds.set(p.measureId, { side, pollutant, factor });
      devicesBySide[side].add(p.deviceId);
      pollutantsBySide[side].add(pollutant);
    }
    const deviceIds = [...new Set(points.map((p) => p.deviceId))];
    const rows = await this.repo.measureHours(deviceIds, [...feeds.keys()], base, end);
    // Σ of the devices' hourly means and their number, per side, pollutant and hour.
    const acc = { outdoor: new Map<AqiPollutant, { total: Float64Array; n: Float64Array }>(), indoor: new Map<AqiPollutant, { total: Float64Array; n: Float64Array }>() };
    for (const side of ['outdoor', 'indoor'] as const) {
      for (const pollutant of pollutantsBySide[side]) acc[side].set(pollutant, { total: new Float64Array(length), n: new Float64Array(length) });
    }
    for (const r of rows) {
      const feed = feeds.get(r.measureId)!;
      const i = (r.bucket - base) / HOUR;
      if (!Number.isInteger(i) || i < 0 || i >= length) continue;
      const a = acc[feed.side].get(feed.pollutant)!;
      a.total[i] += r.total * feed.factor;
      a.n[i] += r.n;
    }
    const firstShown = (from - base) / HOUR;
    const dayIndex = (siteDayStart(from) - base) / HOUR;
    const sides: AqiSide[] = (['outdoor', 'indoor'] as const).map((side) => {
      const series: PollutantSeries = {};
      for (const [pollutant, a] of acc[side]) series[pollutant] = Array.from(a.total, (t, i) => (a.n[i] ? t / a.n[i] : null));
      return this.aqiSide(side, series, {
        standard, base, firstShown, dayIndex, end, period: q.period,
        devices: devicesBySide[side].size, pollutants: [...pollutantsBySide[side]],
      });
    });
    return { standard: { id: standard, zh: AQI_STANDARDS[standard].zh, en: AQI_STANDARDS[standard].en }, period: q.period, from, to: end, sides, skipped };
  }

  private aqiSide(
    side: AirSide, series: PollutantSeries,
    o: { standard: AqiStandardId; base: number; firstShown: number; dayIndex: number; end: number; period: EnvPeriod; devices: number; pollutants: AqiPollutant[] },
  ): AqiSide {
    const out = (r: AqiReport, t: number): AqiReportOut => ({
      period: r.period, t, parts: r.parts.map((p) => ({ ...p })), missing: [...r.missing], maxIaqi: r.maxIaqi, aqi: r.aqi, level: r.level,
      primaryPollutants: [...r.primaryPollutants],
    });
    const hourlyAll = hourlyAqiSeries(series, o.standard);
    const shown = hourlyAll.slice(o.firstShown);
    const hourT = (i: number) => o.base + (o.firstShown + i) * HOUR;
    let exceedance = 0;
    let withAqi = 0;
    const byPollutant: Record<string, number> = {};
    for (const r of shown) {
      if (r.aqi !== null) withAqi++;
      if (r.aqi !== null && r.aqi > 100) exceedance++;
      for (const pollutant of new Set(r.parts.filter((p) => p.iaqi > 100).map((p) => AQI_INDICATORS[p.indicator].pollutant))) {
        byPollutant[pollutant] = (byPollutant[pollutant] ?? 0) + 1;
      }
    }
    let latest = -1;
    for (let i = shown.length - 1; i >= 0; i--) if (shown[i].maxIaqi !== null) { latest = i; break; }
    let last24h: AqiReportOut | null = null;
    if (latest >= 0) {
      const stop = o.firstShown + latest + 1;
      const values: AqiValues = {};
      const window = (s: PollutantSeries[AqiPollutant]) => s!.slice(Math.max(0, stop - 24), stop);
      for (const [pollutant, s] of Object.entries(series) as [AqiPollutant, PollutantSeries[AqiPollutant]][]) {
        if (pollutant === 'o3') {
          values.o3_8h = dailyMax8h(window(s));
          if (AQI_STANDARDS[o.standard].daily.includes('o3_1h')) values.o3_1h = dailyMax1h(window(s));
        } else values[`${pollutant}_24h`] = dailyMean(window(s));
      }
      last24h = out(computeAqi(values, { period: 'day', standard: o.standard }), hourT(latest) - 23 * HOUR);
    }
    const daily = dailyAqiSeries(Object.fromEntries(Object.entries(series).map(([k, s]) => [k, s!.slice(o.dayIndex)])), o.standard)
      .map((r, i) => out(r, o.base + (o.dayIndex + 24 * i) * HOUR))
      .filter((r) => r.t >= o.base + o.firstShown * HOUR);
    const means: Record<string, number> = {};
    for (const [pollutant, s] of Object.entries(series)) {
      const m = meanOf(s!.slice(o.firstShown).filter((v): v is number => typeof v === 'number'));
      if (m !== null) means[pollutant] = pollutant === 'co' ? round2(m) : round1(m);
    }
    return {
      side, devices: o.devices, pollutants: o.pollutants,
      latestHour: latest >= 0 ? out(shown[latest], hourT(latest)) : null,
      last24h,
      hourly: o.period === 'day' || o.period === 'week' ? shown.map((r, i) => out(r, hourT(i))) : [],
      daily, hoursWithAqi: withAqi, exceedanceHours: exceedance, exceedanceByPollutant: byPollutant, means,
    };
  }

  /**
   * Filtration per stage (nv_filter_analysis): each device's downstream PM2.5 points in the air
   * path's order against the one before (its own upstream point, else the project's outdoor
   * mean); hourly samples, concentration-weighted efficiency per bucket, and drops detected with
   * a week of history before the period as their baseline.
   */
  async filtration(user: AuthUser, q: FiltrationQuery, now: number): Promise<FiltrationAnalysis> {
    const to = q.to ?? now;
    const { from, end } = periodWindow(q.period, to);
    const bucketMs = q.period === 'day' ? HOUR : q.period === 'week' ? 6 * HOUR : DAY;
    const lookback = from - 7 * DAY;
    const points = await this.repo.points(user, { projectId: q.projectId }, (m) => pollutantOf(m) === 'pm25');
    const outdoorPoints = points.filter((p) => airPositionOf(p.measureName, p.deviceTypeId) === 'outdoor');
    const byDevice = new Map<number, ScopePoint[]>();
    for (const p of points) {
      const position = airPositionOf(p.measureName, p.deviceTypeId);
      if (position !== 'upstream' && position !== 'downstream') continue;
      byDevice.set(p.deviceId, [...(byDevice.get(p.deviceId) ?? []), p]);
    }
    const stagePoints = [...byDevice.values()].filter((list) => list.some((p) => airPositionOf(p.measureName, p.deviceTypeId) === 'downstream'));
    const [own, outdoor] = await Promise.all([
      this.repo.deviceHours([...byDevice.keys()], [...new Set(stagePoints.flat().map((p) => p.measureId))], lookback, end),
      this.repo.deviceHours([...new Set(outdoorPoints.map((p) => p.deviceId))], [...new Set(outdoorPoints.map((p) => p.measureId))], lookback, end),
    ]);
    // The projects' outdoor PM2.5 per hour: the mean of their outdoor points' hourly means.
    const projectOf = new Map(points.map((p) => [p.deviceId, p.projectId]));
    const outdoorSum = new Map<string, { total: number; n: number }>();
    for (const h of outdoor) {
      const key = `${projectOf.get(h.deviceId)}:${h.bucket}`;
      const s = outdoorSum.get(key) ?? { total: 0, n: 0 };
      s.total += h.value;
      s.n++;
      outdoorSum.set(key, s);
    }
    const values = new Map<string, number>(own.map((h) => [`${h.deviceId}:${h.measureId}:${h.bucket}`, h.value]));
    const hours: number[] = [];
    for (let t = lookback; t < end; t += HOUR) hours.push(t);
    const stages: FilterStage[] = [];
    for (const list of stagePoints) {
      const up = list.find((p) => airPositionOf(p.measureName, p.deviceTypeId) === 'upstream');
      const downs = list.filter((p) => airPositionOf(p.measureName, p.deviceTypeId) === 'downstream');
      let upstreamOf = (t: number): number | null => {
        if (up) return values.get(`${up.deviceId}:${up.measureId}:${t}`) ?? null;
        const s = outdoorSum.get(`${list[0].projectId}:${t}`);
        return s ? s.total / s.n : null;
      };
      let upstreamKind: FilterStage['upstream'] = up ? 'measure' : 'outdoor';
      downs.forEach((p, i) => {
        const before = upstreamOf;
        const samples: FiltrationSample[] = hours.map((t) => ({ t, upstream: before(t), downstream: values.get(`${p.deviceId}:${p.measureId}:${t}`) ?? null }));
        const inPeriod = samples.filter((s) => s.t >= from);
        const series: FilterStage['series'] = [];
        for (let t = from; t < end; t += bucketMs) {
          const e = periodEfficiency(inPeriod.filter((s) => s.t >= t && s.t < t + bucketMs));
          series.push({ t, efficiency: e === null ? null : round4(e) });
        }
        const latest = efficiencySeries(inPeriod).reverse().find((s) => s.efficiency !== null)?.efficiency ?? null;
        const drops = detectEfficiencyDrops(samples).filter((d) => d.end === null || d.end >= from)
          .map((d) => ({ start: d.start, end: d.end, baseline: round4(d.baseline), efficiency: round4(d.efficiency), drop: round4(d.drop) }));
        const efficiency = periodEfficiency(inPeriod);
        stages.push({
          ...deviceRef(p), stage: i + 1, measureId: p.measureId, measureName: p.measureName, upstream: upstreamKind,
          efficiency: efficiency === null ? null : round4(efficiency), latest: latest === null ? null : round4(latest),
          series, drops, leaking: drops.some((d) => d.end === null),
        });
        upstreamOf = (t) => values.get(`${p.deviceId}:${p.measureId}:${t}`) ?? null;
        upstreamKind = 'previous-stage';
      });
    }
    stages.sort((a, b) => Number(b.leaking) - Number(a.leaking) || b.drops.length - a.drops.length
      || a.projectName.localeCompare(b.projectName, 'zh') || a.deviceName.localeCompare(b.deviceName, 'zh') || a.stage - b.stage);
    return { period: q.period, from, to: end, bucketMs, stages, flagged: stages.filter((s) => s.drops.length > 0).length };
  }
}
