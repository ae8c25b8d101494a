import { performance } from 'node:perf_hooks';
import { DAY_MS, analyzeFilterLife, type FilterDay, type FilterLifeSettings } from '../../contract/analysis/filter-life';
import { prng } from '../../server/seed/prng';
import { report } from './report';

const FILTERS = 10_000;
const DAYS = 365;
/** Filters generated and analysed at a time: a year of rollups for all 10,000 at once is ~300 MB. */
const CHUNK = 500;

const SETTINGS: FilterLifeSettings = {
  initialPa: 150, finalResistance: { kind: 'multiple', factor: 3 }, ratedAirVolumeM3h: 12_000,
  dustCapacityG: 8_000, captureEfficiency: 0.8, maxServiceDays: 365, warningDays: 15,
};

/** A year of daily rollups: linear or exponential loading, replacements, noise, gaps and spikes. */
function filterYear(seed: number, start: number): FilterDay[] {
  const random = prng(seed);
  const exponential = seed % 2 === 0;
  const life = 90 + Math.floor(random() * 200);
  const days: FilterDay[] = [];
  for (let d = 0; d < DAYS; d++) {
    const age = d % life;
    const load = age / life;
    const base = exponential ? 150 * Math.exp(load * Math.log(3)) : 150 + 300 * load;
    const r = random();
    days.push({
      day: start + d * DAY_MS,
      resistancePa: r < 0.03 ? null : r < 0.05 ? base + 200 : base * (1 + 0.02 * (random() - 0.5)),
      airVolumeM3h: 12_000 * (1 - 0.3 * load),
      runHours: 12 + Math.floor(random() * 12),
      upstreamPm: 40 + 60 * random(),
    });
  }
  return days;
}

/** Life analysis of 10,000 filters with a year of daily rollups each: the pure computation's time. */
export function benchLifeAnalyze(): void {
  const start = Date.UTC(2025, 0, 1) - 8 * 3_600_000;
  const now = start + DAYS * DAY_MS;
  let ms = 0;
  let cpuUs = 0;
  let predicted = 0;
  for (let first = 0; first < FILTERS; first += CHUNK) {
    const histories = Array.from({ length: CHUNK }, (_, i) => filterYear(first + i + 1, start));
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (const days of histories) if (analyzeFilterLife(days, SETTINGS, { now }).decision) predicted++;
    const c = process.cpuUsage(c0);
    cpuUs += c.user + c.system;
    ms += performance.now() - t0;
  }
  if (predicted < FILTERS * 0.9) throw new Error(`life-analyze predicted only ${predicted} of ${FILTERS} filters`);
  // CPU time beside the wall time: on a shared machine the wall time mostly measures the neighbours.
  const cpu = Math.round(cpuUs / 1000).toLocaleString('en');
  report('life-analyze', ms, `ms (${FILTERS.toLocaleString('en')} filters × ${DAYS} daily rollups, ${cpu} ms CPU)`, { max: 5000 });
}

if (process.argv[1]?.endsWith('life-bench.ts')) benchLifeAnalyze();
