import { z } from 'zod';
import { liveSource } from './meta';
import { ProjectListData, stateColours } from './projects';
import { MAP_MODES } from '../constants';

export { MAP_MODES, type MapMode } from '../constants';

/** The projects on a map of China (AMap online, a built-in map offline), coloured by state. */
export const ProjectMapProps = z.strictObject({
  cluster: z.boolean().default(false).meta({
    label: { zh: '聚合', en: 'Cluster' },
    help: { zh: '把重叠的标记合并为一个气泡', en: 'Group overlapping markers into one bubble' },
  }),
  stateColours: stateColours(),
  mode: z.enum(MAP_MODES).optional().meta({
    label: { zh: '地图', en: 'Map' },
    help: { zh: '留空按系统设置', en: 'Blank: the system setting' },
    options: {
      auto: { zh: '自动（高德优先，失败用离线地图）', en: 'Auto (AMap, else the offline map)' },
      amap: { zh: '高德地图', en: 'AMap' },
      offline: { zh: '离线地图', en: 'Offline map' },
    },
  }),
  live: liveSource(),
});
export type ProjectMapProps = z.infer<typeof ProjectMapProps>;

export const ProjectMapData = ProjectListData;
export type ProjectMapData = ProjectListData;
