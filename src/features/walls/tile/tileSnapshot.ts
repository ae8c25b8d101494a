/**
 * What a wall tile says of itself to the kiosk launcher, tests and benches: `window.__nvWallTile`,
 * replaced (frozen) whenever it changes. Times are server ms.
 */
export interface TileSnapshot {
  wallId: number;
  /** `"r,c"`. */
  tile: string;
  /** The template on screen, and its place in the rotation. */
  templateId: number | null;
  itemIndex: number | null;
  /** When the item on screen was due. */
  slotStartsAt: number | null;
  /** When it was put on screen, and the first frame after. */
  switchedAt: number | null;
  paintedAt: number | null;
  /** Lateness of the last scheduled switch, ms. */
  skewMs: number | null;
  switches: number;
  ready: boolean;
  /** The item due is not ready yet (the previous one stays). */
  late: boolean;
  /** Mounts being prepared out of sight. */
  pending: number;
  /** serverTime − localTime in use, its round trip, and where it comes from. */
  offsetMs: number | null;
  rttMs: number | null;
  clockSource: 'hub' | 'rest' | 'local';
}

declare global {
  interface Window {
    __nvWallTile?: Readonly<TileSnapshot>;
  }
}

/** Sets `window.__nvWallTile` (null: removes it), only when something changed. */
export function publishTileSnapshot(snapshot: TileSnapshot | null): void {
  if (!snapshot) {
    delete window.__nvWallTile;
    return;
  }
  const prev = window.__nvWallTile;
  if (prev && (Object.keys(snapshot) as (keyof TileSnapshot)[]).every((k) => prev[k] === snapshot[k])) return;
  window.__nvWallTile = Object.freeze({ ...snapshot });
}
