import { WallDisplay } from '../../../../contract/walls';
import { apiGet } from '../../../shared/http';

/** A display as read, and the offset of the server's clock it suggests (before the hub's is measured). */
export interface DisplayRead {
  display: WallDisplay;
  /** serverNow − local midpoint of the request, ms. */
  offsetMs: number;
}

/**
 * GET /api/t_wall/{id}/display (the wall, its rotation's templates, the server's time). `version`
 * (`_v`) asks every tile of a wall for the same cached answer of the server (display principals).
 */
export async function fetchWallDisplay(wallId: number, version: number | null, signal: AbortSignal): Promise<DisplayRead> {
  const t0 = Date.now();
  const data = await apiGet<unknown>(`/t_wall/${wallId}/display`, version === null ? undefined : { _v: version }, signal, { quietNotFound: true });
  const t2 = Date.now();
  const display = WallDisplay.parse(data);
  return { display, offsetMs: display.serverNow - (t0 + t2) / 2 };
}
