import i18n from 'i18next';

/**
 * A plain-DOM loading screen in the page's root while a signed-in cold start's chunks are still
 * coming (main.tsx), looking like the full-screen PageLoading: React renders once they are in, so
 * no level of its first render suspends (React would hold every revealed level back 300 ms behind
 * its fallback). Colours are index.html's, the theme not being known yet. Returns its removal.
 */
export function showBootLoading(root: HTMLElement): () => void {
  const box = document.createElement('div');
  box.setAttribute('role', 'status');
  box.setAttribute('aria-live', 'polite');
  box.setAttribute('data-boot-loading', '');
  box.style.cssText = 'display:flex;align-items:center;justify-content:center;gap:0.75rem;min-height:100vh;font-size:1rem;color:#8ea3b8';
  const ring = document.createElement('span');
  ring.setAttribute('aria-hidden', 'true');
  ring.style.cssText = 'width:1.5rem;height:1.5rem;box-sizing:border-box;border-radius:50%;border:0.1875rem solid rgba(142,163,184,0.3);border-top-color:#2dc1c6';
  ring.animate([{ transform: 'rotate(0deg)' }, { transform: 'rotate(360deg)' }], { duration: 800, iterations: Infinity });
  box.append(ring, document.createTextNode(i18n.t('common.loading')));
  root.replaceChildren(box);
  return () => box.remove();
}
