import { z } from 'zod';
import { liveSource } from './meta';
import { ProjectListData, stateColours } from './projects';

/** The project figures a globe bar's height can show. */
export const GLOBE_VALUE_FIELDS = ['devices', 'energyToday', 'alarms'] as const;
export type GlobeValueField = (typeof GLOBE_VALUE_FIELDS)[number];

/** Projects as bars on a 3D map of China, height from one figure, colour from the state. */
export const Globe3dProps = z.strictObject({
  valueField: z.enum(GLOBE_VALUE_FIELDS).default('devices').meta({
    label: { zh: '柱高', en: 'Bar height' },
    options: {
      devices: { zh: '设备数', en: 'Devices' },
      energyToday: { zh: '今日能耗', en: 'Energy today' },
      alarms: { zh: '告警数', en: 'Alarms' },
    },
  }),
  stateColours: stateColours(),
  autoRotate: z.boolean().default(true).meta({ label: { zh: '自动旋转', en: 'Rotate by itself' } }),
  labels: z.boolean().default(true).meta({
    label: { zh: '柱顶标注', en: 'Bar labels' },
    help: { zh: '柱顶显示名次与城市，全名见图例或悬停', en: 'Rank and city on each bar; the whole name in the legend or on hover' },
  }),
  legend: z.boolean().default(true).meta({
    label: { zh: '图例', en: 'Legend' },
    help: { zh: '左下角：柱高含义、状态颜色与按名次排列的项目', en: 'Bottom left: what the height shows, the state colours and the projects by rank' },
  }),
  live: liveSource(),
});
export type Globe3dProps = z.infer<typeof Globe3dProps>;

export const Globe3dData = ProjectListData;
export type Globe3dData = ProjectListData;
