import type { NameItem } from '../../../../contract/envelope';
import type { User } from '../../../../contract/resources/user';
import type { CheckUserResult, GuestInfo, GuestState, UserOrgNode } from '../../../../contract/users';
import { apiGet, request } from '../../../shared/http';

/** The user-manage calls beside the kit's (server/routes/user-manage/): what the users and visitor pages send. */

export const fetchUserOrgs = (signal?: AbortSignal) => apiGet<UserOrgNode[]>('/user-manage/orgs', undefined, signal);

export const fetchAssignableRoles = (orgId: number, signal?: AbortSignal) =>
  apiGet<NameItem[]>('/user-manage/assignable-roles', { orgId }, signal);

export const checkUsername = (username: string) => apiGet<CheckUserResult>('/user-manage/check-user', { username });

export const setUserDisabled = (id: number, disabled: boolean) => request<User>('POST', '/user-manage/disable', { body: { id, disabled } });

export const setUserPassword = (id: number, password: string) => request<true>('POST', '/user-manage/change-password', { body: { id, password } });

export const unlockUser = (id: number) => request<true>('POST', '/user-manage/unlock', { body: { id } });

export const recoverUser = (id: number) => request<User>('POST', '/user-manage/recover', { body: { id }, quietNotFound: true });

export const moveUser = (id: number, orgId: number) => request<User>('POST', '/user-manage/join-org', { body: { id, orgId } });

export const fetchGuestInfo = (signal?: AbortSignal) => apiGet<GuestInfo>('/user-manage/guest-info', undefined, signal);

export const setGuestMode = (enabled: boolean, orgId?: number) =>
  request<GuestState>('POST', '/user-manage/enable-guest', { body: orgId === undefined ? { enabled } : { enabled, orgId } });
