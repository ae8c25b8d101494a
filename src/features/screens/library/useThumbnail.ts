import { useEffect, useState } from 'react';
import { fetchThumbnail } from './libraryApi';

/**
 * The stored thumbnail of template `id` (null: none to show) as an object URL while mounted;
 * read again when `version` changes, the old URL revoked on change and unmount, a read still on
 * its way aborted.
 */
export function useThumbnail(id: number | null, version: unknown): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (id === null) return undefined;
    const abort = new AbortController();
    let made: string | null = null;
    fetchThumbnail(id, abort.signal).then((u) => {
      made = u;
      if (abort.signal.aborted) {
        if (u) URL.revokeObjectURL(u);
      } else setUrl(u);
    }, () => undefined);
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [id, version]);
  return url;
}
