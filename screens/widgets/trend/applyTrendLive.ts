import type { Widget } from '../../../contract/screen-template';
import type { LiveEvent } from '../../runtime/types';
import { isTrendData, readTrendProps, type TrendData, type TrendDataPoint } from './trendOptions';

const HOUR = 3_600_000;

/**
 * Folds a `measureValues` push into the trend. Each series takes the samples of its own points
 * (`measureIds`): a sample of the last bucket joins its running average (`n` counts the samples;
 * a served point counts as one), a sample of a newer bucket appends a point, an older one is
 * ignored. Points older than the newest point minus `windowHours` are dropped. Returns new data,
 * or undefined when no sample belonged to any series.
 */
export function applyTrendLive(data: TrendData | undefined, live: LiveEvent, widget: Widget): TrendData | undefined {
  if (live.event !== 'measureValues' || !isTrendData(data)) return undefined;
  const items = live.data.items;
  const bucketMs = data.bucketMs;
  let matched = false;
  let newestSample = -Infinity;

  const series = data.series.map((s) => {
    const ids = new Set(s.measureIds);
    const samples = items
      .filter((v) => ids.has(v.measureId) && Number.isFinite(v.value) && Number.isFinite(v.ts))
      .sort((a, b) => a.ts - b.ts);
    if (!samples.length) return s;
    let points: TrendDataPoint[] | null = null;
    for (const sample of samples) {
      const bucket = Math.floor(sample.ts / bucketMs) * bucketMs;
      const list: TrendDataPoint[] = points ?? s.points;
      const last = list.at(-1);
      if (last && bucket < last.ts) continue;
      points ??= [...s.points];
      matched = true;
      newestSample = Math.max(newestSample, sample.ts);
      if (last && bucket === last.ts) {
        const n = last.n ?? 1;
        points[points.length - 1] = { ts: bucket, value: (last.value * n + sample.value) / (n + 1), n: n + 1 };
      } else {
        points.push({ ts: bucket, value: sample.value, n: 1 });
      }
    }
    return points ? { ...s, points } : s;
  });
  if (!matched) return undefined;

  const windowMs = readTrendProps(widget.props).windowHours * HOUR;
  const latest = Math.max(...series.map((s) => s.points.at(-1)?.ts ?? -Infinity));
  const oldest = latest - windowMs;
  const trimmed = series.map((s) => (s.points.length && s.points[0].ts < oldest ? { ...s, points: s.points.filter((p) => p.ts >= oldest) } : s));
  return { ...data, from: Math.max(data.from, oldest), to: Math.max(data.to, newestSample), series: trimmed };
}
