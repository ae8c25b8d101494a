import { computeScale, type CanvasPlacement } from '../../../screens/runtime/computeScale';
import type { CanvasPlacer } from '../../../screens/runtime/ScreenCanvas';

/**
 * The height of the player's status strip along the window's bottom edge, in vmin (title, n /
 * count, progress line, the paused state). Items are laid out above it, never under it.
 */
export const KIOSK_STRIP_VMIN = 3.6;

/** The strip's height in px in a window `viewport` big (what `KIOSK_STRIP_VMIN`vmin comes to). */
export function kioskStripPx(viewport: { width: number; height: number }): number {
  return (Math.min(viewport.width, viewport.height) * KIOSK_STRIP_VMIN) / 100;
}

/**
 * Where a template item's design canvas goes in the player: its scale mode applied to the window
 * above the status strip (the screen runtime measures the window, which the strip is part of), so
 * a fit template shrinks by the strip's height instead of running under it.
 */
export const kioskPlacer: CanvasPlacer = (canvas, viewport): CanvasPlacement =>
  computeScale(canvas.scaleMode, canvas.width, canvas.height, viewport.width, Math.max(1, viewport.height - kioskStripPx(viewport)));
