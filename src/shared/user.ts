import { atom, useAtomValue } from 'jotai';
import type { UserInfo } from '../../contract/session';
import { hasAnyRight, hasRight } from '../../contract/rights';
import { apiGet } from './http';

/** The signed-in user; null until the console has loaded it (SPEC §3 user state). */
export const userAtom = atom<UserInfo | null>(null);

export const rightsAtom = atom<readonly string[]>((get) => get(userAtom)?.rights ?? []);

/** The rejection text of SPEC §8 for a user info answer with success false. */
export const VERIFICATION_FAILED = 'Verification failed, please Login again.';

export function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  return apiGet<UserInfo>('/user/info', undefined, signal);
}

export function useRights(): readonly string[] {
  return useAtomValue(rightsAtom);
}

/** True when the user holds `code` (SPEC §6: elements needing a missing code are removed). */
/** The user may change the platform's shared records and switches (it sees all data). */
export function usePlatformUser(): boolean {
  return useAtomValue(userAtom)?.platform === true;
}

export function useHasRight(code: string): boolean {
  return hasRight(useRights(), code);
}

/** True when the user holds any of `codes` (the variant of SPEC §6). */
export function useHasAnyRight(codes: readonly string[]): boolean {
  return hasAnyRight(useRights(), codes);
}

/** The user named superadmin has its own layout (SPEC §2, §6). */
export const SUPER_ADMIN_NAME = 'superadmin';
