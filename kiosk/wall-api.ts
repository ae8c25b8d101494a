import { TILE_TEXT_MAX, WallDefinition, type TileCoord, type TileEventBody } from '../contract/walls';
import { ServerUnreachable, SignInRefused } from './session';
import type { WallGeometry } from './wall-plan';

/**
 * The two calls a wall launcher makes with its display token (always as `Authorization: Bearer`,
 * never in an address): the wall's definition, to place the windows and to check that the token
 * still counts, and the report of a tile's restart.
 */

/** The server refused the display token (unknown, revoked, its creator disabled, another wall's). */
export class DisplayTokenRefused extends SignInRefused {
  override name = 'DisplayTokenRefused';
}

/** The wall does not exist (deleted, or a wrong --wall). */
export class WallNotFound extends Error {
  override name = 'WallNotFound';
}

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The part of GET /api/t_wall/{id}/display (WallDisplay) the launcher reads: the wall's geometry,
 * checked with the contract's own rules; the items are the tiles' business.
 */
const WallGeometryAnswer = WallDefinition.pick({ id: true, name: true, rows: true, cols: true, screenWidth: true, screenHeight: true });

interface Answer {
  status: number;
  envelope?: { success?: boolean; data?: unknown; error?: string; requireLogin?: boolean };
}

async function call(url: string, token: string, init: RequestInit = {}): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string> | undefined), Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    throw new ServerUnreachable(`${new URL(url).origin}: ${cause ? String(cause) : (err as Error).message}`);
  }
  const text = await response.text();
  try {
    return { status: response.status, envelope: JSON.parse(text) as Answer['envelope'] };
  } catch {
    return { status: response.status };
  }
}

/**
 * GET /api/t_wall/{id}/display with the token. Resolves with the wall's geometry; throws
 * {@link DisplayTokenRefused} (401, 403, or an ended token's `requireLogin`), {@link WallNotFound}
 * (404), or {@link ServerUnreachable} (no answer, or an answer that is not the API's).
 */
export async function fetchWallGeometry(origin: string, wallId: number, token: string): Promise<WallGeometry> {
  const { status, envelope } = await call(`${origin}/api/t_wall/${wallId}/display`, token);
  const said = envelope?.error ? `: ${envelope.error}` : '';
  if (envelope?.requireLogin) throw new DisplayTokenRefused(`display token refused for wall ${wallId}: revoked, or its creator disabled (${envelope.error ?? 'requireLogin'})`);
  if (status === 401) throw new DisplayTokenRefused(`display token refused for wall ${wallId}: unknown to the server (HTTP 401${said})`);
  if (status === 403) throw new DisplayTokenRefused(`display token refused for wall ${wallId}: not a token of this wall or tile (HTTP 403${said})`);
  if (status === 404) throw new WallNotFound(`wall ${wallId} not found, or the display token is another wall's (HTTP 404${said})`);
  if (!envelope || envelope.success !== true) {
    throw new ServerUnreachable(`/api/t_wall/${wallId}/display: HTTP ${status}${said || ', not an API answer'}`);
  }
  const parsed = WallGeometryAnswer.safeParse((envelope.data as { wall?: unknown } | null | undefined)?.wall);
  if (!parsed.success) throw new ServerUnreachable(`/api/t_wall/${wallId}/display: the answer is not a wall display`);
  return parsed.data;
}

/** What a tile's launcher reports: contract/walls.ts TileEvent (the wall id goes into the path). */
export interface TileEventReport extends Omit<TileEventBody, 'tile'> {
  wallId: number;
  tile: TileCoord;
}

/**
 * POST /api/t_wall/{id}/tile-event with the token, body TileEventBody. Never throws: resolves
 * undefined when the server took it, else why not (the wall goes on either way; the caller logs it).
 */
export async function reportTileEvent(origin: string, token: string, event: TileEventReport): Promise<string | undefined> {
  const body: TileEventBody = { tile: event.tile, kind: event.kind };
  if (event.detail !== undefined) body.detail = event.detail.slice(0, TILE_TEXT_MAX);
  try {
    const { status, envelope } = await call(`${origin}/api/t_wall/${event.wallId}/tile-event`, token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (envelope?.success === true) return undefined;
    return `HTTP ${status}${envelope?.error ? `: ${envelope.error}` : ''}`;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
