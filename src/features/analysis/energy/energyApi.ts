import type { EnergyDeviceList, EnergyPeriod, EnergyProjectList } from '../../../../contract/energy-analysis';
import { request } from '../../../shared/http';

/** The energy analysis calls (/app-api, server/routes/energy/). `date`: a site day in the period, YYYY-MM-DD; absent: today. */
export const fetchEnergyProjects = (period: EnergyPeriod, date: string | undefined, signal?: AbortSignal) =>
  request<EnergyProjectList>('GET', '/v_energy_prj_list', { query: { period, date }, signal }, 'appApi');

export const fetchEnergyDevices = (projectId: number, period: EnergyPeriod, date: string | undefined, signal?: AbortSignal) =>
  request<EnergyDeviceList>('GET', '/v_energy_dev_list', { query: { projectId, period, date }, signal }, 'appApi');
