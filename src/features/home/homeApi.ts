import type { UserInfo } from '../../../contract/session';
import { apiGet } from '../../shared/http';

export function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  return apiGet<UserInfo>('/user/info', undefined, signal);
}
