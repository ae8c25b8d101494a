import { atom } from 'jotai';
import type { Settings } from '../../contract/settings';
import { getRuntimeConfig } from './config';
import { apiGet } from './http';
import { appStore } from './store';

/** The SPEC §1 dialog switches as the administrator saved them (系统设置); null until read. */
export const dialogSettingsAtom = atom<Settings['dialogs'] | null>(null);

/** Reads the system settings (GET /api/sys_setting/get) and publishes the dialog switches. */
export async function loadDialogSettings(signal?: AbortSignal): Promise<void> {
  const settings = await apiGet<Settings>('/sys_setting/get', undefined, signal);
  appStore.set(dialogSettingsAtom, settings.dialogs);
}

/** After a save on the settings page: every part of this console follows at once. */
export function publishDialogSettings(dialogs: Settings['dialogs']): void {
  appStore.set(dialogSettingsAtom, dialogs);
}

/**
 * Whether a dialog may show: the administrator's switch (off while unread) and config.json's
 * per-deployment switch (false vetoes it for every console this deployment serves).
 */
export function dialogAllowed(saved: Settings['dialogs'] | null, kind: 'warning' | 'online'): boolean {
  if (!saved?.[kind]) return false;
  const config = getRuntimeConfig();
  return kind === 'warning' ? config.showWarningDialog : config.showOnlineDialog;
}
