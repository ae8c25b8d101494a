import { z } from 'zod';
import { TILE_EVENT_KINDS, TileCoord, TileProblem, TileState } from '../walls';
import { parseTile } from './tile-geometry';

/**
 * A tile's health history (issue 23, wall-health page drawer): GET
 * /api/t_wall/{id}/tile-history?tile=r,c&from&to. Reports are sampled by the server at most once a
 * minute per tile (the latest ones are in GET /api/t_wall/health); events are the watchdog's
 * transitions (`down`, `warn`, `recovered`) and the launcher's reports (TileEvent kinds).
 */

/** Longest span one history read covers. */
export const TILE_HISTORY_MAX_SPAN_MS = 7 * 24 * 3_600_000;
/** The span read when `from` is not given: the last six hours before `to`. */
export const TILE_HISTORY_DEFAULT_SPAN_MS = 6 * 3_600_000;

/** What the watchdog records when a tile's state changes (not messages: a recovery is only recorded). */
export const TILE_TRANSITION_KINDS = ['down', 'warn', 'recovered'] as const;
export const TILE_HISTORY_EVENT_KINDS = [...TILE_TRANSITION_KINDS, ...TILE_EVENT_KINDS] as const;
export const TileHistoryEventKind = z.enum(TILE_HISTORY_EVENT_KINDS);
export type TileHistoryEventKind = z.infer<typeof TileHistoryEventKind>;

const Ms = z.coerce.number().int('must be a whole number of ms').min(0, 'must not be negative').max(8.64e15, 'is out of range');

export const TileHistoryQuery = z.object({
  /** `r,c`, 0-based; it must lie on the wall. */
  tile: z.string().refine((s) => parseTile(s) !== null, 'must be "row,col" (0-based), e.g. 1,0').transform((s) => parseTile(s)!),
  /** Server ms; default `to` − 6 h. */
  from: Ms.optional(),
  /** Server ms; default now. */
  to: Ms.optional(),
}).refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: 'must not be after to', path: ['from'] });
export type TileHistoryQuery = z.input<typeof TileHistoryQuery>;

/** One sampled report with the state the watchdog judged when it was kept. */
export const TileHistoryReport = z.object({
  at: z.number(),
  fps: z.number(),
  heapMb: z.number().nullable(),
  dataAgeMs: z.number().nullable(),
  reconnects: z.number().int(),
  errors: z.number().int(),
  templateId: z.number().int().nullable(),
  dataVersion: z.number().nullable(),
  state: TileState,
  reasons: z.array(TileProblem),
});
export type TileHistoryReport = z.infer<typeof TileHistoryReport>;

export const TileHistoryEvent = z.object({
  at: z.number(),
  kind: TileHistoryEventKind,
  /** The launcher's detail, or the problems of a `down`/`warn` transition (comma-separated TileProblem names). */
  detail: z.string(),
});
export type TileHistoryEvent = z.infer<typeof TileHistoryEvent>;

export const TileHistory = z.object({
  wallId: z.number().int(),
  tile: TileCoord,
  from: z.number(),
  to: z.number(),
  /** Oldest first. */
  reports: z.array(TileHistoryReport),
  /** Oldest first. */
  events: z.array(TileHistoryEvent),
});
export type TileHistory = z.infer<typeof TileHistory>;
