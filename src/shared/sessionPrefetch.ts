import type { MenuItem, UserInfo } from '../../contract/session';
import { apiGet } from './http';
import { fetchUserInfo } from './user';

/** A start-up read older than this is not used: the session is read afresh. */
const MAX_AGE_MS = 10_000;

let early: { at: number; user: Promise<UserInfo>; menu: Promise<MenuItem[]> } | null = null;

/**
 * Starts the session reads (user info and app menu) before the console's chunk has even loaded,
 * for starts where every step counts (a wall opening /monitor). The bootstrap takes them over.
 */
export function startSessionPrefetch(): void {
  const user = fetchUserInfo();
  const menu = apiGet<MenuItem[]>('/menu/all', { type: 'app' });
  user.catch(() => undefined);
  menu.catch(() => undefined);
  early = { at: Date.now(), user, menu };
}

/** The reads started at start-up, handed over once while fresh; null otherwise. */
export function takeSessionPrefetch(): { user: Promise<UserInfo>; menu: Promise<MenuItem[]> } | null {
  const taken = early;
  early = null;
  return taken && Date.now() - taken.at < MAX_AGE_MS ? taken : null;
}
