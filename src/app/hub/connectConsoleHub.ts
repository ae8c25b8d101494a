import { HubNoticeType, HubTopic, type MaintenanceData } from '../../../contract/hub';
import type { HubConnectionOwner } from '../../shared/hub/HubConnectionOwner';
import type { LogoutReason } from './forcedLogout';

/** What the console does with pushes; `useConsoleHub` passes the bells' refresh signals. */
export interface ConsoleHubActions {
  /** The alarm bell refetches its count (and its list when open). */
  refreshAlarms(): void;
  /** The message bell recounts unread messages. */
  recountUnread(): void;
  /** Shows 下线提示, then removes the token and reloads (SPEC §4). */
  forceLogout(reason: LogoutReason): void;
  /** A backup is being restored (issue 22): show the notice, and reload once it is done. */
  maintenance?(data: MaintenanceData): void;
}

/**
 * One ingest batch can raise or clear many alarms at once, and every push asks for a recount:
 * within this window the bells refetch at most twice (at once, and once more at its end).
 */
export const PUSH_COALESCE_MS = 1_000;

interface Coalesced {
  call(): void;
  cancel(): void;
}

/** Runs `fn` at once, then at most once more per `windowMs` while calls keep coming. */
function coalesce(fn: () => void, windowMs: number): Coalesced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  const open = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (!pending) return;
      pending = false;
      fn();
      open();
    }, windowMs);
  };
  return {
    call() {
      if (timer !== undefined) {
        pending = true;
        return;
      }
      fn();
      open();
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = false;
    },
  };
}

/**
 * The console shell's use of the hub (SPEC §4): it receives the `alarms` topic; `measureWarning`
 * refreshes the alarm bell, every `Notify` recounts unread messages, `logout` forces the logout.
 * After each (re)connect both bells refetch, since pushes sent while away are lost. Returns the
 * function that detaches all of it (timers included).
 */
export function connectConsoleHub(
  owner: Pick<HubConnectionOwner, 'on' | 'subscribe' | 'onResync'>,
  actions: ConsoleHubActions,
  coalesceMs = PUSH_COALESCE_MS,
): () => void {
  const alarms = coalesce(() => actions.refreshAlarms(), coalesceMs);
  const unread = coalesce(() => actions.recountUnread(), coalesceMs);
  const offs = [
    owner.subscribe(HubTopic.alarms),
    owner.on(HubNoticeType.MeasureWarning, () => alarms.call()),
    owner.on(HubNoticeType.Logout, (notice) => actions.forceLogout(notice.data?.reason ?? 'loginElsewhere')),
    owner.on(HubNoticeType.Maintenance, (notice) => { if (notice.data) actions.maintenance?.(notice.data); }),
    owner.on('*', () => unread.call()),
    owner.onResync(() => {
      alarms.call();
      unread.call();
    }),
  ];
  return () => {
    for (const off of offs) off();
    alarms.cancel();
    unread.cancel();
  };
}
