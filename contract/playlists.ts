import { z } from 'zod';
import { Id } from './envelope';

/**
 * Kiosk playlists (`t_playlist`, issue 7): what a lobby display or a wall in rotation mode cycles
 * through — screen templates and project graphs, in order, each for its own duration. Stored on
 * the server, read by every signed-in user (walls and guest kiosks play them), changed with the
 * screen-edit right.
 */

/** Shortest and longest time one item stays on screen, in seconds. */
export const PLAYLIST_DURATION_MIN_S = 5;
export const PLAYLIST_DURATION_MAX_S = 3600;
/** Most items in one playlist. */
export const PLAYLIST_MAX_ITEMS = 100;
/** Longest playlist name and item title, in characters. */
export const PLAYLIST_NAME_MAX = 64;

const durationSec = z.number().int('durationSec must be a whole number of seconds')
  .min(PLAYLIST_DURATION_MIN_S, `durationSec must be at least ${PLAYLIST_DURATION_MIN_S}`)
  .max(PLAYLIST_DURATION_MAX_S, `durationSec must be at most ${PLAYLIST_DURATION_MAX_S}`);
/** A title shown instead of the target's own name; blank means none. */
const title = z.string().trim().max(PLAYLIST_NAME_MAX).transform((s) => (s ? s : undefined)).optional();

/** A screen template (`t_screen_tpl`) shown with the screen runtime. */
export const TemplatePlaylistItem = z.strictObject({
  kind: z.literal('template'),
  templateId: Id,
  durationSec,
  title,
});

/** A project graph (组态); without `graphId` the project's active graph (the default when active). */
export const GraphPlaylistItem = z.strictObject({
  kind: z.literal('graph'),
  projectId: Id,
  graphId: Id.optional(),
  durationSec,
  title,
});

/** One entry of a playlist as it is saved. */
export const PlaylistItem = z.discriminatedUnion('kind', [TemplatePlaylistItem, GraphPlaylistItem]);
export type PlaylistItem = z.infer<typeof PlaylistItem>;
export type PlaylistItemInput = z.input<typeof PlaylistItem>;

/**
 * One entry as it is read: the saved item plus `name`, the current name of what it shows (the
 * template's, or `project · graph`), '' when the target no longer exists or is out of the
 * reader's sight (the player skips such an item).
 */
export const PlaylistItemView = z.union([
  TemplatePlaylistItem.extend({ name: z.string() }),
  GraphPlaylistItem.extend({ name: z.string() }),
]);
export type PlaylistItemView = z.infer<typeof PlaylistItemView>;

/** A playlist with its items in playing order. */
export const PlaylistRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  /** Owner organisation; null for a global playlist (made by a user who sees all data). */
  orgId: z.number().int().nullable(),
  items: z.array(PlaylistItemView),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type PlaylistRecord = z.infer<typeof PlaylistRecord>;
export const PlaylistRecordList = z.array(PlaylistRecord);

/**
 * POST /api/t_playlist/save: create (no id) or replace a playlist — name, enabled and the whole
 * item list in its new order. Every referenced template, project and graph must exist and be
 * visible to the caller; a bad one is refused with a 400 naming `body.items.<n>`.
 */
export const SavePlaylistBody = z.object({
  id: Id.optional(),
  name: z.string().trim().min(1, 'name is required').max(PLAYLIST_NAME_MAX),
  enabled: z.boolean().default(true),
  items: z.array(PlaylistItem).max(PLAYLIST_MAX_ITEMS, `at most ${PLAYLIST_MAX_ITEMS} items`),
});
export type SavePlaylistBody = z.input<typeof SavePlaylistBody>;
