import { z } from 'zod';
import { Id } from './envelope';

/**
 * Video walls (issue 23): one screen template laid across rows × cols identical monitors, each
 * driven by its own browser at `/monitor?wall=<id>&tile=<r>,<c>`; display tokens (the wall's own
 * credential); the tiles' health reports. Geometry, clock offset, rotation schedule and health
 * evaluation are pure functions in contract/wall/.
 */

/** Each tile reports over the hub this often (HubMethod.WallReport). */
export const WALL_REPORT_INTERVAL_MS = 5000;
/** A tile not heard from for longer is down. */
export const TILE_SILENT_MS = 20_000;
/** Frames per second under which a tile is unwell (issue 23: "falls under 20 fps"). */
export const TILE_MIN_FPS = 20;
/** Tiles mount the next rotation item hidden this long before it starts; a saved wall's epoch is this far ahead. */
export const WALL_PREPARE_MS = 5000;

export const WALL_NAME_MAX = 64;
export const WALL_REMARK_MAX = 200;
export const WALL_MAX_ROWS = 8;
export const WALL_MAX_COLS = 8;
export const WALL_SCREEN_WIDTH_MIN = 320;
export const WALL_SCREEN_WIDTH_MAX = 7680;
export const WALL_SCREEN_HEIGHT_MIN = 240;
export const WALL_SCREEN_HEIGHT_MAX = 4320;
export const WALL_BEZEL_MAX = 400;
/** Most templates in one wall's rotation. */
export const WALL_MAX_TEMPLATES = 50;
export const WALL_ROTATE_MIN_S = 5;
export const WALL_ROTATE_MAX_S = 3600;
export const WALL_ROTATE_DEFAULT_S = 30;
export const WALL_IDLE_MIN_S = 10;
export const WALL_IDLE_MAX_S = 3600;
export const WALL_IDLE_DEFAULT_S = 60;
/** Most template variables a wall sets, and the longest value. */
export const WALL_MAX_VARIABLES = 32;
export const WALL_VARIABLE_VALUE_MAX = 256;
/** Longest display-token name, tile-report error text and tile-event detail. */
export const DISPLAY_TOKEN_NAME_MAX = 64;
export const TILE_TEXT_MAX = 200;

const int = (field: string, min: number, max: number) => z.number()
  .int(`${field} must be a whole number`)
  .min(min, `${field} must be at least ${min}`)
  .max(max, `${field} must be at most ${max}`);

/** A tile's `[row, col]`, 0-based. Whether it lies within a given wall is checked against the wall (isTileOf). */
export const TileCoord = z.tuple([int('row', 0, WALL_MAX_ROWS - 1), int('col', 0, WALL_MAX_COLS - 1)]);
export type TileCoord = z.infer<typeof TileCoord>;

/** Template variable names: identifiers, as in the template's `variables` (contract/screen-template.ts). */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const WallVariables = z.record(
  z.string().regex(VARIABLE_NAME, 'variable names must be identifiers (letters, digits, _; not starting with a digit)'),
  z.string().max(WALL_VARIABLE_VALUE_MAX, `variable values must be at most ${WALL_VARIABLE_VALUE_MAX} characters`),
).refine((v) => Object.keys(v).length <= WALL_MAX_VARIABLES, `at most ${WALL_MAX_VARIABLES} variables`);

/** The fields an administrator edits. */
const wallFields = {
  name: z.string().trim().min(1, 'name is required').max(WALL_NAME_MAX, `name must be at most ${WALL_NAME_MAX} characters`),
  rows: int('rows', 1, WALL_MAX_ROWS),
  cols: int('cols', 1, WALL_MAX_COLS),
  /** One monitor's resolution in device px (one monitor model per wall). */
  screenWidth: int('screenWidth', WALL_SCREEN_WIDTH_MIN, WALL_SCREEN_WIDTH_MAX),
  screenHeight: int('screenHeight', WALL_SCREEN_HEIGHT_MIN, WALL_SCREEN_HEIGHT_MAX),
  /** Hidden px between two columns / two rows, in screen pixels. */
  bezelX: int('bezelX', 0, WALL_BEZEL_MAX),
  bezelY: int('bezelY', 0, WALL_BEZEL_MAX),
  /** The rotation, in order; empty = the default-multi template (GET /api/t_screen_tpl/default-multi). Repeats allowed. */
  templateIds: z.array(Id).max(WALL_MAX_TEMPLATES, `at most ${WALL_MAX_TEMPLATES} templates`),
  rotateSeconds: int('rotateSeconds', WALL_ROTATE_MIN_S, WALL_ROTATE_MAX_S),
  /** After this long without input on a tile, it returns to the synchronised view. */
  idleSeconds: int('idleSeconds', WALL_IDLE_MIN_S, WALL_IDLE_MAX_S),
  /** Template variables, e.g. `{projectId: "3"}`. */
  variables: WallVariables,
  remark: z.string().trim().max(WALL_REMARK_MAX, `remark must be at most ${WALL_REMARK_MAX} characters`),
};

/** A stored wall, as read. */
export const WallDefinition = z.object({
  id: z.number().int(),
  ...wallFields,
  /**
   * Server ms, set whenever the definition is saved, to the save's time + WALL_PREPARE_MS: the
   * rotation schedule's origin. Until then a tile keeps what it shows (or shows the first item).
   */
  epoch: z.number(),
  updatedAt: z.number(),
});
export type WallDefinition = z.infer<typeof WallDefinition>;
export const WallDefinitionList = z.array(WallDefinition);

/**
 * POST /api/t_wall/save: create (no id) or replace a wall's editable fields. Saving sets a new
 * `epoch` WALL_PREPARE_MS ahead (the rotation restarts at its first item on every tile together)
 * and notifies `wall:<id>`; a save to fewer rows or columns revokes the tokens of the tiles gone.
 */
export const WallSave = z.object({
  id: Id.optional(),
  name: wallFields.name,
  rows: wallFields.rows,
  cols: wallFields.cols,
  screenWidth: wallFields.screenWidth,
  screenHeight: wallFields.screenHeight,
  bezelX: wallFields.bezelX.default(0),
  bezelY: wallFields.bezelY.default(0),
  templateIds: wallFields.templateIds.default([]),
  rotateSeconds: wallFields.rotateSeconds.default(WALL_ROTATE_DEFAULT_S),
  idleSeconds: wallFields.idleSeconds.default(WALL_IDLE_DEFAULT_S),
  variables: wallFields.variables.default({}),
  remark: wallFields.remark.default(''),
});
/** The body as sent (defaults optional). */
export type WallSave = z.input<typeof WallSave>;
/** The body as parsed (defaults filled). */
export type WallSaveParsed = z.output<typeof WallSave>;

/** One template of the rotation as a tile loads it. */
export const WallDisplayItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The template document (contract/screen-template.ts); the tile validates it as /monitor does. */
  content: z.unknown(),
  /** The template's `updatedAt`: the tile reports it as `templateVersion`. */
  updatedAt: z.number(),
});
export type WallDisplayItem = z.infer<typeof WallDisplayItem>;

/** GET /api/t_wall/{id}/display: what a tile loads (display principals may read it). */
export const WallDisplay = z.object({
  wall: WallDefinition,
  /** The templates in rotation order, default-multi resolved when the wall names none. */
  items: z.array(WallDisplayItem),
  /** Server ms when the answer was made (a first clock estimate before the hub's). */
  serverNow: z.number(),
});
export type WallDisplay = z.infer<typeof WallDisplay>;

/** A display token as listed (never the token itself). */
export const DisplayTokenInfo = z.object({
  id: z.number().int(),
  wallId: z.number().int(),
  /** The one tile it may show, or null for any tile of the wall. */
  tile: TileCoord.nullable(),
  name: z.string(),
  createdAt: z.number(),
  /** The creator's account name. */
  createdBy: z.string(),
  lastUsedAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
});
export type DisplayTokenInfo = z.infer<typeof DisplayTokenInfo>;
export const DisplayTokenInfoList = z.array(DisplayTokenInfo);

/** The `nvd_` prefix of a display token (a session token has none). */
export const DISPLAY_TOKEN_PREFIX = 'nvd_';

/** POST /api/t_wall/{id}/tokens/create. */
export const DisplayTokenCreate = z.object({
  name: z.string().trim().min(1, 'name is required').max(DISPLAY_TOKEN_NAME_MAX, `name must be at most ${DISPLAY_TOKEN_NAME_MAX} characters`),
  tile: TileCoord.nullable().optional(),
});
export type DisplayTokenCreate = z.input<typeof DisplayTokenCreate>;

/** The answer of create: the only time the token is shown. */
export const DisplayTokenCreated = z.object({
  info: DisplayTokenInfo,
  token: z.string(),
});
export type DisplayTokenCreated = z.infer<typeof DisplayTokenCreated>;

const nonNegative = (field: string) => z.number().min(0, `${field} must not be negative`);
const count = (field: string) => z.number().int(`${field} must be a whole number`).min(0, `${field} must not be negative`).max(1e9);

/** What a tile reports every WALL_REPORT_INTERVAL_MS (HubMethod.WallReport). */
export const TileReport = z.object({
  wallId: Id,
  tile: TileCoord,
  templateId: z.number().int().nullable(),
  /** The shown template's `updatedAt`. */
  templateVersion: z.number().nullable(),
  /** The data version the tile's sources read last (dataVersionAt). */
  dataVersion: z.number().int().nullable(),
  /** Position in the rotation. */
  itemIndex: z.number().int().min(0).nullable(),
  /** Frames per second over the last interval. */
  fps: nonNegative('fps').max(1000),
  /** JS heap in MB (performance.memory), null where the browser does not tell. */
  heapMb: nonNegative('heapMb').nullable(),
  /** Age of the oldest data a source shows, ms; null before the first data. */
  dataAgeMs: nonNegative('dataAgeMs').nullable(),
  /** Hub reconnects since the page loaded (a drop to a lower count means the page restarted). */
  reconnects: count('reconnects'),
  /** Errors since the page loaded. */
  errors: count('errors'),
  lastError: z.string().max(TILE_TEXT_MAX).optional(),
  /** Whether the current item is mounted and showing. */
  ready: z.boolean(),
  /** Measured lateness of the last switch against the schedule, ms. */
  skewMs: z.number().optional(),
});
export type TileReport = z.infer<typeof TileReport>;
/** A report as the server keeps it: with the server time it arrived. */
export type TileReportAt = TileReport & { at: number };

export const TILE_PROBLEMS = ['silent', 'lowFps', 'heapGrowing', 'staleData', 'errors', 'restarted'] as const;
export const TileProblem = z.enum(TILE_PROBLEMS);
export type TileProblem = z.infer<typeof TileProblem>;

export const TILE_STATES = ['ok', 'warn', 'down', 'unknown'] as const;
export const TileState = z.enum(TILE_STATES);
export type TileState = z.infer<typeof TileState>;

export const TileHealth = z.object({
  tile: TileCoord,
  state: TileState,
  reasons: z.array(TileProblem),
  lastReport: TileReport.extend({ at: z.number() }).nullable(),
});
export type TileHealth = z.infer<typeof TileHealth>;

/** GET /api/t_wall/health: one per visible wall, its tiles in row-major order. */
export const WallHealth = z.object({
  wall: z.object({ id: z.number().int(), name: z.string(), rows: z.number().int(), cols: z.number().int() }),
  tiles: z.array(TileHealth),
});
export type WallHealth = z.infer<typeof WallHealth>;
export const WallHealthList = z.array(WallHealth);

export const TILE_EVENT_KINDS = ['restarted', 'hung', 'crashed', 'started'] as const;
export const TileEventKind = z.enum(TILE_EVENT_KINDS);
export type TileEventKind = z.infer<typeof TileEventKind>;

export const TileEvent = z.object({
  wallId: Id,
  tile: TileCoord,
  kind: TileEventKind,
  detail: z.string().max(TILE_TEXT_MAX).optional(),
});
export type TileEvent = z.infer<typeof TileEvent>;

/** POST /api/t_wall/{id}/tile-event: the launcher's report (the wall id is the path's). */
export const TileEventBody = TileEvent.omit({ wallId: true });
export type TileEventBody = z.infer<typeof TileEventBody>;
