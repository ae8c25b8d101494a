import { screenTheme } from './screenTheme';

/**
 * Has the browser find the screen's fonts (the CJK face and the numeric one, regular and bold)
 * while a cold start waits for its data: the first text drawn in a face makes the browser look
 * the face up and load it (tens of ms with a CJK face), and otherwise that happens in the middle
 * of the charts' first draw. Measuring a few characters on a detached canvas is enough.
 */
export function warmScreenFonts(): void {
  if (typeof document === 'undefined') return;
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return;
  // ECharts measures some texts in its default `sans-serif`: that face's CJK fallback too.
  for (const family of [screenTheme.font.family, screenTheme.font.numeric, 'sans-serif']) {
    for (const weight of ['400', '700']) {
      ctx.font = `${weight} 14px ${family}`;
      ctx.measureText('国际 0.9%');
    }
  }
}
