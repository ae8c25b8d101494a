import { useEffect, useState } from 'react';

const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Someone touching the screen or pressing a key wants to look: the rotation pauses, and goes on
 * after `idleSec` without further input. Returns whether it is paused now.
 */
export function useIdlePause(idleSec: number, onPause: () => void, onResume: () => void): boolean {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wake = () => {
      clearTimeout(timer);
      setPaused(true);
      onPause();
      timer = setTimeout(() => {
        setPaused(false);
        onResume();
      }, idleSec * 1000);
    };
    for (const type of INPUT_EVENTS) window.addEventListener(type, wake, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, wake, { capture: true });
    };
  }, [idleSec, onPause, onResume]);
  return paused;
}
