/**
 * The realtime hub contract (SPEC §4, §7; DESIGN "Contract decisions"): a SignalR JSON-protocol
 * hub at `/chatHub`. Clients invoke {@link HubMethod}s to subscribe to topics; the server calls the
 * client target `Notify` with one argument, a JSON string of a {@link HubNotice}.
 *
 * Plain TypeScript without zod on purpose: the console's hub connection owner imports these
 * constants, and a zod import would pull the whole library into the bundle that loads it.
 */
import type { RealAlarm } from './alarms';
import type { TileReport } from './walls';
import { MAX_DB_INT } from './constants';

/** Where the hub listens (relative to the server root). */
export const HUB_PATH = '/chatHub';

/** Query the console adds to the hub URL (SPEC §7): the page source of the web console. */
export const HUB_PAGE_SRC = 4;

/** Methods a client may invoke. Each takes the arguments listed and completes with the result named. */
export const HubMethod = {
  /** `(topic: string) => string`: the topic as subscribed; refused (completion error) if not visible. */
  Subscribe: 'Subscribe',
  /** `(topic: string) => boolean`: whether the connection was subscribed. */
  Unsubscribe: 'Unsubscribe',
  /** `() => string[]`: the connection's topics, sorted, the implicit `user:<id>` included. */
  Topics: 'Topics',
  /** `() => number`: the server's `Date.now()` (video-wall tiles measure their clock offset with it). */
  WallClock: 'WallClock',
  /** `(report: TileReport) => true`: a video-wall tile's health report (contract/walls.ts), every WALL_REPORT_INTERVAL_MS. */
  WallReport: 'WallReport',
  /** `(wallId: number) => string`: subscribes to `wall:<id>` (refused if not visible); the topic as subscribed. */
  WallJoin: 'WallJoin',
} as const;
export type HubMethod = (typeof HubMethod)[keyof typeof HubMethod];

/** The one client-side target the server invokes. Its single argument is `JSON.stringify(notice)`. */
export const HUB_NOTIFY_TARGET = 'Notify';

export const HubNoticeType = {
  MeasureWarning: 'measureWarning',
  MeasureValues: 'measureValues',
  DeviceState: 'deviceState',
  Message: 'message',
  Logout: 'logout',
  Maintenance: 'maintenance',
  WallChanged: 'wallChanged',
} as const;
export type HubNoticeType = (typeof HubNoticeType)[keyof typeof HubNoticeType];

/**
 * An alarm raised, updated (a bitwise report's content changed) or cleared by the alarm engine:
 * the real-time alarm of the bell's list (contract/alarms.ts), with the time it cleared.
 */
export interface MeasureWarningData {
  action: 'raise' | 'update' | 'clear';
  alarm: RealAlarm & { clearedAt: number | null };
}

/** One sample of a `measureValues` batch; `ts` in epoch ms. */
export interface MeasureValue {
  deviceId: number;
  measureId: number;
  projectId: number | null;
  value: number;
  ts: number;
}

/** Samples batched per push: one notice carries the values of one ingest batch. */
export interface MeasureValuesData {
  items: MeasureValue[];
}

export interface DeviceStateData {
  deviceId: number;
  projectId: number | null;
  /** 0 offline, 1 online, 2 alarm (SPEC §3). */
  state: number;
  ts: number;
}

/** A message stored for the user: the console recounts its unread messages. */
export interface MessageNoticeData {
  type: number;
  content: string;
  /** JSON string, as stored (SPEC §3). */
  data: string;
  createdAt: number;
}

/**
 * Why a session ends: the account logged in elsewhere while single-session is on (SPEC §4 下线提示),
 * or an administrator disabled the account or its organisation, removed the account, or set a new
 * password for it.
 */
export interface LogoutData {
  reason: 'loginElsewhere' | 'disabled' | 'removed' | 'passwordChanged';
}

/**
 * The database is being replaced from a backup (issue 22): `started` before the data changes,
 * `done` once it has (the console then reloads, so every page reads the restored data), `failed`
 * when the restore was abandoned and nothing changed. Sent to every user's connections.
 */
export interface MaintenanceData {
  action: 'restore';
  phase: 'started' | 'done' | 'failed';
  /** The backup being restored. */
  fileName: string;
  /** Who started it. */
  by: string;
  at: number;
}

/** A video wall's definition was saved (or deleted): tiles reload their display; `epoch` restarts the rotation. */
export interface WallChangedData {
  wallId: number;
  epoch: number;
  /** True when the wall was deleted. */
  deleted?: boolean;
}

/** The arguments and results of the video-wall hub methods, for typed invokes. */
export interface WallHubMethods {
  WallClock: { args: []; result: number };
  WallReport: { args: [report: TileReport]; result: true };
  WallJoin: { args: [wallId: number]; result: string };
}

/**
 * What `Notify` carries, as `{type, data}`, with `sentAt` (server ms) set when it was published, so
 * the tiles of a video wall apply the same pushes at the same server-clock tick.
 */
export type HubNotice = (
  | { type: typeof HubNoticeType.MeasureWarning; data: MeasureWarningData }
  | { type: typeof HubNoticeType.MeasureValues; data: MeasureValuesData }
  | { type: typeof HubNoticeType.DeviceState; data: DeviceStateData }
  | { type: typeof HubNoticeType.Message; data: MessageNoticeData }
  | { type: typeof HubNoticeType.Logout; data: LogoutData }
  | { type: typeof HubNoticeType.Maintenance; data: MaintenanceData }
  | { type: typeof HubNoticeType.WallChanged; data: WallChangedData }
) & { sentAt?: number };

export type HubNoticeOf<T extends HubNoticeType> = Extract<HubNotice, { type: T }>;

/**
 * Topics. `alarms` and `statistics` are open to every signed-in user (each delivery is still
 * limited to what the user may see); `project:<id>` and `device:<id>` only within the user's data
 * scope; every connection is subscribed to its own `user:<id>` without asking.
 */
export const HubTopic = {
  alarms: 'alarms',
  statistics: 'statistics',
  project: (id: number) => `project:${id}`,
  device: (id: number) => `device:${id}`,
  user: (id: number) => `user:${id}`,
  /** A video wall's tiles and health watchers (display principals of that wall, screen-preview users who see it). */
  wall: (id: number) => `wall:${id}`,
} as const;

export type ParsedTopic =
  | { kind: 'alarms' | 'statistics' }
  | { kind: 'project' | 'device' | 'user' | 'wall'; id: number };

/** Reads a topic name; null for anything that is not one of {@link HubTopic}. */
export function parseTopic(topic: string): ParsedTopic | null {
  if (topic === 'alarms' || topic === 'statistics') return { kind: topic };
  const m = /^(project|device|user|wall):([1-9][0-9]{0,9})$/.exec(topic);
  if (!m) return null;
  const id = Number(m[2]);
  return id <= MAX_DB_INT ? { kind: m[1] as 'project' | 'device' | 'user' | 'wall', id } : null;
}
