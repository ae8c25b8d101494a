import { useEffect, useRef } from 'react';

const INPUT_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * An operator on one tile (hover, tooltip, a 3D view turned) changes only that tile; `onIdle` is
 * called once `idleSeconds` have passed since the last input, so the tile can go back to the
 * synchronised state. Nothing is called while nobody touches the tile.
 */
export function useIdleReset(idleSeconds: number, onIdle: () => void): void {
  const handler = useRef(onIdle);
  handler.current = onIdle;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const fire = () => {
      timer = undefined;
      handler.current();
    };
    const input = () => {
      // A moving pointer sends dozens of events a second: the timer is set again at most every 250 ms.
      const now = Date.now();
      if (timer !== undefined && now - last < 250) return;
      last = now;
      clearTimeout(timer);
      timer = setTimeout(fire, idleSeconds * 1000);
    };
    for (const type of INPUT_EVENTS) window.addEventListener(type, input, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, input, { capture: true });
    };
  }, [idleSeconds]);
}
