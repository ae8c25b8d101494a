import { atom } from 'jotai';
import type { MaintenanceData } from '../../../contract/hub';

/** How long the console shows "restored" before it reloads, so the user can read it. */
export const MAINTENANCE_RELOAD_MS = 3_000;

/** The restore under way or just ended, from its `maintenance` push until the reload (or until dismissed, when it failed). */
export const maintenanceAtom = atom<MaintenanceData | null>(null);

export interface MaintenanceDeps {
  show(data: MaintenanceData | null): void;
  reload(): void;
  delayMs?: number;
}

export interface MaintenanceReaction {
  handle(data: MaintenanceData): void;
  cancel(): void;
}

/**
 * The console's reaction to a restore (issue 22): `started` shows a notice over the page while
 * the data is replaced; `done` says so and reloads the page, so every view and the hub
 * connection start again on the restored data (a session begun after the backup was taken ends
 * there, and the reload leads to the login); `failed` says that nothing changed.
 */
export function createMaintenanceReaction(deps: MaintenanceDeps): MaintenanceReaction {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    handle(data) {
      deps.show(data);
      if (data.phase === 'done' && timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          deps.reload();
        }, deps.delayMs ?? MAINTENANCE_RELOAD_MS);
      }
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** The signed-in console's reaction (set by useConsoleHub while the hub is up). */
let current: MaintenanceReaction | null = null;

export function setMaintenanceReaction(reaction: MaintenanceReaction | null): void {
  current = reaction;
}

/**
 * What the administrator who runs a restore learns from the call itself, not only from the hub:
 * a console whose hub had not connected yet (it connects a few seconds after a page opens) would
 * otherwise miss both notices of a quick restore. The hub's notices, when they come, are the same.
 */
export function announceMaintenance(data: MaintenanceData): void {
  current?.handle(data);
}
