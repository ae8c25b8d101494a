import { atom } from 'jotai';
import Cookies from 'js-cookie';

export type DeviceClass = 'desktop' | 'tablet' | 'mobile';

/** Widths of SPEC §4 and §9: mobile below 576, tablet 576–1199, desktop from 1200. */
export const TABLET_MIN_WIDTH = 576;
export const DESKTOP_MIN_WIDTH = 1200;
/** The sidebar closes at this width or less and opens again above it (SPEC §4). */
export const SIDEBAR_COLLAPSE_WIDTH = 1200;

export function deviceClassFor(width: number): DeviceClass {
  if (width < TABLET_MIN_WIDTH) return 'mobile';
  if (width < DESKTOP_MIN_WIDTH) return 'tablet';
  return 'desktop';
}

const SIDEBAR_COOKIE = 'sidebarStatus';

export interface SidebarState {
  opened: boolean;
  /** Set when the sidebar changes because the window did, so it snaps instead of sliding. */
  withoutAnimation: boolean;
}

/** The state the sidebar starts in: the cookie (open by default), closed on mobile and narrow windows. */
export function initialSidebar(width: number, cookie: string | undefined): SidebarState {
  const narrow = deviceClassFor(width) === 'mobile' || width <= SIDEBAR_COLLAPSE_WIDTH;
  return { opened: !narrow && cookie !== '0', withoutAnimation: false };
}

function currentWidth(): number {
  return typeof window === 'undefined' ? 1920 : window.innerWidth;
}

export const deviceClassAtom = atom<DeviceClass>(deviceClassFor(currentWidth()));

const sidebarBaseAtom = atom<SidebarState>(initialSidebar(currentWidth(), Cookies.get(SIDEBAR_COOKIE)));

/** The sidebar's state; every change is remembered in the `sidebarStatus` cookie as 1 or 0. */
export const sidebarAtom = atom(
  (get) => get(sidebarBaseAtom),
  (_get, set, next: SidebarState) => {
    Cookies.set(SIDEBAR_COOKIE, next.opened ? '1' : '0', { path: '/', sameSite: 'lax' });
    set(sidebarBaseAtom, next);
  },
);

/** What a window resize from `before` to `after` pixels does to the sidebar, if anything. */
export function sidebarAfterResize(before: number, after: number): boolean | undefined {
  const wasNarrow = before <= SIDEBAR_COLLAPSE_WIDTH;
  const isNarrow = after <= SIDEBAR_COLLAPSE_WIDTH;
  if (wasNarrow === isNarrow) return undefined;
  return !isNarrow;
}
