import { atom } from 'jotai';
import { appStore } from './store';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  /** Already translated text. */
  text: string;
}

/** Toasts on screen, oldest first; the Toaster removes each after a few seconds. */
export const toastsAtom = atom<Toast[]>([]);

let nextToastId = 1;

/** Shows a short message at the top of the page (the product's "message" of SPEC §2 and §8). */
export function showToast(kind: ToastKind, text: string): number {
  const id = nextToastId++;
  appStore.set(toastsAtom, (list) => [...list, { id, kind, text }]);
  return id;
}

export function dismissToast(id: number): void {
  appStore.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
}

export interface AlertNotice {
  /** Already translated texts. */
  title: string;
  message: string;
  button: string;
}

/** A modal notice with one button, such as the 404 dialog of SPEC §8; one at a time. */
export const alertAtom = atom<AlertNotice | null>(null);

export function showAlert(notice: AlertNotice): void {
  const open = appStore.get(alertAtom);
  if (open && open.message === notice.message && open.title === notice.title) return;
  appStore.set(alertAtom, notice);
}
