import { MAX_DB_INT } from '../contract/constants';

/** How the launcher signs in: the shared guest account (游客访问) or a named kiosk account. */
export type KioskAuth = { kind: 'guest' } | { kind: 'account'; name: string };

/** Everything the command line decides; see {@link helpText} for the meaning of each. */
export interface KioskOptions {
  url: string;
  playlist: number;
  auth: KioskAuth;
  display?: string;
  windowPosition?: { x: number; y: number };
  windowSize?: { width: number; height: number };
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

/** What the command line asks for: run the launcher, or print the help. */
export type ParsedCommand = { kind: 'run'; options: KioskOptions } | { kind: 'help' };

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

interface Spec {
  name: string;
  value?: string;
  help: string;
  default?: string;
}

/** One line per option in --help; the parser accepts exactly these. */
const SPECS: Spec[] = [
  { name: 'url', value: '<url>', help: 'console base URL', default: DEFAULTS.url },
  { name: 'playlist', value: '<id>', help: 'playlist to show (required): opens /kiosk?playlist=<id>' },
  { name: 'guest', help: 'sign in as the guest account (游客访问)' },
  { name: 'account', value: '<name>', help: `sign in as this account; password from ${PASSWORD_ENV} or typed at a prompt` },
  { name: 'display', value: '<display>', help: 'X display to open on, e.g. :0.1', default: '$DISPLAY' },
  { name: 'window-position', value: '<x,y>', help: 'window position on the desktop, e.g. 1920,0', default: "Chromium's" },
  { name: 'window-size', value: '<w,h>', help: 'window size, e.g. 1920,1080', default: "Chromium's (headless: 1920,1080)" },
  { name: 'kiosk', help: 'full-screen kiosk window (--no-kiosk: an ordinary window)', default: 'on' },
  { name: 'profile-dir', value: '<dir>', help: 'Chromium profile folder to keep (mode 0700)', default: 'a fresh temporary one, removed at exit' },
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
    '',
    'Runs Chromium full-screen on a playlist of the console and keeps it running: relaunches a',
    'crashed browser, reloads a hung page or one above the heap ceiling, waits out network loss and',
    'signs in again when the session ends. One line per event on stdout (and --log).',
    '',
    'Options:',
    ...rows,
    '',
    `The password is never taken from the command line or stored: set ${PASSWORD_ENV}, or type it.`,
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

/**
 * Parses the launcher's command line (without node and the script). Pure: no environment, no
 * files. Throws {@link OptionError} with a message naming the option on anything it does not accept.
 */
export function parseOptions(argv: readonly string[]): ParsedCommand {
  const seen = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
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
    } else {
      throw new OptionError(`unknown option --${name} (see --help)`);
    }
  }
  if (seen.has('help')) return { kind: 'help' };
  const get = (name: string) => seen.get(name) as string | undefined;

  if (seen.has('kiosk') && seen.has('no-kiosk')) throw new OptionError('--kiosk and --no-kiosk contradict each other');
  const account = get('account');
  if (seen.has('guest') && account !== undefined) throw new OptionError('--guest and --account contradict each other: pick one');
  if (!seen.has('guest') && account === undefined) throw new OptionError('say how to sign in: --guest or --account <name>');
  if (account !== undefined && (account.trim() === '' || account.length > 64)) throw new OptionError('--account: a user name of 1-64 characters');
  const playlist = get('playlist');
  if (playlist === undefined) throw new OptionError('--playlist <id> is required');

  const options: KioskOptions = {
    url: baseUrl(get('url') ?? DEFAULTS.url),
    playlist: int('playlist', playlist, 1, MAX_DB_INT),
    auth: account !== undefined ? { kind: 'account', name: account.trim() } : { kind: 'guest' },
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
  return { kind: 'run', options };
}
