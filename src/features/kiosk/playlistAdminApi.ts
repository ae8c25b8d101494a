import type { PlaylistRecord, SavePlaylistBody } from '../../../contract/playlists';
import { apiGet, apiPost } from '../../shared/http';

/** A choice of the item editor: a template or a project. */
export interface Choice {
  id: number;
  name: string;
}

export const listPlaylists = () => apiGet<PlaylistRecord[]>('/t_playlist/all');
export const savePlaylist = (body: SavePlaylistBody) => apiPost<PlaylistRecord>('/t_playlist/save', body);
export const deletePlaylist = (id: number) => apiPost<true>(`/t_playlist/del/${id}`);
export const listTemplates = () => apiGet<Choice[]>('/t_screen_tpl/all');
export const listProjects = () => apiGet<Choice[]>('/t_project/names');
