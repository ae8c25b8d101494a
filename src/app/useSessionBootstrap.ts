import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { MenuItem } from '../../contract/session';
import { ApiRequestError, apiGet } from '../shared/http';
import { menuItemsAtom } from '../shared/menu';
import { loginUrlFor } from '../shared/redirect';
import { clearToken, setPageSource } from '../shared/session';
import { takeSessionPrefetch } from '../shared/sessionPrefetch';
import { fetchUserInfo, userAtom, VERIFICATION_FAILED } from '../shared/user';

export type BootstrapState =
  | { status: 'loading' }
  | { status: 'ready' }
  | { status: 'failed'; error: string };

/** A console left on a wall retries on its own when the server was briefly away. */
export const BOOTSTRAP_RETRY_MS = 10_000;

/**
 * The session step of start-up: the user info and the app menu, fetched together (SPEC §2, §4). A user info
 * answer with success false removes the token and goes to login; an expired session is handled
 * by the HTTP layer (toast and reload); a server that cannot be reached is retried.
 */
export function useSessionBootstrap(): [BootstrapState, () => void] {
  const setUser = useSetAtom(userAtom);
  const setMenu = useSetAtom(menuItemsAtom);
  const [, navigate] = useLocation();
  const [state, setState] = useState<BootstrapState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    setState({ status: 'loading' });
    (async () => {
      // The menu does not depend on the user info: both requests go out at once (or went out at
      // start-up already, see sessionPrefetch).
      const early = takeSessionPrefetch();
      const menuRequest = early?.menu ?? apiGet<MenuItem[]>('/menu/all', { type: 'app' }, controller.signal);
      menuRequest.catch(() => undefined);
      try {
        const user = await (early?.user ?? fetchUserInfo(controller.signal)).catch((err: unknown) => {
          if (err instanceof ApiRequestError && err.status === 200 && !err.requireLogin) {
            clearToken();
            throw new ApiRequestError(VERIFICATION_FAILED, 200);
          }
          throw err;
        });
        const menu = await menuRequest;
        if (controller.signal.aborted) return;
        setPageSource(user.orgType);
        setUser(user);
        setMenu(menu);
        setState({ status: 'ready' });
      } catch (err) {
        if (controller.signal.aborted) return;
        const apiError = err instanceof ApiRequestError ? err : undefined;
        if (apiError?.requireLogin || apiError?.status === 401) return;
        if (apiError?.message === VERIFICATION_FAILED) {
          console.error(VERIFICATION_FAILED);
          navigate(loginUrlFor(window.location.pathname + window.location.search), { replace: true });
          return;
        }
        if (!apiError) console.error('console start-up failed', err);
        setState({ status: 'failed', error: apiError && apiError.status !== 0 ? apiError.message : '' });
        retry = setTimeout(() => setAttempt((n) => n + 1), BOOTSTRAP_RETRY_MS);
      }
    })();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [attempt, navigate, setMenu, setUser]);

  return [state, () => setAttempt((n) => n + 1)];
}
