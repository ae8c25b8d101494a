import { MAX_DB_INT } from '../../../contract/constants';
import type { PlaylistItemView } from '../../../contract/playlists';

/** Largest and smallest `&timeScale=` (tests and the soak bench speed a playlist up). */
export const TIME_SCALE_MAX = 1000;
/** Seconds of no touch or key before a paused player goes on (`&idleSec=` overrides, for tests). */
export const DEFAULT_IDLE_SEC = 30;

/** The player's address options: `/kiosk?playlist=<id>&timeScale=<n>&idleSec=<s>`. */
export interface KioskParams {
  /** null: the first enabled playlist. */
  playlistId: number | null;
  timeScale: number;
  idleSec: number;
}

const intParam = (value: string | null, min: number, max: number): number | null => {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
};

/** Reads the address; a malformed or out-of-range value falls back to its default. */
export function parseKioskParams(search: string): KioskParams {
  const q = new URLSearchParams(search);
  return {
    playlistId: intParam(q.get('playlist'), 1, MAX_DB_INT),
    timeScale: intParam(q.get('timeScale'), 1, TIME_SCALE_MAX) ?? 1,
    idleSec: intParam(q.get('idleSec'), 1, 3600) ?? DEFAULT_IDLE_SEC,
  };
}

/** An item the player can rotate through: a stable key, its scaled duration, and what it shows. */
export interface RotationEntry {
  /** Stable across playlist re-reads: kind, target and occurrence (the same template may appear twice). */
  key: string;
  durationMs: number;
  item: PlaylistItemView;
  /** What the title overlay shows: the item's title, else its target's name. */
  title: string;
}

/** What `__nvKiosk.current` names: the template, or the graph's project. */
export const targetId = (item: PlaylistItemView): number => (item.kind === 'template' ? item.templateId : item.projectId);

/**
 * The playable entries of a playlist in order. An item whose target is gone or out of sight (the
 * server names it '') is left out and reported through `onSkip`.
 */
export function toEntries(items: PlaylistItemView[], timeScale: number, onSkip: (item: PlaylistItemView, index: number) => void): RotationEntry[] {
  const seen = new Map<string, number>();
  const out: RotationEntry[] = [];
  items.forEach((item, index) => {
    if (!item.name) {
      onSkip(item, index);
      return;
    }
    const target = item.kind === 'template' ? `template:${item.templateId}` : `graph:${item.projectId}:${item.graphId ?? 'active'}`;
    const n = (seen.get(target) ?? 0) + 1;
    seen.set(target, n);
    out.push({ key: `${target}#${n}`, durationMs: (item.durationSec * 1000) / timeScale, item, title: item.title ?? item.name });
  });
  return out;
}

/**
 * The index to play after `from` (-1: from the start), cycling, skipping `blocked` ones and
 * `from` itself; null when no other entry can play.
 */
export function nextCandidate(count: number, from: number, blocked: (index: number) => boolean): number | null {
  for (let step = 1; step <= count; step++) {
    const i = (((from + step) % count) + count) % count;
    if (i === from) break;
    if (!blocked(i)) return i;
  }
  return null;
}

/** How long a failed item is left out: 5 s, then doubling up to a minute (a deleted target does not flood the log). */
export function failureBackoffMs(failures: number, baseMs = 5_000): number {
  return Math.min(baseMs * 2 ** Math.max(0, failures - 1), 60_000);
}
