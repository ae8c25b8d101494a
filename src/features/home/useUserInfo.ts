import { useEffect, useState } from 'react';
import type { UserInfo } from '../../../contract/session';
import { ApiRequestError } from '../../shared/http';
import { clearToken } from '../../shared/session';
import { fetchUserInfo } from './homeApi';

export type UserInfoState =
  | { status: 'loading' }
  | { status: 'ready'; user: UserInfo }
  | { status: 'signed-out' }
  | { status: 'failed'; error: string };

/** Loads the signed-in user; a rejected or expired token is cleared and reported as `signed-out`. */
export function useUserInfo(): [UserInfoState, () => void] {
  const [state, setState] = useState<UserInfoState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchUserInfo(controller.signal).then(
      (user) => setState({ status: 'ready', user }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiRequestError && (err.status === 401 || err.requireLogin)) {
          clearToken();
          setState({ status: 'signed-out' });
        } else setState({ status: 'failed', error: err instanceof ApiRequestError && err.status !== 0 ? err.message : '' });
      },
    );
    return () => controller.abort();
  }, [attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}
