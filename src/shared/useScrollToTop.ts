import { useEffect, type RefObject } from 'react';

/** Scrolls the window and the given container to the top whenever `path` changes (SPEC §2). */
export function useScrollToTop(path: string, container?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    window.scrollTo(0, 0);
    container?.current?.scrollTo?.(0, 0);
  }, [path, container]);
}
