import fs from 'node:fs';
import path from 'node:path';
import { SHIPPED_LICENCE_KEY_FILE } from './licence/shipped-licence';
import { parseSecretsKey } from './secrets/secret-box';
import type { NotifySettings } from './notifications/alarm-notifier';
import { parseNetworks } from './outbound/address-policy';

/** Server settings, read once from the environment (DESIGN "Runtime"). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Secret signing hub connection tokens (`HUB_SECRET`); absent: one kept in the database. */
  hubSecret?: string;
  /**
   * The key secrets at rest are sealed with (`SECRETS_KEY`, base64 of 32 bytes); absent: the one
   * in `<dataDir>/secrets.key`, created at first start (server/secrets/README.md).
   */
  secretsKey?: Buffer;
  /** A new login ends the account's other sessions and pushes `logout` to them (`SINGLE_SESSION`, default on). */
  singleSession: boolean;
  /** Seed demo data into an empty database and run the simulator. */
  demo: boolean;
  /** Days of hourly history a new demo database is seeded with (`DEMO_HISTORY_DAYS`, 365; 1: the last day only). */
  demoHistoryDays?: number;
  /**
   * How often the server recalculates every filter's life (`LIFE_RECALC_MINUTES`, default 60; 0:
   * never on its own, only when asked — tests, which must see no row change they did not cause).
   */
  lifeRecalcMinutes?: number;
  /**
   * How often the video-wall watchdog judges every tile (`WALL_WATCHDOG_MS`, default 5000; 0: no
   * watchdog — no transition is recorded or messaged, the health page still judges on each read).
   */
  wallWatchdogMs?: number;
  /** A wall tile not heard from for longer is down (`WALL_TILE_SILENT_MS`, default 20000). */
  wallTileSilentMs?: number;
  /** Password of the first administrator outside demo mode (`ADMIN_PASSWORD`). */
  adminPassword?: string;
  /** Folder of the built console (Vite's dist/); absent: the API only. */
  staticDir?: string;
  /** Origins allowed by CORS; empty: CORS closed. */
  corsOrigins: string[];
  /** Login attempts per minute per client address. */
  loginRateLimit: number;
  /**
   * Failed logins in a row from one client address that lock the account for that address
   * (`LOCK_THRESHOLD`, 5), from all addresses together that lock it everywhere
   * (`LOCK_ACCOUNT_THRESHOLD`, 50), and for how long (`LOCK_MINUTES`).
   */
  lockThreshold: number;
  lockAccountThreshold: number;
  lockMinutes: number;
  /** Largest request body in bytes (uploads have their own limit). */
  bodyLimit: number;
  /** AMap key configured: the content security policy then allows AMap's hosts. */
  amapKey?: string;
  /**
   * Where camera streams (t_project_video) may come from (`VIDEO_ORIGINS`: comma-separated http(s)
   * origins such as http://10.0.0.8:8080, and a channel's address must be on one; `any`: any http or
   * https address; unset (`stored`): the origins of the channels saved so far). The content security
   * policy lets the console fetch and play media from exactly these.
   */
  videoOrigins: string[] | 'any' | 'stored';
  /**
   * The supplier's filter catalogue the sync reads (`FILTER_CATALOGUE_URL`: an http(s) address
   * answering JSON, or a path on this server); absent: the demo catalogue, /srv/demo/filter-catalogue.
   */
  filterCatalogueUrl?: string;
  logLevel: string;
  /**
   * `LOG_FORMAT`: `pretty` (readable lines, pino-pretty) or `json` (one JSON object a line, for
   * collectors); unset: pretty on a terminal, JSON otherwise.
   */
  logFormat: 'pretty' | 'json';
  /**
   * Trust X-Forwarded-For from a reverse proxy (`TRUST_PROXY`: true, a hop count or addresses).
   * Off by default: otherwise any client could pick its own address and escape the login limit.
   */
  trustProxy: boolean | number | string;
  /** Seconds without data before a device counts as offline (`OFFLINE_AFTER_S`); 0: never. */
  offlineAfterS: number;
  /** Run the device simulator in demo mode (`SIMULATOR`, on unless 0/false/off). */
  simulator: boolean;
  /** Alarm debounce and hysteresis (`ALARM_RAISE_AFTER`, `ALARM_CLEAR_AFTER`, `ALARM_HYSTERESIS_PCT`). */
  alarm: { raiseAfter: number; clearAfter: number; hysteresis: number };
  /**
   * Alarm notifications (server/notifications/README.md): `NOTIFY_TIMEOUT_S` (10) per outbound call,
   * `NOTIFY_BACKOFF_S` (10,30,120,600,1800) the waits between tries, `ALARM_ESCALATE_MINUTES` (15;
   * 0 off) before an unacknowledged alarm goes to the next contact level, and the SMTP server of
   * the e-mail channel (`SMTP_HOST`, `SMTP_PORT`, `SMTP_SECURE`, `SMTP_USER`, `SMTP_PASS`, `SMTP_FROM`).
   * `WEBHOOK_ALLOW_NETWORKS` (comma-separated CIDRs, IPv4 or IPv6; unset: none): networks a webhook
   * may reach although not public (server/outbound/README.md) — a site's LAN receiver, the tests'
   * 127.0.0.0/8; an entry that is not a network stops the start.
   */
  notify: NotifySettings;
  /** The longest session a login or refresh may ask for, in minutes (`TOKEN_MAX_MINUTES`, 720). */
  tokenMaxMinutes: number;
  /** GET /readyz answers 503 while the ingest backlog is older than this (`READY_MAX_INGEST_LAG_S`, 30). */
  readyMaxIngestLagS?: number;
  /**
   * The Ed25519 public keys (PEM) a licence file may be signed with (`LICENCE_PUBLIC_KEY_FILES`:
   * comma-separated PEM files; default the key shipped in server/licence/). Tests and the e2e server
   * add a test key here; production keeps the shipped one.
   */
  licencePublicKeys: string[];
  /** Where backups are kept (`BACKUP_DIR`); absent: `<dataDir>/backups`. Never inside `staticDir`. */
  backupDir?: string;
  /** Largest backup file an upload may carry (`BACKUP_UPLOAD_MAX_MB`, 1024 MiB). */
  backupUploadMaxBytes?: number;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function num(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${value}"`);
  return n;
}

const flag = (value: string | undefined) => /^(1|true|yes|on)$/i.test(value ?? '');

/** The notification settings; the SMTP password is kept only here, never printed. */
function readNotify(env: NodeJS.ProcessEnv): NotifySettings {
  const backoff = (env.NOTIFY_BACKOFF_S || '10,30,120,600,1800').split(',').map((s) => s.trim());
  const backoffMs = backoff.map((s) => Math.round(num(s, NaN, 'NOTIFY_BACKOFF_S') * 1000));
  if (backoffMs.some((ms) => !(ms > 0))) throw new Error('NOTIFY_BACKOFF_S must be a comma-separated list of positive seconds');
  const secure = flag(env.SMTP_SECURE);
  const host = env.SMTP_HOST?.trim();
  return {
    timeoutMs: Math.max(1, int(env.NOTIFY_TIMEOUT_S, 10, 'NOTIFY_TIMEOUT_S')) * 1000,
    backoffMs,
    escalateAfterMs: Math.round(num(env.ALARM_ESCALATE_MINUTES, 15, 'ALARM_ESCALATE_MINUTES') * 60_000),
    pollMs: 1_000,
    webhookAllowNetworks: readAllowNetworks(env.WEBHOOK_ALLOW_NETWORKS),
    smtp: host ? {
      host, port: int(env.SMTP_PORT, secure ? 465 : 587, 'SMTP_PORT'), secure,
      user: env.SMTP_USER || undefined, pass: env.SMTP_PASS || undefined,
      from: env.SMTP_FROM || env.SMTP_USER || 'nv-console@localhost',
    } : undefined,
  };
}

/** `WEBHOOK_ALLOW_NETWORKS`: each entry checked here, so a typo stops the start instead of refusing calls later. */
function readAllowNetworks(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  try {
    parseNetworks(entries);
  } catch (err) {
    throw new Error(`WEBHOOK_ALLOW_NETWORKS: ${(err as Error).message}`, { cause: err });
  }
  return entries;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || /^(0|false|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** `VIDEO_ORIGINS`: unset or empty: the saved channels' origins; `any`: any http(s) address; else http(s) origins. */
function parseVideoOrigins(value: string | undefined): string[] | 'any' | 'stored' {
  const entries = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!entries.length) return 'stored';
  if (entries.length === 1 && entries[0].toLowerCase() === 'any') return 'any';
  return entries.map((entry) => {
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch { /* reported below */ }
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
      throw new Error(`VIDEO_ORIGINS must list http(s) origins such as http://10.0.0.8:8080, got "${entry}"`);
    }
    return url.origin;
  });
}

/** The licence public keys: the PEM files listed, or the one shipped beside the licence code. */
function readLicenceKeys(files: string | undefined, root: string): string[] {
  const listed = (files ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const paths = listed.length ? listed.map((f) => path.resolve(root, f)) : [SHIPPED_LICENCE_KEY_FILE];
  return paths.map((file) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      throw new Error(`LICENCE_PUBLIC_KEY_FILES: cannot read ${file}`);
    }
  });
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const demoDefault = !databaseUrl;
  const demo = env.DEMO === undefined || env.DEMO === '' ? demoDefault : /^(1|true|yes|on)$/i.test(env.DEMO);
  return {
    port: int(env.PORT, 8080, 'PORT'),
    // The demo's accounts and passwords are in the README: a plain `npm start` keeps them on this
    // machine unless HOST says otherwise (demoAccountsExposed then warns at start and in the console).
    host: env.HOST || (demo ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(root, env.DATA_DIR || 'data'),
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    hubSecret: env.HUB_SECRET || undefined,
    secretsKey: env.SECRETS_KEY ? parseSecretsKey(env.SECRETS_KEY) : undefined,
    singleSession: env.SINGLE_SESSION === undefined || env.SINGLE_SESSION === '' || /^(1|true|yes|on)$/i.test(env.SINGLE_SESSION),
    demo,
    demoHistoryDays: Math.max(1, int(env.DEMO_HISTORY_DAYS, 365, 'DEMO_HISTORY_DAYS')),
    lifeRecalcMinutes: Math.max(0, int(env.LIFE_RECALC_MINUTES, 60, 'LIFE_RECALC_MINUTES')),
    wallWatchdogMs: Math.max(0, int(env.WALL_WATCHDOG_MS, 5000, 'WALL_WATCHDOG_MS')),
    wallTileSilentMs: Math.max(1000, int(env.WALL_TILE_SILENT_MS, 20_000, 'WALL_TILE_SILENT_MS')),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    staticDir: env.STATIC_DIR === '' ? undefined : path.resolve(root, env.STATIC_DIR || 'dist'),
    corsOrigins: (env.CORS_ORIGINS || '').split(',').map((s) => s.trim()).filter(Boolean),
    loginRateLimit: int(env.LOGIN_RATE_LIMIT, 20, 'LOGIN_RATE_LIMIT'),
    lockThreshold: int(env.LOCK_THRESHOLD, 5, 'LOCK_THRESHOLD'),
    lockAccountThreshold: int(env.LOCK_ACCOUNT_THRESHOLD, 50, 'LOCK_ACCOUNT_THRESHOLD'),
    lockMinutes: int(env.LOCK_MINUTES, 15, 'LOCK_MINUTES'),
    bodyLimit: int(env.BODY_LIMIT, 1024 * 1024, 'BODY_LIMIT'),
    amapKey: env.AMAP_KEY || undefined,
    videoOrigins: parseVideoOrigins(env.VIDEO_ORIGINS),
    filterCatalogueUrl: env.FILTER_CATALOGUE_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : process.stdout.isTTY ? 'pretty' : 'json',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    offlineAfterS: int(env.OFFLINE_AFTER_S, 300, 'OFFLINE_AFTER_S'),
    simulator: !/^(0|false|no|off)$/i.test(env.SIMULATOR ?? ''),
    alarm: {
      raiseAfter: Math.max(1, int(env.ALARM_RAISE_AFTER, 2, 'ALARM_RAISE_AFTER')),
      clearAfter: Math.max(1, int(env.ALARM_CLEAR_AFTER, 2, 'ALARM_CLEAR_AFTER')),
      hysteresis: int(env.ALARM_HYSTERESIS_PCT, 2, 'ALARM_HYSTERESIS_PCT') / 100,
    },
    notify: readNotify(env),
    tokenMaxMinutes: Math.max(1, int(env.TOKEN_MAX_MINUTES, 720, 'TOKEN_MAX_MINUTES')),
    readyMaxIngestLagS: int(env.READY_MAX_INGEST_LAG_S, 30, 'READY_MAX_INGEST_LAG_S'),
    licencePublicKeys: readLicenceKeys(env.LICENCE_PUBLIC_KEY_FILES, root),
    backupDir: env.BACKUP_DIR ? path.resolve(root, env.BACKUP_DIR) : undefined,
    backupUploadMaxBytes: env.BACKUP_UPLOAD_MAX_MB ? Math.max(1, int(env.BACKUP_UPLOAD_MAX_MB, 1024, 'BACKUP_UPLOAD_MAX_MB')) * 1024 * 1024 : undefined,
  };
}

/** Whether the demo accounts, whose passwords are public, can be reached from other machines. */
export function demoAccountsExposed(config: Pick<ServerConfig, 'demo' | 'host'>): boolean {
  if (!config.demo) return false;
  const host = config.host.trim().toLowerCase();
  return !(host === 'localhost' || host === '::1' || host.startsWith('127.'));
}
