import type { PlaylistItemInput, PlaylistRecord, SavePlaylistBody } from '../../../contract/playlists';

/** A playlist being edited: the saved fields, items as the form holds them. */
export interface PlaylistDraft {
  id?: number;
  name: string;
  enabled: boolean;
  items: PlaylistItemInput[];
}

export const emptyDraft = (): PlaylistDraft => ({ name: '', enabled: true, items: [] });

/** The draft of a stored playlist (the server's resolved names dropped). */
export function draftOf(p: PlaylistRecord): PlaylistDraft {
  return {
    id: p.id, name: p.name, enabled: p.enabled,
    items: p.items.map((item) => (item.kind === 'template'
      ? { kind: 'template', templateId: item.templateId, durationSec: item.durationSec, title: item.title }
      : { kind: 'graph', projectId: item.projectId, graphId: item.graphId, durationSec: item.durationSec, title: item.title })),
  };
}

/** Moves item `from` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moveItem<T>(items: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** The save request of a draft; the server checks every field and names the bad one. */
export const bodyOf = (d: PlaylistDraft): SavePlaylistBody => ({ id: d.id, name: d.name, enabled: d.enabled, items: d.items });
