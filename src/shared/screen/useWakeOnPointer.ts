import { useEffect, useState } from 'react';

/** How long a wall page's switcher stays after the pointer last moved. */
export const CONTROLS_IDLE_MS = 3_000;

/**
 * Whether a wall page's controls are out: from any pointer move or press until CONTROLS_IDLE_MS
 * after the last. The page (`[data-page=pageName]`) gets `data-pointer="on"` meanwhile, so it shows
 * the cursor only then.
 */
export function useWakeOnPointer(pageName: string): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const page = document.querySelector<HTMLElement>(`[data-page="${pageName}"]`);
    const wake = () => {
      setOpen(true);
      page?.setAttribute('data-pointer', 'on');
      clearTimeout(timer);
      timer = setTimeout(() => {
        setOpen(false);
        page?.removeAttribute('data-pointer');
      }, CONTROLS_IDLE_MS);
    };
    window.addEventListener('pointermove', wake);
    window.addEventListener('pointerdown', wake);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointermove', wake);
      window.removeEventListener('pointerdown', wake);
    };
  }, [pageName]);
  return open;
}
