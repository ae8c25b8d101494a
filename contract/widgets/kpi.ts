import { z } from 'zod';
import { colour, shortText } from './meta';

/** The KPI card's icons; `data` (a small bar chart) is the default. */
export const KPI_ICONS = ['data', 'building', 'device', 'online', 'offline', 'alarm', 'energy', 'air', 'aqi'] as const;
export type KpiIcon = (typeof KPI_ICONS)[number];

/** One big number with an icon and a unit; counts to each new value and turns red above `blinkAbove`. */
export const KpiProps = z.strictObject({
  unit: shortText(32).optional().meta({ label: { zh: '单位', en: 'Unit' }, control: 'text' }),
  decimals: z.number().int().min(0).max(6).default(0).meta({ label: { zh: '小数位数', en: 'Decimal places' } }),
  colour: colour().optional().meta({
    label: { zh: '数字颜色', en: 'Number colour' },
    help: { zh: '留空使用主题强调色', en: 'Blank: the theme\'s accent colour' },
  }),
  blinkAbove: z.number().optional().meta({
    label: { zh: '告警阈值', en: 'Alarm above' },
    help: { zh: '数值大于此值时变红并闪烁', en: 'Above this value the number turns red and glows' },
  }),
  icon: z.enum(KPI_ICONS).default('data').meta({
    label: { zh: '图标', en: 'Icon' },
    control: 'icon',
    options: {
      data: { zh: '数据', en: 'Data' },
      building: { zh: '建筑', en: 'Building' },
      device: { zh: '设备', en: 'Device' },
      online: { zh: '在线', en: 'Online' },
      offline: { zh: '离线', en: 'Offline' },
      alarm: { zh: '告警', en: 'Alarm' },
      energy: { zh: '能耗', en: 'Energy' },
      air: { zh: '风量', en: 'Air volume' },
      aqi: { zh: '空气质量', en: 'Air quality' },
    },
  }),
});
export type KpiProps = z.infer<typeof KpiProps>;

/** The value; null (or a non-number) shows "--". */
export const KpiData = z.number().nullable().meta({ description: 'The value to show; null shows "--"' });
export type KpiData = z.infer<typeof KpiData>;
