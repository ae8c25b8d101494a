import { z } from 'zod';
import { MeasureTrend, TrendPoint, TrendSeries } from '../screen-data';
import { liveSource, shortText } from './meta';

/** Smooth lines of one to four measure tags over time, with an optional limit line. */
export const TrendProps = z.strictObject({
  area: z.boolean().default(false).meta({ label: { zh: '面积填充', en: 'Area fill' } }),
  unit: shortText(32).optional().meta({
    label: { zh: '单位', en: 'Unit' },
    help: { zh: '留空使用数据中各序列的单位', en: 'Blank: the series\' own units' },
    control: 'text',
  }),
  limitLine: z.number().optional().meta({
    label: { zh: '限值线', en: 'Limit line' },
    help: { zh: '在此数值处画一条红色虚线（如国标限值）', en: 'A dashed red line at this value (e.g. the legal limit)' },
  }),
  windowHours: z.number().min(1 / 60, 'must be at least 1/60 (one minute)').max(24 * 366, 'must be at most 8784 (366 days)').default(24).meta({
    label: { zh: '时间窗口（小时）', en: 'Window (hours)' },
    help: { zh: '实时数据并入后，早于最新点减去此时长的点被移除', en: 'When live samples come in, points older than this before the newest are dropped' },
  }),
  live: liveSource(),
});
export type TrendProps = z.infer<typeof TrendProps>;

/** GET /api/s/measure-trend's answer; `n` counts the live samples averaged into a point. */
export const TrendData = MeasureTrend.extend({
  series: z.array(TrendSeries.extend({ points: z.array(TrendPoint.extend({ n: z.number().int().min(1).optional() })) })),
}).meta({ description: 'GET /api/s/measure-trend: buckets of bucketMs from `from` to `to`, one series per tag' });
export type TrendData = z.infer<typeof TrendData>;
