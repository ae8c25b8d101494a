import { MAX_DB_INT } from '../contract/constants';
import { DISPLAY_TOKEN_PATTERN, DISPLAY_TOKEN_PREFIX } from '../contract/display-token';
import { WALL_MAX_COLS, WALL_MAX_ROWS } from '../contract/walls';

/** How the launcher signs in: the shared guest account (游客访问) or a named kiosk account. */
export type KioskAuth = { kind: 'guest' } | { kind: 'account'; name: string };

/** What both modes share: the server, the browser and the supervision settings. */
export interface CommonOptions {
  url: string;
  display?: string;
  kiosk: boolean;
  profileDir?: string;
  heapCeilingMb: number;
  dailyReload?: { hour: number; minute: number };
  hangTimeoutSec: number;
  softwareGl: boolean;
  headless: boolean;
  sandbox: boolean;
  log?: string;
  chromium: string;
}

/** The playlist mode (`--playlist`); see {@link helpText} for the meaning of each option. */
export interface KioskOptions extends CommonOptions {
  playlist: number;
  auth: KioskAuth;
  windowPosition?: { x: number; y: number };
  windowSize?: { width: number; height: number };
}

/** One `--tile r,c[@x,y]`: a tile of the wall (0-based row and column) and, optionally, where its window goes. */
export interface TileRequest {
  tile: [number, number];
  position?: { x: number; y: number };
}

/** The wall mode (`--wall`): one supervised Chromium per tile, signed in with the wall's display token. */
export interface WallOptions extends CommonOptions {
  wall: number;
  tiles: TileRequest[];
  /** From `--display-token` (visible in the process list: the CLI warns); else the CLI reads {@link DISPLAY_TOKEN_ENV}. */
  displayToken?: string;
}

/** What the command line asks for: play a playlist, show tiles of a wall, or print the help. */
export type ParsedCommand = { kind: 'run'; options: KioskOptions } | { kind: 'wall'; options: WallOptions } | { kind: 'help' };

/** A bad command line; the CLI prints the message and exits with code 2. */
export class OptionError extends Error {
  override name = 'OptionError';
}

export const DEFAULTS = {
  url: 'http://localhost:8080',
  heapCeilingMb: 1024,
  hangTimeoutSec: 30,
  chromium: '/usr/bin/chromium',
} as const;

/** The environment variable the account's password is read from (never from argv or a file). */
export const PASSWORD_ENV = 'NV_KIOSK_PASSWORD';
/** The environment variable the wall's display token is read from (preferred over --display-token). */
export const DISPLAY_TOKEN_ENV = 'NV_DISPLAY_TOKEN';

interface Spec {
  name: string;
  value?: string;
  help: string;
  default?: string;
}

/** One line per option in --help; the parser accepts exactly these. */
const SPECS: Spec[] = [
  { name: 'url', value: '<url>', help: 'console base URL', default: DEFAULTS.url },
  { name: 'playlist', value: '<id>', help: 'playlist to show: opens /kiosk?playlist=<id>' },
  { name: 'guest', help: 'playlist: sign in as the guest account (游客访问)' },
  { name: 'account', value: '<name>', help: `playlist: sign in as this account; password from ${PASSWORD_ENV} or typed at a prompt` },
  { name: 'wall', value: '<id>', help: 'video wall to show tiles of: opens /monitor?wall=<id>&tile=r,c per tile' },
  { name: 'tile', value: '<r,c[@x,y]>', help: 'wall: a tile to show (0-based row,column), repeatable; @x,y places its window', default: 'side by side from 0,0' },
  { name: 'display-token', value: '<token>', help: `wall: the display token (visible in the process list: prefer ${DISPLAY_TOKEN_ENV})`, default: `$${DISPLAY_TOKEN_ENV}` },
  { name: 'display', value: '<display>', help: 'X display to open on, e.g. :0.1', default: '$DISPLAY' },
  { name: 'window-position', value: '<x,y>', help: 'playlist: window position on the desktop, e.g. 1920,0', default: "Chromium's" },
  { name: 'window-size', value: '<w,h>', help: "playlist: window size, e.g. 1920,1080 (a wall's is its screens')", default: "Chromium's (headless: 1920,1080)" },
  { name: 'kiosk', help: 'full-screen kiosk window (--no-kiosk: an ordinary window)', default: 'on' },
  { name: 'profile-dir', value: '<dir>', help: 'Chromium profile folder to keep (mode 0700; a wall: one sub-folder per tile)', default: 'a fresh temporary one, removed at exit' },
  { name: 'heap-ceiling-mb', value: '<n>', help: 'reload the page when its JS heap is above this (checked every minute)', default: String(DEFAULTS.heapCeilingMb) },
  { name: 'daily-reload', value: '<HH:MM>', help: 'reload the page every day at this local time', default: 'off' },
  { name: 'hang-timeout-sec', value: '<n>', help: 'a page that does not answer for this long is hung: reload, else relaunch', default: String(DEFAULTS.hangTimeoutSec) },
  { name: 'software-gl', help: 'force software rendering (SwiftShader) even with a GPU', default: 'off: the GPU when there is one' },
  { name: 'headless', help: 'no window (CI and tests)', default: 'off' },
  { name: 'no-sandbox', help: "run Chromium without its sandbox (needed as root or in some containers)", default: 'sandbox on' },
  { name: 'log', value: '<file>', help: 'also append the log to this file', default: 'stdout only' },
  { name: 'chromium', value: '<path>', help: 'Chromium executable', default: DEFAULTS.chromium },
  { name: 'help', help: 'print this help' },
];

/** The text `--help` prints: usage and every option with its default. */
export function helpText(): string {
  const rows = SPECS.map((s) => {
    const left = `  --${s.name}${s.value ? ` ${s.value}` : ''}`;
    const def = s.default ? ` (default: ${s.default})` : '';
    return `${left.padEnd(30)} ${s.help}${def}`;
  });
  return [
    'Usage: npm run kiosk -- --playlist <id> (--guest | --account <name>) [options]',
    `       ${DISPLAY_TOKEN_ENV}=nvd_... npm run kiosk -- --wall <id> --tile <r,c> [--tile <r,c> ...] [options]`,
    '',
    'Runs Chromium full-screen on a playlist of the console, or one window per tile of a video wall,',
    'and keeps it running: relaunches a crashed browser, reloads a hung page or one above the heap',
    'ceiling, waits out network loss and signs in again when the session ends; a wall reports each',
    'restart of a tile to the server. One line per event on stdout (and --log).',
    '',
    'Options:',
    ...rows,
    '',
    `The password is never taken from the command line or stored: set ${PASSWORD_ENV}, or type it.`,
    `A wall's display token is read from ${DISPLAY_TOKEN_ENV}; it never goes into an address or the log.`,
  ].join('\n');
}

function int(name: string, raw: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(raw)) throw new OptionError(`--${name}: expected a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new OptionError(`--${name}: must be between ${min} and ${max}, got ${n}`);
  return n;
}

function pair(name: string, raw: string, min: number, max: number): [number, number] {
  const parts = raw.split(',');
  if (parts.length !== 2) throw new OptionError(`--${name}: expected two numbers like 1920,1080, got "${raw}"`);
  return [int(name, parts[0].trim(), min, max), int(name, parts[1].trim(), min, max)];
}

function baseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OptionError(`--url: not a URL: "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OptionError('--url: must be http:// or https://');
  if (url.username || url.password) throw new OptionError('--url: must not carry a user or password');
  if (url.search || url.hash) throw new OptionError('--url: the console base URL takes no query or fragment');
  return url.href.replace(/\/+$/, '');
}

function time(raw: string): { hour: number; minute: number } {
  const m = /^(\d{1,2}):(\d{2})$/.exec(raw);
  const hour = m ? Number(m[1]) : NaN;
  const minute = m ? Number(m[2]) : NaN;
  if (!m || hour > 23 || minute > 59) throw new OptionError(`--daily-reload: expected a time HH:MM (00:00-23:59), got "${raw}"`);
  return { hour, minute };
}

const FLAGS = new Set(['guest', 'kiosk', 'no-kiosk', 'software-gl', 'headless', 'no-sandbox', 'help']);
const VALUED = new Set(SPECS.filter((s) => s.value).map((s) => s.name));
/** Options that may be given more than once. */
const REPEATABLE = new Set(['tile']);

/**
 * Why `token` cannot be a display token (`nvd_` and 43 URL-safe characters, as the wall page shows
 * it), or undefined when it can. The message never repeats the value: it is a credential.
 */
export function displayTokenProblem(token: string): string | undefined {
  if (!token.startsWith(DISPLAY_TOKEN_PREFIX)) return `a display token starts with ${DISPLAY_TOKEN_PREFIX} (create one on the video wall page)`;
  if (!DISPLAY_TOKEN_PATTERN.test(token)) return `a display token is ${DISPLAY_TOKEN_PREFIX} and 43 letters, digits, _ or - (copy it whole from the video wall page)`;
  return undefined;
}

function tileRequest(raw: string): TileRequest {
  const m = /^\s*(\d+)\s*,\s*(\d+)\s*(?:@(.*))?$/.exec(raw);
  if (!m) throw new OptionError(`--tile: expected a row and column like 0,1 (optionally @x,y for the window, e.g. 0,1@1920,0), got "${raw}"`);
  const tile: [number, number] = [int('tile', m[1], 0, WALL_MAX_ROWS - 1), int('tile', m[2], 0, WALL_MAX_COLS - 1)];
  if (m[3] === undefined) return { tile };
  const [x, y] = pair('tile', m[3], -100_000, 100_000);
  return { tile, position: { x, y } };
}

/**
 * Parses the launcher's command line (without node and the script). Pure: no environment, no
 * files. Throws {@link OptionError} with a message naming the option on anything it does not accept.
 */
export function parseOptions(argv: readonly string[]): ParsedCommand {
  const seen = new Map<string, string | true>();
  const repeated = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith(DISPLAY_TOKEN_PREFIX)) throw new OptionError(`unexpected argument: a display token? Set ${DISPLAY_TOKEN_ENV} (or give --display-token)`);
    if (!arg.startsWith('--')) throw new OptionError(`unexpected argument "${arg}" (options start with --; see --help)`);
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    if (name === 'password' || name === 'pass' || name === 'pwd') {
      throw new OptionError(`--${name}: a password is never taken from the command line; set ${PASSWORD_ENV} or type it at the prompt`);
    }
    if (seen.has(name)) throw new OptionError(`--${name} given twice`);
    if (FLAGS.has(name)) {
      if (eq !== -1) throw new OptionError(`--${name} takes no value`);
      seen.set(name, true);
    } else if (VALUED.has(name)) {
      const value = eq !== -1 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq === -1 && value.startsWith('--'))) throw new OptionError(`--${name} needs a value`);
      seen.set(name, value);
      if (REPEATABLE.has(name)) {
        repeated.set(name, [...(repeated.get(name) ?? []), value]);
        seen.delete(name); // not "given twice"
      }
    } else {
      throw new OptionError(`unknown option --${name} (see --help)`);
    }
  }
  if (seen.has('help')) return { kind: 'help' };
  const get = (name: string) => seen.get(name) as string | undefined;

  if (seen.has('kiosk') && seen.has('no-kiosk')) throw new OptionError('--kiosk and --no-kiosk contradict each other');
  if (seen.has('wall') && seen.has('playlist')) throw new OptionError('--wall and --playlist contradict each other: a launcher shows one or the other');
  if (!seen.has('wall') && !seen.has('playlist')) throw new OptionError('--playlist <id> or --wall <id> is required');
  const common = commonOptions(get, seen);
  if (seen.has('wall')) return { kind: 'wall', options: wallOptions(get, seen, repeated.get('tile') ?? [], common) };
  for (const name of ['tile', 'display-token']) {
    if (seen.has(name) || repeated.has(name)) throw new OptionError(`--${name} goes with --wall <id>`);
  }
  const account = get('account');
  if (seen.has('guest') && account !== undefined) throw new OptionError('--guest and --account contradict each other: pick one');
  if (!seen.has('guest') && account === undefined) throw new OptionError('say how to sign in: --guest or --account <name>');
  if (account !== undefined && (account.trim() === '' || account.length > 64)) throw new OptionError('--account: a user name of 1-64 characters');
  const playlist = get('playlist')!;

  const options: KioskOptions = {
    playlist: int('playlist', playlist, 1, MAX_DB_INT),
    auth: account !== undefined ? { kind: 'account', name: account.trim() } : { kind: 'guest' },
    ...common,
  };
  const position = get('window-position');
  if (position !== undefined) {
    const [x, y] = pair('window-position', position, -100_000, 100_000);
    options.windowPosition = { x, y };
  }
  const size = get('window-size');
  if (size !== undefined) {
    const [width, height] = pair('window-size', size, 100, 16_384);
    options.windowSize = { width, height };
  }
  return { kind: 'run', options };
}

function commonOptions(get: (name: string) => string | undefined, seen: Map<string, string | true>): CommonOptions {
  const options: CommonOptions = {
    url: baseUrl(get('url') ?? DEFAULTS.url),
    kiosk: !seen.has('no-kiosk'),
    heapCeilingMb: int('heap-ceiling-mb', get('heap-ceiling-mb') ?? String(DEFAULTS.heapCeilingMb), 16, 65_536),
    hangTimeoutSec: int('hang-timeout-sec', get('hang-timeout-sec') ?? String(DEFAULTS.hangTimeoutSec), 5, 600),
    softwareGl: seen.has('software-gl'),
    headless: seen.has('headless'),
    sandbox: !seen.has('no-sandbox'),
    chromium: get('chromium') ?? DEFAULTS.chromium,
  };
  const display = get('display');
  if (display !== undefined) {
    if (!/^[A-Za-z0-9.-]*:\d+(\.\d+)?$/.test(display)) throw new OptionError(`--display: expected an X display like :0 or :0.1, got "${display}"`);
    options.display = display;
  }
  const daily = get('daily-reload');
  if (daily !== undefined) options.dailyReload = time(daily);
  for (const name of ['profile-dir', 'log', 'chromium'] as const) {
    const v = get(name);
    if (v !== undefined && v.trim() === '') throw new OptionError(`--${name}: must not be empty`);
  }
  const profileDir = get('profile-dir');
  if (profileDir !== undefined) options.profileDir = profileDir;
  const log = get('log');
  if (log !== undefined) options.log = log;
  return options;
}

function wallOptions(get: (name: string) => string | undefined, seen: Map<string, string | true>, tiles: string[], common: CommonOptions): WallOptions {
  if (seen.has('guest') || seen.has('account')) {
    throw new OptionError(`--wall signs in with the wall's display token (${DISPLAY_TOKEN_ENV} or --display-token), not --guest or --account`);
  }
  for (const name of ['window-position', 'window-size']) {
    if (seen.has(name)) throw new OptionError(`--${name} is for --playlist: a tile's window has its screen's size from the wall, and its place from --tile r,c@x,y`);
  }
  if (tiles.length === 0) throw new OptionError('--wall needs at least one --tile r,c (0-based row and column)');
  const requests = tiles.map(tileRequest);
  const keys = new Set<string>();
  for (const { tile } of requests) {
    const key = tile.join(',');
    if (keys.has(key)) throw new OptionError(`--tile ${key} given twice`);
    keys.add(key);
  }
  const options: WallOptions = { ...common, wall: int('wall', get('wall')!, 1, MAX_DB_INT), tiles: requests };
  const token = get('display-token');
  if (token !== undefined) {
    const problem = displayTokenProblem(token);
    if (problem) throw new OptionError(`--display-token: ${problem}`);
    options.displayToken = token;
  }
  return options;
}
