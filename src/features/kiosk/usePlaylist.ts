import { useEffect, useState } from 'react';
import type { PlaylistRecord } from '../../../contract/playlists';
import { fetchPlaylist, type PlaylistProblem } from './kioskApi';
import { errorText } from '../../shared/errorText';

/** A wall looks for edits of its playlist this often. */
export const PLAYLIST_RECHECK_MS = 60_000;
/** A server that cannot be reached is tried again this often. */
export const PLAYLIST_RETRY_MS = 5_000;

export interface PlaylistState {
  /** The last playlist read; kept while the server cannot be reached. */
  playlist: PlaylistRecord | null;
  problem: PlaylistProblem | null;
  /** The last read failed (network, server error): retried every {@link PLAYLIST_RETRY_MS}. */
  unreachable: boolean;
}

/**
 * The playlist to play (`id`, else the first enabled one), re-read every minute so edits reach a
 * wall nobody touches, and retried every 5 s while the server cannot be reached. An unchanged
 * playlist keeps its object, so the rotation is not disturbed by a re-read.
 */
export function usePlaylist(id: number | null): PlaylistState {
  const [state, setState] = useState<PlaylistState>({ playlist: null, problem: null, unreachable: false });
  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      fetchPlaylist(id, abort.signal).then(
        (result) => {
          if (abort.signal.aborted) return;
          setState((prev) => {
            if (typeof result === 'string') return { playlist: null, problem: result, unreachable: false };
            const same = prev.playlist && JSON.stringify(prev.playlist) === JSON.stringify(result);
            return { playlist: same ? prev.playlist : result, problem: null, unreachable: false };
          });
          timer = setTimeout(load, PLAYLIST_RECHECK_MS);
        },
        (err: unknown) => {
          if (abort.signal.aborted) return;
          console.warn(`kiosk: playlist not read (${errorText(err)}); trying again in ${PLAYLIST_RETRY_MS / 1000} s`);
          setState((prev) => (prev.unreachable ? prev : { ...prev, unreachable: true }));
          timer = setTimeout(load, PLAYLIST_RETRY_MS);
        },
      );
    };
    load();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [id]);
  return state;
}
