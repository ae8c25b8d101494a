import { z } from 'zod';
import { colour, liveSource, shortText } from './meta';

/** A ring (or pie) of counts with the total in its middle and a legend beside it. */
export const PieProps = z.strictObject({
  slices: z.record(
    z.string().min(1).max(64).meta({ label: { zh: '数据字段', en: 'Data field' } }),
    shortText(32).min(1, 'must not be blank').meta({ label: { zh: '显示名称', en: 'Label' } }),
  ).optional().meta({
    label: { zh: '扇区', en: 'Slices' },
    help: { zh: '数据字段及其显示名称，按顺序；留空显示除 total 外的全部数值字段', en: 'Data fields and their labels, in order; blank: every numeric field but total' },
  }),
  colours: z.array(colour()).max(32).optional().meta({
    label: { zh: '扇区颜色', en: 'Slice colours' },
    help: { zh: '按扇区顺序循环使用；留空使用主题色板', en: 'Used in slice order, repeating; blank: the theme palette' },
    control: 'colours',
  }),
  ring: z.boolean().default(true).meta({ label: { zh: '环形', en: 'Ring' }, help: { zh: '中间显示总数', en: 'The total in the middle' } }),
  live: liveSource(),
});
export type PieProps = z.infer<typeof PieProps>;

/** Counts by field (GET /api/s/device's answer); `total`, when there, is shown instead of the sum. */
export const PieData = z.looseObject({ total: z.number().nullable().optional() })
  .meta({ description: 'Counts by field, e.g. {online, alarm, offline, total}' });
export type PieData = z.infer<typeof PieData>;
