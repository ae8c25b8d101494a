/**
 * Enters full screen, or leaves it when in it. Rejects when the browser cannot (not supported,
 * or refused): callers decide whether to say so.
 */
export function toggleFullscreen(): Promise<void> {
  if (!document.fullscreenEnabled) return Promise.reject(new Error('full screen is not supported'));
  return document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
}
