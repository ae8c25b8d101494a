/** What a mounted item shows so far. */
export type Readiness = 'ready' | 'failed' | 'loading';

/**
 * Whether the screen runtime in `box` shows its data: every widget past its loading state (an
 * empty or failed widget counts: nothing more will come), or the template failed as a whole. A
 * canvas with no widget in the tile's window is ready only once seen so twice in a row (`emptyBefore`),
 * since the runtime lays out its canvas a moment before its widgets.
 */
export function readinessOf(box: ParentNode, emptyBefore: boolean): Readiness | 'empty' {
  if (box.querySelector('[data-screen-error]')) return 'failed';
  if (!box.querySelector('[data-screen-canvas]')) return 'loading';
  const widgets = box.querySelectorAll('[data-screen-widget]');
  if (!widgets.length) return emptyBefore ? 'ready' : 'empty';
  for (const w of widgets) if (w.getAttribute('data-state') === 'loading') return 'loading';
  return 'ready';
}
