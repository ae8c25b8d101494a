/**
 * Filtration efficiency per filter stage, η = 1 − downstream ÷ upstream particulate concentration,
 * and detection of the sudden drop that signals a leaking or bypassed filter. Concentrations in
 * μg/m³; times are epoch ms. A stage's upstream is the previous stage's downstream.
 */

/** Below this upstream concentration (μg/m³) the ratio is mostly sensor noise and is not used. */
export const DEFAULT_MIN_UPSTREAM = 15;

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * η = 1 − downstream ÷ upstream, or null without both readings or with upstream below
 * `minUpstream`. Not clamped: a negative η (more dust after the filter) is a sensor or leak fault
 * worth seeing.
 */
export function filtrationEfficiency(upstream: number | null | undefined, downstream: number | null | undefined, minUpstream = DEFAULT_MIN_UPSTREAM): number | null {
  if (!finite(upstream) || !finite(downstream) || upstream < minUpstream || upstream <= 0) return null;
  return 1 - Math.max(0, downstream) / upstream;
}

/**
 * Efficiencies of consecutive stages from concentrations measured upstream of the first stage,
 * between stages and after the last (`readings[0]` the outdoor air, `readings[n]` after stage n):
 * `stages[i]` is stage i+1's η, `overall` the whole train's. Stages without usable readings are null.
 */
export function stageEfficiencies(readings: readonly (number | null | undefined)[], minUpstream = DEFAULT_MIN_UPSTREAM): { stages: (number | null)[]; overall: number | null } {
  const stages: (number | null)[] = [];
  for (let i = 1; i < readings.length; i++) stages.push(filtrationEfficiency(readings[i - 1], readings[i], minUpstream));
  return { stages, overall: readings.length > 1 ? filtrationEfficiency(readings[0], readings[readings.length - 1], minUpstream) : null };
}

/** One pair of readings of a stage (an hourly or daily rollup). */
export interface FiltrationSample {
  readonly t: number;
  readonly upstream: number | null;
  readonly downstream: number | null;
}

/** η per sample (null where not usable), for a chart over time. */
export function efficiencySeries(samples: readonly FiltrationSample[], minUpstream = DEFAULT_MIN_UPSTREAM): { t: number; efficiency: number | null }[] {
  return samples.map((s) => ({ t: s.t, efficiency: filtrationEfficiency(s.upstream, s.downstream, minUpstream) }));
}

/**
 * η over a period, weighted by concentration: 1 − Σ downstream ÷ Σ upstream over the usable
 * samples (an average of ratios would let clean hours count as much as dusty ones). Null without any.
 */
export function periodEfficiency(samples: readonly FiltrationSample[], minUpstream = DEFAULT_MIN_UPSTREAM): number | null {
  let up = 0;
  let down = 0;
  for (const s of samples) {
    if (filtrationEfficiency(s.upstream, s.downstream, minUpstream) === null) continue;
    up += s.upstream!;
    down += Math.max(0, s.downstream!);
  }
  return up > 0 ? 1 - down / up : null;
}

export interface LeakOptions {
  /** Upstream below this is skipped (μg/m³; default 15). */
  readonly minUpstream?: number;
  /** Usable samples the baseline median is taken over (default 24). */
  readonly window?: number;
  /** Usable samples needed before anything is judged (default 8). */
  readonly minBaseline?: number;
  /** A sample is low when η is at least this much below the baseline (default 0.1)… */
  readonly minDrop?: number;
  /** …and its penetration (1 − η) at least this many times the baseline's (default 2). */
  readonly penetrationFactor?: number;
  /** Consecutive low usable samples that make an event (default 3). */
  readonly persist?: number;
}

/** A sustained drop of efficiency: a leak, a torn medium or a bypass. */
export interface EfficiencyDrop {
  /** First low sample. */
  readonly start: number;
  /** Last low sample before recovery; null while still low at the end of the data. */
  readonly end: number | null;
  /** Baseline η (median of the recent normal samples) when it began. */
  readonly baseline: number;
  /** Median η during the event. */
  readonly efficiency: number;
  /** baseline − efficiency. */
  readonly drop: number;
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Finds sustained efficiency drops, robustly: each usable sample is compared with the median η
 * of the last `window` normal samples (low ones do not enter the baseline, so a lasting leak does
 * not become the new normal); `persist` low samples in a row open an event and the first normal
 * one closes it. Samples with upstream below `minUpstream` (clean air) are skipped, neither
 * raising nor breaking an event. `samples` in time order.
 */
export function detectEfficiencyDrops(samples: readonly FiltrationSample[], options: LeakOptions = {}): EfficiencyDrop[] {
  const minUpstream = options.minUpstream ?? DEFAULT_MIN_UPSTREAM;
  const window = options.window ?? 24;
  const minBaseline = options.minBaseline ?? 8;
  const minDrop = options.minDrop ?? 0.1;
  const factor = options.penetrationFactor ?? 2;
  const persist = options.persist ?? 3;
  const normal: number[] = [];
  const events: EfficiencyDrop[] = [];
  let run: { t: number; eff: number }[] = [];
  let runBaseline = 0;
  let lastLowT = 0;
  const pushNormal = (eff: number) => {
    normal.push(eff);
    if (normal.length > window) normal.shift();
  };
  const close = (end: number | null) => {
    if (run.length >= persist) {
      const eff = median(run.map((r) => r.eff));
      events.push({ start: run[0].t, end, baseline: runBaseline, efficiency: eff, drop: runBaseline - eff });
    } else {
      // Too short to be a leak: the readings were normal after all.
      for (const r of run) pushNormal(r.eff);
    }
    run = [];
  };
  for (const s of samples) {
    const eff = filtrationEfficiency(s.upstream, s.downstream, minUpstream);
    if (eff === null) continue;
    if (normal.length < minBaseline) {
      pushNormal(eff);
      continue;
    }
    const baseline = median(normal);
    const low = baseline - eff >= minDrop && 1 - eff >= factor * Math.max(1 - baseline, 1e-6);
    if (low) {
      if (!run.length) runBaseline = baseline;
      run.push({ t: s.t, eff });
      lastLowT = s.t;
    } else {
      if (run.length) close(lastLowT);
      pushNormal(eff);
    }
  }
  if (run.length) close(run.length >= persist ? null : lastLowT);
  return events;
}
