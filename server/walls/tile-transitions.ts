import type { TileHistoryEventKind } from '../../contract/wall/tile-history';
import type { TileHealth, TileProblem, TileState } from '../../contract/walls';
import type { WallFacts } from './wall-health-repository';

/** A tile whose state changed at a watchdog check. */
export interface Transition {
  wall: WallFacts;
  tile: [number, number];
  health: TileHealth;
  /** Problems the tile did not have before (what the message names). */
  gained: TileProblem[];
  kind: Extract<TileHistoryEventKind, 'down' | 'warn' | 'recovered'>;
  message: boolean;
}


/** Every tile of a wall, row by row. */
export function tilesOf(wall: Pick<WallFacts, 'rows' | 'cols'>): [number, number][] {
  const out: [number, number][] = [];
  for (let r = 0; r < wall.rows; r++) for (let c = 0; c < wall.cols; c++) out.push([r, c]);
  return out;
}

const SEVERITY: Record<TileState, number> = { unknown: 0, ok: 0, warn: 1, down: 2 };

/**
 * What a new judgement means for a tile judged `mem.state` before: going down (messaged unless it
 * was down), turning unwell or gaining a problem while unwell (messaged unless it comes back from
 * down: a restarted tile is recovering), recovering (recorded only). Null: nothing changed.
 */
export function transitionOf(
  wall: WallFacts, tile: [number, number], before: { state: TileState; reasons: readonly TileProblem[] }, health: TileHealth,
): Transition | null {
  const gained = health.reasons.filter((r) => !before.reasons.includes(r));
  switch (health.state) {
    case 'down':
      return before.state === 'down' ? null : { wall, tile, health, gained, kind: 'down', message: true };
    case 'warn':
      if (before.state === 'warn' && !gained.length) return null;
      return { wall, tile, health, gained: before.state === 'warn' ? gained : health.reasons, kind: 'warn', message: SEVERITY[before.state] <= 1 };
    case 'ok':
      return before.state === 'warn' || before.state === 'down' ? { wall, tile, health, gained: [], kind: 'recovered', message: false } : null;
    default:
      return null;
  }
}
