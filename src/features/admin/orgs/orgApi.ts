import type { OrgDisableResult } from '../../../../contract/resources/org-extras';
import { request } from '../../../shared/http';

/** Disables (or enables again) an organisation and its whole subtree. */
export function setOrgDisabled(id: number, disabled: boolean): Promise<OrgDisableResult> {
  return request<OrgDisableResult>('POST', '/t_org/disable', { body: { id, disabled } });
}
