import { Right, type RightCode } from './rights';
import { DISPLAY_TOKEN_PREFIX } from './walls';

/**
 * Display tokens (issue 23): a video wall's own credential, per wall or per tile. They travel
 * wherever a session token does (Authorization: Bearer, the `nv_token` cookie, the hub), are
 * never refreshed, and sign in a read-only display principal, never a person.
 */
export { DISPLAY_TOKEN_PREFIX };

/** A display token as the server issues it: the prefix and 43 URL-safe characters. */
export const DISPLAY_TOKEN_PATTERN = /^nvd_[A-Za-z0-9_-]{43}$/;

/** Whether `token` is meant as a display token (its prefix: no session token has it). */
export function isDisplayToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && token.startsWith(DISPLAY_TOKEN_PREFIX);
}

/**
 * The most a display principal may hold: what a wall shows (screen templates, the widgets' device
 * and alarm reads, project graphs). Its rights are its creator's rights within these.
 */
export const DISPLAY_RIGHTS: readonly RightCode[] = [
  Right.ScreenPreview, Right.DevicePreview, Right.ProjectPreview, Right.RealAlarmPreview,
];
