import type { AlarmStats, DeviceStats, ProjectStats } from '../../../contract/statistics';
import { apiGet } from '../../shared/http';

export interface HomeStats {
  projects: ProjectStats;
  devices: DeviceStats;
  alarms: AlarmStats;
}

/** The three statistics calls of the root page (SPEC §7). */
export async function fetchHomeStats(signal?: AbortSignal): Promise<HomeStats> {
  const [projects, devices, alarms] = await Promise.all([
    apiGet<ProjectStats>('/s/project', undefined, signal),
    apiGet<DeviceStats>('/s/device', undefined, signal),
    apiGet<AlarmStats>('/s/wMeasure/count', undefined, signal),
  ]);
  return { projects, devices, alarms };
}
