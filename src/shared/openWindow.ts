/** Delay before a pre-opened window is sent to its address on tablets and phones (SPEC §9). */
export const NEW_TAB_REDIRECT_MS = 300;

/** Opens `url` in a new tab; the console keeps no handle on it. */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener');
}

/**
 * Opens the address that `target` resolves to in a new tab. Mobile browsers block windows opened
 * after an await, so there a blank window is opened during the click and sent on after 300 ms;
 * without one (blocked anyway) the console itself navigates (SPEC §2, IoT card platform).
 */
export async function openResolvedInNewTab(target: Promise<string>, desktop: boolean): Promise<void> {
  const preOpened = desktop ? null : window.open('', '_blank');
  let url: string;
  try {
    url = await target;
  } catch (err) {
    preOpened?.close();
    throw err;
  }
  if (desktop) {
    openInNewTab(url);
    return;
  }
  setTimeout(() => {
    if (preOpened && !preOpened.closed) preOpened.location.href = url;
    else window.location.href = url;
  }, NEW_TAB_REDIRECT_MS);
}
