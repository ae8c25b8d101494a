import type { ScreenTemplateRecord } from '../../../../contract/screen-template';
import { formatTile } from '../../../../contract/wall/tile-geometry';
import type { TileHistory } from '../../../../contract/wall/tile-history';
import type {
  DisplayTokenCreate, DisplayTokenCreated, DisplayTokenInfo, WallDefinition, WallHealth, WallSave,
} from '../../../../contract/walls';
import { request } from '../../../shared/http';

/** The query keys of the video-wall pages; every key starts with `walls`. */
export const wallKeys = {
  all: ['walls'] as const,
  list: ['walls', 'list'] as const,
  tokens: (wallId: number) => ['walls', 'tokens', wallId] as const,
  health: ['walls', 'health'] as const,
  history: (wallId: number, tile: readonly [number, number], hours: number) => ['walls', 'history', wallId, formatTile(tile), hours] as const,
  templates: ['walls', 'templates'] as const,
  template: (id: number) => ['walls', 'template', id] as const,
  defaultMulti: ['walls', 'default-multi'] as const,
  projects: ['walls', 'projects'] as const,
};

export const fetchWalls = (signal?: AbortSignal) => request<WallDefinition[]>('GET', '/t_wall', { signal });
export const saveWall = (body: WallSave) => request<WallDefinition>('POST', '/t_wall/save', { body });
export const deleteWall = (id: number) => request<true>('POST', `/t_wall/${id}/delete`);

export const fetchTokens = (wallId: number, signal?: AbortSignal) => request<DisplayTokenInfo[]>('GET', `/t_wall/${wallId}/tokens`, { signal });
export const createToken = (wallId: number, body: DisplayTokenCreate) => request<DisplayTokenCreated>('POST', `/t_wall/${wallId}/tokens/create`, { body });
export const revokeToken = (tokenId: number) => request<DisplayTokenInfo | true>('POST', `/t_wall/tokens/${tokenId}/revoke`);

export const fetchHealth = (signal?: AbortSignal) => request<WallHealth[]>('GET', '/t_wall/health', { signal });

/** A tile's sampled reports and its events in a period (server ms). */
export const fetchTileHistory = (wallId: number, tile: readonly [number, number], from: number, to: number, signal?: AbortSignal) =>
  request<TileHistory>('GET', `/t_wall/${wallId}/tile-history`, { query: { tile: formatTile(tile), from, to }, signal });

/** A template the rotation may name. */
export interface TemplateChoice {
  id: number;
  name: string;
}
export const fetchTemplateChoices = (signal?: AbortSignal) => request<TemplateChoice[]>('GET', '/t_screen_tpl/all', { signal });
export const fetchTemplate = (id: number, signal?: AbortSignal) => request<ScreenTemplateRecord>('GET', `/t_screen_tpl/${id}`, { signal, quietNotFound: true });
export const fetchDefaultMulti = (signal?: AbortSignal) => request<ScreenTemplateRecord[]>('GET', '/t_screen_tpl/default-multi', { signal });
export const fetchProjectNames = (signal?: AbortSignal) => request<{ id: number; name: string }[]>('GET', '/t_project/names', { signal });
