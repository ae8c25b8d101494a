import { describe, expect, it } from 'vitest';
import { displayTokenProblem, helpText, OptionError, parseOptions, type KioskOptions, type WallOptions } from './options';

function run(...argv: string[]): KioskOptions {
  const parsed = parseOptions(argv);
  if (parsed.kind !== 'run') throw new Error('expected options');
  return parsed.options;
}

function wall(...argv: string[]): WallOptions {
  const parsed = parseOptions(argv);
  if (parsed.kind !== 'wall') throw new Error('expected wall options');
  return parsed.options;
}

const TOKEN = 'nvd_AbCdEf0123456789-_xyzAbCdEf0123456789-_xyz0';

function refused(argv: string[]): string {
  try {
    parseOptions(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(OptionError);
    return (err as Error).message;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
}

describe('kiosk options', () => {
  it('takes the defaults for everything but the playlist and the sign-in', () => {
    expect(run('--playlist', '3', '--guest')).toEqual({
      url: 'http://localhost:8080', playlist: 3, auth: { kind: 'guest' }, kiosk: true, heapCeilingMb: 1024,
      hangTimeoutSec: 30, softwareGl: false, headless: false, sandbox: true, chromium: '/usr/bin/chromium',
    });
  });

  it('reads every option, in both --name value and --name=value forms', () => {
    const o = run('--url=https://wall.example.com:8443/', '--playlist', '12', '--account', ' lobby ', '--display', ':0.1',
      '--window-position', '1920,0', '--window-size=3840,2160', '--no-kiosk', '--profile-dir', '/var/lib/kiosk/a',
      '--heap-ceiling-mb', '512', '--daily-reload', '04:30', '--hang-timeout-sec=45', '--software-gl', '--headless',
      '--no-sandbox', '--log', '/var/log/kiosk.log', '--chromium', '/opt/chrome');
    expect(o).toEqual({
      url: 'https://wall.example.com:8443', playlist: 12, auth: { kind: 'account', name: 'lobby' }, display: ':0.1',
      windowPosition: { x: 1920, y: 0 }, windowSize: { width: 3840, height: 2160 }, kiosk: false, profileDir: '/var/lib/kiosk/a',
      heapCeilingMb: 512, dailyReload: { hour: 4, minute: 30 }, hangTimeoutSec: 45, softwareGl: true, headless: true,
      sandbox: false, log: '/var/log/kiosk.log', chromium: '/opt/chrome',
    });
  });

  it('prints help for --help, listing every option with its default', () => {
    expect(parseOptions(['--help'])).toEqual({ kind: 'help' });
    const text = helpText();
    for (const name of ['url', 'playlist', 'guest', 'account', 'wall', 'tile', 'display-token', 'display', 'window-position', 'window-size', 'kiosk', 'profile-dir',
      'heap-ceiling-mb', 'daily-reload', 'hang-timeout-sec', 'software-gl', 'headless', 'no-sandbox', 'log', 'chromium', 'help']) {
      expect(text).toContain(`--${name}`);
    }
    expect(text).toContain('(default: http://localhost:8080)');
    expect(text).toContain('(default: 1024)');
    expect(text).toContain('(default: 30)');
    expect(text).toContain('NV_KIOSK_PASSWORD');
    expect(text).toContain('NV_DISPLAY_TOKEN');
  });

  it('refuses bad and unknown options with a message naming them', () => {
    expect(refused(['--playlist', '1', '--guest', '--fullscreen'])).toBe('unknown option --fullscreen (see --help)');
    expect(refused(['--guest'])).toBe('--playlist <id> or --wall <id> is required');
    expect(refused(['--playlist', '1'])).toMatch(/--guest or --account/);
    expect(refused(['--playlist', '1', '--guest', '--account', 'a'])).toMatch(/contradict/);
    expect(refused(['--playlist', 'abc', '--guest'])).toMatch(/^--playlist: expected a whole number/);
    expect(refused(['--playlist', '0', '--guest'])).toMatch(/^--playlist: must be between 1 and/);
    expect(refused(['--playlist', '1', '--guest', '--url', 'ftp://x'])).toMatch(/^--url/);
    expect(refused(['--playlist', '1', '--guest', '--url', 'http://u:p@host'])).toMatch(/must not carry a user or password/);
    expect(refused(['--playlist', '1', '--guest', '--window-size', '1920'])).toMatch(/^--window-size: expected two numbers/);
    expect(refused(['--playlist', '1', '--guest', '--window-size', '1920,10'])).toMatch(/^--window-size: must be between 100/);
    expect(refused(['--playlist', '1', '--guest', '--daily-reload', '24:00'])).toMatch(/^--daily-reload: expected a time HH:MM/);
    expect(refused(['--playlist', '1', '--guest', '--daily-reload', '4'])).toMatch(/^--daily-reload/);
    expect(refused(['--playlist', '1', '--guest', '--hang-timeout-sec', '1'])).toMatch(/^--hang-timeout-sec: must be between 5/);
    expect(refused(['--playlist', '1', '--guest', '--heap-ceiling-mb', '1.5'])).toMatch(/^--heap-ceiling-mb: expected a whole number/);
    expect(refused(['--playlist', '1', '--guest', '--display', 'screen2'])).toMatch(/^--display/);
    expect(refused(['--playlist', '1', '--guest', '--kiosk', '--no-kiosk'])).toMatch(/contradict/);
    expect(refused(['--playlist', '1', '--playlist', '2', '--guest'])).toBe('--playlist given twice');
    expect(refused(['--playlist', '--guest'])).toBe('--playlist needs a value');
    expect(refused(['--playlist', '1', '--guest=yes'])).toBe('--guest takes no value');
    expect(refused(['playlist', '1'])).toMatch(/^unexpected argument "playlist"/);
    expect(refused(['--playlist', '1', '--guest', '--log', ''])).toBe('--log: must not be empty');
  });

  it('never takes a password from the command line', () => {
    expect(refused(['--playlist', '1', '--account', 'lobby', '--password', 'secret'])).toMatch(/never taken from the command line.*NV_KIOSK_PASSWORD/);
    expect(refused(['--playlist', '1', '--account', 'lobby', '--password=secret'])).not.toContain('secret');
  });
});

describe('kiosk options: a video wall', () => {
  it('takes one or several --tile, with an optional window position, and the common defaults', () => {
    expect(wall('--wall', '4', '--tile', '0,1')).toEqual({
      url: 'http://localhost:8080', wall: 4, tiles: [{ tile: [0, 1] }], kiosk: true, heapCeilingMb: 1024,
      hangTimeoutSec: 30, softwareGl: false, headless: false, sandbox: true, chromium: '/usr/bin/chromium',
    });
    const o = wall('--url', 'http://nv:8080', '--wall=7', '--tile', '1,0', '--tile=1,1@1920,0', '--tile', ' 0 , 2 @ -3840 , 0',
      '--display', ':0', '--profile-dir', '/var/lib/nv-kiosk/wall7', '--headless', '--no-sandbox', '--hang-timeout-sec', '10',
      '--daily-reload', '04:30', '--log', '/var/log/wall.log');
    expect(o).toEqual({
      url: 'http://nv:8080', wall: 7,
      tiles: [{ tile: [1, 0] }, { tile: [1, 1], position: { x: 1920, y: 0 } }, { tile: [0, 2], position: { x: -3840, y: 0 } }],
      display: ':0', profileDir: '/var/lib/nv-kiosk/wall7', kiosk: true, heapCeilingMb: 1024, hangTimeoutSec: 10,
      dailyReload: { hour: 4, minute: 30 }, softwareGl: false, headless: true, sandbox: false, log: '/var/log/wall.log',
      chromium: '/usr/bin/chromium',
    });
  });

  it('takes the display token from --display-token (the CLI warns), checked without repeating it', () => {
    expect(wall('--wall', '1', '--tile', '0,0', '--display-token', TOKEN).displayToken).toBe(TOKEN);
    expect(wall('--wall', '1', '--tile', '0,0', `--display-token=${TOKEN}`).displayToken).toBe(TOKEN);
    expect(wall('--wall', '1', '--tile', '0,0').displayToken).toBeUndefined();
    for (const bad of ['session-token-0123456789', 'nvd_short', TOKEN.slice(0, -1), `${TOKEN}x`, `nvd_${'x'.repeat(600)}`, `${TOKEN.slice(0, -2)};x`]) {
      const message = refused(['--wall', '1', '--tile', '0,0', '--display-token', bad]);
      expect(message).toMatch(/^--display-token: a display token/);
      expect(message).not.toContain(bad);
      expect(displayTokenProblem(bad)).toBeDefined();
    }
    expect(displayTokenProblem(TOKEN)).toBeUndefined();
    // A token typed where an option belongs is not echoed either.
    expect(refused(['--wall', '1', '--tile', '0,0', TOKEN])).not.toContain(TOKEN);
  });

  it('refuses what a wall cannot use, naming the option', () => {
    expect(refused(['--wall', '1'])).toBe('--wall needs at least one --tile r,c (0-based row and column)');
    expect(refused(['--wall', '1', '--playlist', '2', '--tile', '0,0'])).toMatch(/^--wall and --playlist contradict/);
    expect(refused(['--wall', '1', '--tile', '0,0', '--guest'])).toMatch(/display token.*not --guest or --account/);
    expect(refused(['--wall', '1', '--tile', '0,0', '--account', 'lobby'])).toMatch(/not --guest or --account/);
    expect(refused(['--wall', '1', '--tile', '0,0', '--window-position', '0,0'])).toMatch(/^--window-position is for --playlist/);
    expect(refused(['--wall', '1', '--tile', '0,0', '--window-size', '1920,1080'])).toMatch(/^--window-size is for --playlist/);
    expect(refused(['--wall', '1', '--tile', '0,0', '--tile', '0,0'])).toBe('--tile 0,0 given twice');
    expect(refused(['--wall', '1', '--tile', '0,0@1,1', '--tile', '0,0'])).toBe('--tile 0,0 given twice');
    expect(refused(['--wall', '1', '--tile', '1'])).toMatch(/^--tile: expected a row and column like 0,1/);
    expect(refused(['--wall', '1', '--tile', 'a,b'])).toMatch(/^--tile: expected a row and column/);
    expect(refused(['--wall', '1', '--tile', '0,8'])).toBe('--tile: must be between 0 and 7, got 8');
    expect(refused(['--wall', '1', '--tile', '0,0@1920'])).toMatch(/^--tile: expected two numbers/);
    expect(refused(['--wall', '1', '--tile'])).toBe('--tile needs a value');
    expect(refused(['--wall', '0', '--tile', '0,0'])).toMatch(/^--wall: must be between 1 and/);
    expect(refused(['--wall', '1', '--wall', '2', '--tile', '0,0'])).toBe('--wall given twice');
    expect(refused(['--wall', '1', '--tile', '0,0', '--display-token', TOKEN, '--display-token', TOKEN])).toBe('--display-token given twice');
    expect(refused(['--playlist', '1', '--guest', '--tile', '0,0'])).toBe('--tile goes with --wall <id>');
    expect(refused(['--playlist', '1', '--guest', '--display-token', TOKEN])).toBe('--display-token goes with --wall <id>');
  });
});
