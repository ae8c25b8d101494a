import { describe, expect, it } from 'vitest';
import type { Widget } from '../../../contract/screen-template';
import type { MeasureValue } from '../../../contract/hub';
import type { LiveEvent } from '../../runtime/types';
import { applyTrendLive } from './applyTrendLive';
import type { TrendData } from './trendOptions';

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.UTC(2025, 2, 4, 0, 0);

const widget = (props: Record<string, unknown> = {}): Widget => ({ id: 't', type: 'trend', x: 0, y: 0, w: 600, h: 200, z: 0, props });
const push = (...items: Partial<MeasureValue>[]): LiveEvent => ({
  event: 'measureValues',
  data: { items: items.map((v) => ({ deviceId: 1, measureId: 11, projectId: 1, value: 0, ts: T0, ...v })) },
});
const data = (): TrendData => ({
  bucketMs: MIN,
  from: T0 - 2 * MIN,
  to: T0 + 10_000,
  series: [
    { tag: 1, name: 'PM2.5', unit: 'μg/m³', measureIds: [11, 21], points: [{ ts: T0 - MIN, value: 10 }, { ts: T0, value: 20 }] },
    { tag: 2, name: 'PM10', unit: 'μg/m³', measureIds: [12], points: [{ ts: T0, value: 50 }] },
  ],
});

describe('applyTrendLive', () => {
  it('folds samples of the last bucket into a running average, counting them', () => {
    const before = data();
    const once = applyTrendLive(before, push({ measureId: 11, value: 30, ts: T0 + 20_000 }), widget())!;
    expect(once.series[0].points.at(-1)).toEqual({ ts: T0, value: 25, n: 2 });
    const twice = applyTrendLive(once, push({ measureId: 21, value: 40, ts: T0 + 30_000 }), widget())!;
    expect(twice.series[0].points.at(-1)).toEqual({ ts: T0, value: 30, n: 3 });
    expect(twice.to).toBe(T0 + 30_000);
    expect(before.series[0].points.at(-1)).toEqual({ ts: T0, value: 20 });
  });

  it('averages several samples of one push, in time order, and appends newer buckets', () => {
    const next = applyTrendLive(data(), push(
      { measureId: 11, value: 70, ts: T0 + MIN + 5_000 },
      { measureId: 11, value: 40, ts: T0 + 1_000 },
      { measureId: 21, value: 90, ts: T0 + MIN + 9_000 },
    ), widget())!;
    expect(next.series[0].points).toEqual([
      { ts: T0 - MIN, value: 10 }, { ts: T0, value: 30, n: 2 }, { ts: T0 + MIN, value: 80, n: 2 },
    ]);
  });

  it('ignores samples older than the last bucket and samples of other points', () => {
    expect(applyTrendLive(data(), push({ measureId: 11, value: 99, ts: T0 - 1 }), widget())).toBeUndefined();
    expect(applyTrendLive(data(), push({ measureId: 99, value: 99, ts: T0 + MIN }), widget())).toBeUndefined();
    const before = data();
    const mixed = applyTrendLive(before, push({ measureId: 11, value: 99, ts: T0 - 1 }, { measureId: 12, value: 70, ts: T0 + 1 }), widget())!;
    expect(mixed.series[0]).toBe(before.series[0]);
    expect(mixed.series[1].points).toEqual([{ ts: T0, value: 60, n: 2 }]);
  });

  it('keeps each series separate and leaves an untouched series as it was', () => {
    const before = data();
    const next = applyTrendLive(before, push({ measureId: 12, value: 70, ts: T0 + MIN }), widget())!;
    expect(next).not.toBe(before);
    expect(next.series[0]).toBe(before.series[0]);
    expect(next.series[1].points).toEqual([{ ts: T0, value: 50 }, { ts: T0 + MIN, value: 70, n: 1 }]);
  });

  it('drops points older than the window behind the newest point', () => {
    const hourly: TrendData = {
      bucketMs: HOUR, from: T0 - 2 * HOUR, to: T0,
      series: [{ tag: 1, name: 'PM2.5', unit: '', measureIds: [11], points: [{ ts: T0 - 2 * HOUR, value: 1 }, { ts: T0 - HOUR, value: 2 }, { ts: T0, value: 3 }] }],
    };
    const next = applyTrendLive(hourly, push({ value: 4, ts: T0 + HOUR + 5 }), widget({ windowHours: 2 }))!;
    expect(next.series[0].points.map((p) => p.ts)).toEqual([T0 - HOUR, T0, T0 + HOUR]);
    expect(next.from).toBe(T0 - HOUR);
    const wide = applyTrendLive(hourly, push({ value: 4, ts: T0 + HOUR + 5 }), widget())!;
    expect(wide.series[0].points).toHaveLength(4);
  });

  it('appends to a series that had no points yet', () => {
    const empty = { ...data(), series: [{ ...data().series[1], points: [] }] };
    expect(applyTrendLive(empty, push({ measureId: 12, value: 5, ts: T0 + 7 }), widget())!.series[0].points).toEqual([{ ts: T0, value: 5, n: 1 }]);
  });

  it('ignores other events and missing data', () => {
    const state: LiveEvent = { event: 'deviceState', data: { deviceId: 1, projectId: 1, state: 2, ts: T0 } };
    expect(applyTrendLive(data(), state, widget())).toBeUndefined();
    expect(applyTrendLive(undefined, push({ value: 1 }), widget())).toBeUndefined();
  });
});
