import { atom } from 'jotai';
import { appStore } from './store';

/**
 * Counters that code outside the top bar bumps to make it fetch again. The alarm bell refetches
 * its count (and its list, when open) whenever `alarmRefreshAtom` changes; the message bell
 * recounts unread messages whenever `unreadRefreshAtom` changes. The realtime hub bumps the first
 * on `measureWarning` pushes and the second on every push (SPEC §4), both after each reconnect.
 */
export const alarmRefreshAtom = atom(0);
export const unreadRefreshAtom = atom(0);

/** Asks the alarm bell to refresh its count and list. */
export function requestAlarmRefresh(): void {
  appStore.set(alarmRefreshAtom, (n) => n + 1);
}

/** Asks the message bell to recount unread messages. */
export function requestUnreadRecount(): void {
  appStore.set(unreadRefreshAtom, (n) => n + 1);
}
