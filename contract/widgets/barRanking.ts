import { z } from 'zod';
import { shortText } from './meta';

/** Where a horizontal ranking puts its names: `auto` keeps them whole, beside the bars when they fit, else above. */
export const BAR_NAME_LAYOUTS = ['auto', 'beside', 'above'] as const;
export type BarNameLayout = (typeof BAR_NAME_LAYOUTS)[number];

/** Ranked bars with values, optionally coloured red / amber / green by thresholds. */
export const BarRankingProps = z.strictObject({
  unit: shortText(32).optional().meta({ label: { zh: '单位', en: 'Unit' }, control: 'text' }),
  horizontal: z.boolean().default(true).meta({ label: { zh: '横向条形', en: 'Horizontal bars' } }),
  /** Horizontal bars: the names left of the bars, on a line above each bar, or whichever keeps them whole. */
  nameLayout: z.enum(BAR_NAME_LAYOUTS).default('auto').meta({
    label: { zh: '名称位置', en: 'Names' },
    options: {
      auto: { zh: '自动（左侧放不下时放到条形上方）', en: 'Auto (above the bars when they do not fit beside them)' },
      beside: { zh: '条形左侧', en: 'Left of the bars' },
      above: { zh: '条形上方', en: 'Above the bars' },
    },
    help: { zh: '仅横向条形；放不下的名称以“…”截断，悬停显示全名', en: 'Horizontal bars only; a name that still does not fit ends in "…" and shows whole on hover' },
  }),
  decimals: z.number().int().min(0).max(6).optional().meta({
    label: { zh: '小数位数', en: 'Decimal places' },
    help: { zh: '留空：数值均为整数时 0 位，否则 1 位', en: 'Blank: 0 when every value is whole, else 1' },
  }),
  max: z.number().positive().optional().meta({
    label: { zh: '坐标最大值', en: 'Axis maximum' },
    help: { zh: '如百分比填 100；留空取最大值', en: 'E.g. 100 for percentages; blank: the largest value' },
  }),
  lowIsBad: z.strictObject({
    red: z.number().meta({ label: { zh: '红色低于', en: 'Red below' } }),
    amber: z.number().meta({ label: { zh: '黄色低于', en: 'Amber below' } }),
  }).optional().meta({
    label: { zh: '低值告警色', en: 'Low is bad' },
    help: { zh: '低于红色阈值为红，低于黄色阈值为黄，其余为绿（如滤网剩余寿命）', en: 'Below red is red, below amber amber, the rest green (e.g. filter life left)' },
  }),
});
export type BarRankingProps = z.infer<typeof BarRankingProps>;

/** The items in rank order (sort them with the binding's transform); a null value shows "--". */
export const BarRankingData = z.array(z.looseObject({
  name: z.union([z.string(), z.number()]).nullable(),
  value: z.number().nullable(),
})).meta({ description: 'Items [{name, value}]; map other fields onto name and value with the binding' });
export type BarRankingData = z.infer<typeof BarRankingData>;
