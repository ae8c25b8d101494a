import { z } from 'zod';
import { ScreenProject } from '../screen-data';
import { colour } from './meta';

/** Colours of the project states on the map and the globe; an unset one keeps the theme's. */
export const stateColours = () => z.strictObject({
  normal: colour().optional().meta({ label: { zh: '正常', en: 'Normal' } }),
  alarm: colour().optional().meta({ label: { zh: '告警', en: 'Alarm' } }),
  offline: colour().optional().meta({ label: { zh: '离线', en: 'Offline' } }),
}).optional().meta({ label: { zh: '状态颜色', en: 'State colours' }, help: { zh: '留空使用主题色', en: 'Blank: the theme\'s colours' } });

/**
 * Projects to place: the `projectList` of GET /api/s/screen/overview or the whole answer. The
 * widgets read each project leniently (a field the binding dropped reads as empty), so every
 * field is optional here; without lng/lat a project is counted but not placed.
 */
const Project = ScreenProject.partial();
export const ProjectListData = z.union([z.array(Project), z.looseObject({ projectList: z.array(Project) })])
  .meta({ description: 'Projects [{id, name, city, lng, lat, state, devices, energyToday, alarms, …}], or an object with such a projectList' });
export type ProjectListData = z.infer<typeof ProjectListData>;
