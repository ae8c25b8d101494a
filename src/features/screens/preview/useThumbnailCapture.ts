import { useEffect } from 'react';
import { storeThumbnail } from '../editor/captureThumbnail';

/** How long a capture waits for slow widgets before it takes what is drawn. */
const SETTLE_LIMIT_MS = 15_000;
/** After every widget has data: charts finish their entry animation. */
const ANIMATION_MS = 1_500;

/** The message a capture frame sends its parent (the library) when it is done. */
export const THUMBNAIL_DONE = 'nv-thumbnail-done';

const settled = () => {
  const widgets = [...document.querySelectorAll('[data-screen-widget]')];
  return widgets.length > 0 && widgets.every((w) => w.getAttribute('data-state') !== 'loading');
};

/**
 * `/nv_screen_graph_preview?id=&capture=1` (the library's hidden frame): once the runtime has drawn
 * the template with its data, stores a thumbnail of it with the template and tells the parent.
 */
export function useThumbnailCapture(id: number | null, enabled: boolean): void {
  useEffect(() => {
    if (!enabled || id === null) return undefined;
    let stopped = false;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const finish = (ok: boolean) => window.parent?.postMessage({ type: THUMBNAIL_DONE, id, ok }, window.location.origin);
    const attempt = () => {
      if (stopped) return;
      if (!settled() && Date.now() - started < SETTLE_LIMIT_MS) {
        timer = setTimeout(attempt, 250);
        return;
      }
      timer = setTimeout(() => {
        const canvas = document.querySelector<HTMLElement>('[data-screen-canvas]');
        if (!canvas || stopped) return finish(false);
        void storeThumbnail(id, canvas, { width: canvas.offsetWidth, height: canvas.offsetHeight }).then(finish);
      }, ANIMATION_MS);
    };
    attempt();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, enabled]);
}
