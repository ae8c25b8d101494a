import { atom } from 'jotai';
import type { LogoutData } from '../../../contract/hub';

export type LogoutReason = LogoutData['reason'];

/** How long 下线提示 shows before the token is removed and the page reloads (SPEC §4). */
export const FORCED_LOGOUT_DELAY_MS = 5_000;

/** Why the session ended, from the `logout` push until the reload: the console shows the 下线提示 dialog. */
export const forcedLogoutAtom = atom<LogoutReason | null>(null);

export interface ForcedLogoutDeps {
  show(reason: LogoutReason): void;
  clearToken(): void;
  reload(): void;
  delayMs?: number;
}

export interface ForcedLogout {
  /** The session ended (by default: the account logged in elsewhere): show the warning, then log out after the delay. Once only. */
  trigger(reason?: LogoutReason): void;
  /** Drops a pending logout (the console is going away). */
  cancel(): void;
}

/** The reaction to a `logout` push (SPEC §4, §8 "Login elsewhere"). */
export function createForcedLogout(deps: ForcedLogoutDeps): ForcedLogout {
  let fired = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    trigger(reason = 'loginElsewhere') {
      if (fired) return;
      fired = true;
      deps.show(reason);
      timer = setTimeout(() => {
        timer = undefined;
        deps.clearToken();
        deps.reload();
      }, deps.delayMs ?? FORCED_LOGOUT_DELAY_MS);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
