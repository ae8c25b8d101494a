import { HubNoticeType } from '../../../contract/hub';
import type { TokenResult } from '../../../contract/session';
import { issueSession, revokeUserSessions } from '../../auth/sessions';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/api-error';
import { auditLog } from '../../logs/audit-log';
import { clearFailedLogins } from '../../auth/login-locks';
import { findApplicationLogin } from './user-repository';

/**
 * With single-session on, a new login ends the account's other sessions this long after it, so the
 * page logged in elsewhere can show its 下线提示 for the 5 s of SPEC §4 before it lets go.
 */
export const SINGLE_SESSION_GRACE_MS = 10_000;

export interface SignInOptions {
  /** Minutes asked for; capped to the configured maximum (TOKEN_MAX_MINUTES). */
  tokenExpired: number;
  appId: number | null;
  ip: string;
  /** The log line's detail: `ok` for a password login, `guest` for 游客访问. */
  detail: string;
}

/**
 * What every successful sign-in does once the account is known to be allowed in (password login
 * and 游客访问 alike): the app's login switch, a fresh session token, single-session for accounts
 * that are not guests, and the login log line.
 */
export async function signIn(
  { db, config, hub }: AppDeps, user: { id: number; username: string; is_guest: number }, options: SignInOptions,
): Promise<TokenResult> {
  const now = Date.now();
  if (options.appId !== null) {
    const appRow = await findApplicationLogin(db, options.appId);
    if (!appRow) throw badRequest('应用不存在');
    if (!appRow.can_login) throw badRequest('该应用不允许登录');
  }
  await clearFailedLogins(db, user.id, options.ip);
  const issued = await issueSession(db, user.id, Math.min(options.tokenExpired, config.tokenMaxMinutes), options.appId, now);
  // Guest accounts are shared by design: one guest never logs another out.
  if (config.singleSession && !user.is_guest) {
    await revokeUserSessions(db, user.id, issued.sessionId, now + SINGLE_SESSION_GRACE_MS);
    void hub.publishToUser(user.id, { type: HubNoticeType.Logout, data: { reason: 'loginElsewhere' } }, { exceptSessionId: issued.sessionId });
  }
  // The application signed into is the line's target: the login statistics per application read it.
  await auditLog(db, {
    userId: user.id, username: user.username, action: 'login', detail: options.detail, ip: options.ip,
    target: options.appId !== null ? `t_application#${options.appId}` : '',
  });
  return { token: issued.token, expiresAt: issued.expiresAt, userId: user.id, username: user.username };
}
