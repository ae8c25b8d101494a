import type { PlaylistRecord } from '../../../contract/playlists';
import type { ScreenTemplateRecord } from '../../../contract/screen-template';
import { ApiRequestError, apiGet } from '../../shared/http';

/** Why no playlist can be played (a server that cannot be reached is not one of them: it is retried). */
export type PlaylistProblem = 'none' | 'notFound' | 'disabled';

/**
 * The playlist `id`, else the first enabled one. Resolves with the playlist or the problem;
 * rejects when the server cannot be reached or answers with an error.
 */
export async function fetchPlaylist(id: number | null, signal: AbortSignal): Promise<PlaylistRecord | PlaylistProblem> {
  if (id === null) {
    const all = await apiGet<PlaylistRecord[]>('/t_playlist/all', undefined, signal);
    return all.find((p) => p.enabled) ?? 'none';
  }
  try {
    const found = await apiGet<PlaylistRecord>(`/t_playlist/${id}`, undefined, signal, { quietNotFound: true });
    return found.enabled ? found : 'disabled';
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 404) return 'notFound';
    throw err;
  }
}

export const fetchTemplate = (id: number, signal: AbortSignal) =>
  apiGet<ScreenTemplateRecord>(`/t_screen_tpl/${id}`, undefined, signal, { quietNotFound: true });
