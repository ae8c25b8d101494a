import { useEffect, useMemo, useState } from 'react';
import { THUMBNAIL_DONE } from '../preview/useThumbnailCapture';
import type { LibraryTemplate } from './libraryApi';

/** A frame that never answers (a template that cannot load) is given up after this. */
const FRAME_LIMIT_MS = 30_000;

/**
 * Draws the thumbnails the library lacks (templates seeded or imported, never saved in the editor):
 * one hidden preview frame at a time renders the template with the real runtime and stores its
 * picture (preview `capture=1`); `onMade` refreshes the cards. Each template is tried once per visit.
 */
export function ThumbnailMaker({ templates, onMade }: { templates: LibraryTemplate[]; onMade(): void }) {
  const [tried, setTried] = useState<ReadonlySet<number>>(new Set());
  const next = useMemo(() => templates.find((t) => !t.hasThumbnail && !tried.has(t.id) && t.width !== null), [templates, tried]);

  useEffect(() => {
    if (!next) return undefined;
    const done = () => setTried((s) => new Set(s).add(next.id));
    const onMessage = (e: MessageEvent) => {
      const data = e.data as { type?: string; id?: number; ok?: boolean } | null;
      if (e.origin !== window.location.origin || data?.type !== THUMBNAIL_DONE || data.id !== next.id) return;
      done();
      if (data.ok) onMade();
    };
    window.addEventListener('message', onMessage);
    const timer = setTimeout(done, FRAME_LIMIT_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, [next, onMade]);

  if (!next) return null;
  return (
    <iframe
      key={next.id}
      title="thumbnail"
      aria-hidden
      tabIndex={-1}
      src={`/nv_screen_graph_preview?id=${next.id}&capture=1`}
      style={{ position: 'fixed', left: -20000, top: 0, width: next.width!, height: next.height!, border: 0, visibility: 'hidden', pointerEvents: 'none' }}
    />
  );
}
