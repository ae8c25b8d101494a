import { useEffect } from 'react';

/**
 * While `dirty`, leaving asks first: closing or reloading the tab (beforeunload) and the console's
 * own navigation to another page (history pushState/replaceState to another path, which is how
 * wouter navigates), through `confirmLeave`. Query changes on the same path pass. Restored on
 * unmount or when clean.
 */
export function useLeaveGuard(dirty: boolean, confirmLeave: () => boolean): void {
  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const originals = { pushState: history.pushState, replaceState: history.replaceState };
    const guard = (method: 'pushState' | 'replaceState') => function guarded(this: History, data: unknown, unused: string, url?: string | URL | null) {
      const target = url ? new URL(String(url), location.href) : null;
      if (target && target.pathname !== location.pathname && !confirmLeave()) return;
      originals[method].call(this, data, unused, url);
    };
    history.pushState = guard('pushState');
    history.replaceState = guard('replaceState');
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      history.pushState = originals.pushState;
      history.replaceState = originals.replaceState;
    };
  }, [dirty, confirmLeave]);
}
