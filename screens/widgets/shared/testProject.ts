import type { ScreenProject } from '../../../contract/screen-data';
import type { LocatedProject } from './projectList';

/** A project of the overview's `projectList` for the map widgets' tests (Shanghai unless told). */
export function testProject(id: number, over: Partial<ScreenProject> = {}): ScreenProject {
  return {
    id, name: `项目${id}`, city: '上海', region: '华东', lng: 121.47, lat: 31.23, state: 'normal',
    devices: 10, online: 9, alarms: 0, energyToday: 120.5, pm25: 12.3, aqi: 40, ...over,
  };
}

/** {@link testProject} with coordinates for sure. */
export function testLocated(id: number, over: Partial<LocatedProject> = {}): LocatedProject {
  return testProject(id, over) as LocatedProject;
}
