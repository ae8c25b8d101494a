import { z } from 'zod';
import { RealAlarm } from '../alarms';
import { LIVE_ALARM_ORDERS } from '../live-alarms';
import { cssColour, liveSource } from './meta';

/**
 * The open alarms, newest first (or by level, then newest: contract/live-alarms.ts, the order the
 * bell and 实时告警 use), scrolling when they overflow; new ones flash. The source should ask for
 * at least `limit` rows in the same order (`Size`, `order` of GET /api/t_real_measure_warning).
 */
export const AlarmTickerProps = z.strictObject({
  limit: z.number().int().min(1).max(500).default(20).meta({ label: { zh: '最多条数', en: 'Rows at most' } }),
  order: z.enum(LIVE_ALARM_ORDERS).default('time').meta({
    label: { zh: '排序', en: 'Order' },
    options: { time: { zh: '最新在前', en: 'Newest first' }, level: { zh: '按级别，再按时间', en: 'By level, then newest' } },
  }),
  /** Keys are the levels as the product names them: 1 提示, 2 次要, 3 重要 (warnLevel + 1). */
  levelColours: z.strictObject({
    1: cssColour().optional().meta({ label: { zh: '提示', en: 'Hint' } }),
    2: cssColour().optional().meta({ label: { zh: '次要', en: 'Minor' } }),
    3: cssColour().optional().meta({ label: { zh: '重要', en: 'Important' } }),
  }).optional().meta({
    label: { zh: '级别颜色', en: 'Level colours' },
    help: { zh: '留空使用主题色', en: 'Blank: the theme\'s colours' },
  }),
  speed: z.number().min(1).max(2_000).default(30).meta({
    label: { zh: '滚动速度（像素/秒）', en: 'Scroll speed (px/s)' },
  }),
  live: liveSource(),
});
export type AlarmTickerProps = z.infer<typeof AlarmTickerProps>;

/** The open alarms (GET /api/t_real_measure_warning's `list`); hub pushes are folded in. */
export const AlarmTickerData = z.array(RealAlarm).meta({ description: 'Open alarms, e.g. the list of GET /api/t_real_measure_warning' });
export type AlarmTickerData = z.infer<typeof AlarmTickerData>;
