import type { TokenResult } from '../../../contract/session';
import { TOKEN_EXPIRED_MINUTES } from '../../../contract/constants';
import { apiPost } from '../../shared/http';
import { getAppId } from '../../shared/session';

/**
 * POST /api/user/login, with the app id handed over in the address if there was one (SPEC §7).
 * The server checks the plain password (md5 is only for login-test).
 */
export function login(user: string, password: string): Promise<TokenResult> {
  return apiPost<TokenResult>(
    '/user/login',
    { user: user.trim(), password, orgBZ: '', tokenExpired: TOKEN_EXPIRED_MINUTES },
    { appId: getAppId() },
  );
}

/**
 * POST /api/user-manage/guest (游客访问): a session of the shared guest account, answered like a
 * login so the token is stored the same way. Refused while guest mode is off.
 */
export function guestLogin(): Promise<TokenResult> {
  return apiPost<TokenResult>('/user-manage/guest', { tokenExpired: TOKEN_EXPIRED_MINUTES }, { appId: getAppId() });
}
