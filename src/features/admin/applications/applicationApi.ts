import type { LoginStat } from '../../../../contract/resources/application-stats';
import type { ApplicationUsage } from '../../../../contract/resources/application-links';
import type { OrgApplication } from '../../../../contract/resources/org-extras';
import type { z } from 'zod';
import { apiGet, request } from '../../../shared/http';

export type Usage = z.infer<typeof ApplicationUsage>;

export function fetchUsage(signal?: AbortSignal): Promise<Usage[]> {
  return apiGet<Usage[]>('/t_application/user-app-count', undefined, signal);
}

/** Sign-ins per application and day over the last `days` days, counted in the browser's time zone. */
export function fetchLoginStats(days: number, signal?: AbortSignal): Promise<LoginStat[]> {
  return apiGet<LoginStat[]>('/t_application/login-stats', { days, tzOffset: new Date().getTimezoneOffset() }, signal);
}

export function fetchApplicationOrgs(appId: number, signal?: AbortSignal): Promise<{ id: number; name: string }[]> {
  return apiGet('/t_application/orgs', { id: appId }, signal);
}

export function fetchOrgApplications(orgId: number, signal?: AbortSignal): Promise<OrgApplication[]> {
  return apiGet<OrgApplication[]>(`/t_org/applications/${orgId}`, undefined, signal);
}

/** Joins organisations to an application (`add`) or takes them off; answers how many links changed. */
export function linkOrgs(appId: number, orgIds: number[], add: boolean): Promise<number> {
  return request<number>('POST', `/t_application/${add ? 'add-org' : 'remove-org'}`, { body: { appId, orgIds } });
}
