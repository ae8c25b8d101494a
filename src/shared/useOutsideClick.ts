import { useEffect, useRef, type RefObject } from 'react';

/** Calls `onOutside` when the pointer goes down outside every element in `refs`, while `active`. */
export function useOutsideClick(refs: RefObject<HTMLElement | null>[], onOutside: () => void, active: boolean): void {
  const latest = useRef(onOutside);
  useEffect(() => {
    latest.current = onOutside;
  });
  const refsRef = useRef(refs);
  useEffect(() => {
    refsRef.current = refs;
  });
  useEffect(() => {
    if (!active) return undefined;
    const listener = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && refsRef.current.some((ref) => ref.current?.contains(target))) return;
      latest.current();
    };
    document.addEventListener('pointerdown', listener, true);
    return () => document.removeEventListener('pointerdown', listener, true);
  }, [active]);
}
