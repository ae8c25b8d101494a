import type { TokenResult } from '../../../contract/session';
import { apiPost } from '../../shared/http';
import { TOKEN_EXPIRED_MINUTES } from '../../../contract/constants';

/** POST /api/user/login. The server checks the plain password (md5 is only for login-test). */
export function login(user: string, password: string): Promise<TokenResult> {
  return apiPost<TokenResult>('/user/login', { user: user.trim(), password, orgBZ: '', tokenExpired: TOKEN_EXPIRED_MINUTES });
}
