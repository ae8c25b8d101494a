/**
 * Hands back the WebGL contexts of the canvases under `root` now, instead of whenever the garbage
 * collector gets to them: ECharts' dispose does not, and a kiosk that rotates screens for weeks
 * would otherwise hit the browser's cap on live contexts. 2D canvases are left alone.
 */
export function loseWebglContexts(root: Element | null): void {
  if (!root) return;
  for (const canvas of root.querySelectorAll('canvas')) {
    try {
      const gl = (canvas.getContext('webgl') ?? canvas.getContext('experimental-webgl')) as WebGLRenderingContext | null;
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
    } catch {
      // A canvas holding another kind of context: nothing to hand back.
    }
  }
}
