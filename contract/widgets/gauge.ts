import { z } from 'zod';
import { shortText } from './meta';

/** A dial of one value on a scale, coloured by bands (the AQI levels for `kind: 'aqi'`). */
export const GaugeProps = z.strictObject({
  min: z.number().default(0).meta({ label: { zh: '最小值', en: 'Minimum' } }),
  max: z.number().optional().meta({
    label: { zh: '最大值', en: 'Maximum' },
    help: { zh: '留空：AQI 为 300，否则 100；须大于最小值', en: 'Blank: 300 for AQI, else 100; must be above the minimum' },
  }),
  bands: z.array(z.number()).max(16).optional().meta({
    label: { zh: '色带分界', en: 'Band thresholds' },
    help: { zh: '最小值与最大值之间的分界值，依次为绿、黄、橙、红、紫、褐；留空：AQI 用国标分级，否则单色', en: 'Thresholds between min and max, coloured green, yellow, orange, red, purple, maroon; blank: the AQI levels for AQI, else one colour' },
  }),
  unit: shortText(32).optional().meta({ label: { zh: '单位', en: 'Unit' }, control: 'text' }),
  kind: z.enum(['aqi']).optional().meta({
    label: { zh: '类型', en: 'Kind' },
    help: { zh: 'AQI：显示空气质量等级', en: 'AQI: shows the air quality level' },
    options: { aqi: { zh: '空气质量指数 AQI', en: 'Air quality index (AQI)' } },
  }),
});
export type GaugeProps = z.infer<typeof GaugeProps>;

/** The value; null shows "--". */
export const GaugeData = z.number().nullable().meta({ description: 'The value to show; null shows "--"' });
export type GaugeData = z.infer<typeof GaugeData>;
