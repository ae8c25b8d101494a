import type { ScaleMode } from '../../../../contract/screen-scale';
import { SCALE_MODES } from '../../../../contract/screen-template';
import { formatTile } from '../../../../contract/wall/tile-geometry';
import type { TileHealth, TileState, WallDefinition, WallSave } from '../../../../contract/walls';
import { WALL_IDLE_DEFAULT_S, WALL_ROTATE_DEFAULT_S } from '../../../../contract/walls';

/** The monitor resolutions offered as presets; anything else is 自定义. */
export const RESOLUTION_PRESETS = [
  { key: '1920x1080', width: 1920, height: 1080 },
  { key: '3840x2160', width: 3840, height: 2160 },
] as const;
export type ResolutionKey = (typeof RESOLUTION_PRESETS)[number]['key'] | 'custom';

/** The preset a resolution is, or `custom`. */
export function resolutionKey(width: number, height: number): ResolutionKey {
  return RESOLUTION_PRESETS.find((p) => p.width === width && p.height === height)?.key ?? 'custom';
}

/** A wall being edited: the save body's fields with their defaults filled. */
export type WallDraft = Required<Omit<WallSave, 'id'>> & { id?: number };

/** A new wall: 2 × 2 full-HD screens with a 12 px bezel, the default-multi rotation. */
export function newWallDraft(): WallDraft {
  return {
    name: '', rows: 2, cols: 2, screenWidth: 1920, screenHeight: 1080, bezelX: 12, bezelY: 12,
    templateIds: [], rotateSeconds: WALL_ROTATE_DEFAULT_S, idleSeconds: WALL_IDLE_DEFAULT_S, variables: {}, remark: '',
  };
}

/** The draft of a stored wall. */
export function wallDraftOf(w: WallDefinition): WallDraft {
  return {
    id: w.id, name: w.name, rows: w.rows, cols: w.cols, screenWidth: w.screenWidth, screenHeight: w.screenHeight,
    bezelX: w.bezelX, bezelY: w.bezelY, templateIds: [...w.templateIds], rotateSeconds: w.rotateSeconds,
    idleSeconds: w.idleSeconds, variables: { ...w.variables }, remark: w.remark,
  };
}

/**
 * The save body of a draft: trimmed texts, and only the variables with a value (an empty one
 * means "the template's default", which is what leaving it out says).
 */
export function wallSaveOf(d: WallDraft): WallSave {
  const variables = Object.fromEntries(Object.entries(d.variables).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()]));
  return { ...d, name: d.name.trim(), remark: d.remark.trim(), variables };
}

/** Every tile of a wall in row-major order. */
export function wallTiles(def: Pick<WallDefinition, 'rows' | 'cols'>): [number, number][] {
  const out: [number, number][] = [];
  for (let r = 0; r < def.rows; r += 1) for (let c = 0; c < def.cols; c += 1) out.push([r, c]);
  return out;
}

/** The address that shows tile (r, c) of wall `wallId` (issue 23: /monitor?wall=<id>&tile=<r>,<c>, 0-based). */
export function tileAddress(wallId: number, tile: readonly [number, number]): string {
  return `/monitor?wall=${wallId}&tile=${formatTile(tile)}`;
}

/**
 * The kiosk launcher's command for a display token: the token travels in NV_DISPLAY_TOKEN (never
 * an argument: arguments are visible in the process list), one `--tile` per screen the PC drives
 * (a token for one tile: that tile; for the whole wall: every tile).
 */
export function launcherCommand(opts: { origin: string; wallId: number; tiles: readonly (readonly [number, number])[]; token: string }): string {
  const tiles = opts.tiles.map((t) => `--tile ${formatTile(t)}`).join(' ');
  return `NV_DISPLAY_TOKEN=${opts.token} npm run kiosk -- --url ${opts.origin} --wall ${opts.wallId} ${tiles}`;
}

/** antd tag colours of the tile states. */
export const STATE_TAG: Record<TileState, string> = { ok: 'success', warn: 'warning', down: 'error', unknown: 'default' };

/** How many tiles are in each state. */
export function stateCounts(tiles: readonly Pick<TileHealth, 'state'>[]): Record<TileState, number> {
  const out: Record<TileState, number> = { ok: 0, warn: 0, down: 0, unknown: 0 };
  for (const t of tiles) out[t.state] += 1;
  return out;
}

/** The worst state of a wall's tiles (down > warn > unknown > ok); unknown for a wall without tiles. */
export function worstState(tiles: readonly Pick<TileHealth, 'state'>[]): TileState {
  const order: TileState[] = ['down', 'warn', 'unknown', 'ok'];
  return order.find((s) => tiles.some((t) => t.state === s)) ?? 'unknown';
}

/** A span of time in the largest whole unit that fits: [unit, n]. */
export function durationParts(ms: number): ['ms' | 's' | 'm' | 'h', number] {
  const abs = Math.max(0, ms);
  if (abs < 1000) return ['ms', Math.round(abs)];
  if (abs < 60_000) return ['s', Math.round(abs / 1000)];
  if (abs < 3_600_000) return ['m', Math.round(abs / 60_000)];
  return ['h', Math.round(abs / 3_600_000)];
}

/** How long ago `at` was, in the largest whole unit: [unit, n]. */
export function agoParts(at: number, now: number): ['s' | 'm' | 'h' | 'd', number] {
  const s = Math.max(0, Math.floor((now - at) / 1000));
  if (s < 60) return ['s', s];
  if (s < 3600) return ['m', Math.floor(s / 60)];
  if (s < 86_400) return ['h', Math.floor(s / 3600)];
  return ['d', Math.floor(s / 86_400)];
}

/** Moves item `from` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moveAt<T>(items: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  const next = [...items];
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return next;
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** The design canvas of the rotation's first template, as the preview lays it on the wall. */
export interface PreviewCanvas {
  templateId: number;
  name: string;
  width: number;
  height: number;
  scaleMode: ScaleMode;
  hasThumbnail: boolean;
  /** Changes when the template is saved again (refetches the thumbnail). */
  version: number;
  /** The visible widgets' boxes in canvas px, with what to call them (title, layer name or type). */
  widgets: PreviewWidget[];
}

/** A widget's box as the preview draws it. */
export interface PreviewWidget {
  x: number;
  y: number;
  w: number;
  h: number;
  label: string;
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The boxes of a document's widgets that are shown (hidden ones and malformed entries left out). */
function widgetBoxes(widgets: unknown): PreviewWidget[] {
  if (!Array.isArray(widgets)) return [];
  return widgets.flatMap((w: Record<string, unknown> | null) => {
    if (!w || typeof w !== 'object' || w.hidden === true || !num(w.x) || !num(w.y) || !num(w.w) || !num(w.h) || w.w <= 0 || w.h <= 0) return [];
    return [{ x: w.x, y: w.y, w: w.w, h: w.h, label: text(w.title) ?? text(w.name) ?? String(w.type ?? '') }];
  });
}

/** The canvas of a template record's document, when it has a readable one. */
export function canvasOf(record: { id: number; name: string; content: unknown; hasThumbnail?: boolean; updatedAt?: number } | undefined): PreviewCanvas | null {
  const doc = record?.content as { canvas?: { width?: unknown; height?: unknown; scaleMode?: unknown }; widgets?: unknown } | null | undefined;
  const canvas = doc?.canvas;
  if (!record || !canvas) return null;
  const { width, height, scaleMode } = canvas;
  if (typeof width !== 'number' || typeof height !== 'number' || width <= 0 || height <= 0) return null;
  const mode = SCALE_MODES.find((m) => m === scaleMode) ?? 'fit';
  return {
    templateId: record.id, name: record.name, width, height, scaleMode: mode, hasThumbnail: !!record.hasThumbnail, version: record.updatedAt ?? 0,
    widgets: widgetBoxes(doc?.widgets),
  };
}

/** A variable the rotation's templates declare (the first declaration of a name wins). */
export interface DeclaredVariable {
  name: string;
  label: string;
  type: string;
  default?: string | number;
}

/** The variables the templates' documents declare, each name once, in the order met. */
export function declaredVariables(contents: readonly unknown[]): DeclaredVariable[] {
  const out = new Map<string, DeclaredVariable>();
  for (const content of contents) {
    const vars = (content as { variables?: unknown } | null | undefined)?.variables;
    if (!Array.isArray(vars)) continue;
    for (const v of vars as Partial<DeclaredVariable>[]) {
      if (typeof v?.name !== 'string' || out.has(v.name)) continue;
      out.set(v.name, { name: v.name, label: typeof v.label === 'string' ? v.label : v.name, type: typeof v.type === 'string' ? v.type : 'string', default: v.default });
    }
  }
  return [...out.values()];
}
