import { describe, expect, it } from 'vitest';
import { helpText, OptionError, parseOptions, type KioskOptions } from './options';

function run(...argv: string[]): KioskOptions {
  const parsed = parseOptions(argv);
  if (parsed.kind !== 'run') throw new Error('expected options');
  return parsed.options;
}

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
    for (const name of ['url', 'playlist', 'guest', 'account', 'display', 'window-position', 'window-size', 'kiosk', 'profile-dir',
      'heap-ceiling-mb', 'daily-reload', 'hang-timeout-sec', 'software-gl', 'headless', 'no-sandbox', 'log', 'chromium', 'help']) {
      expect(text).toContain(`--${name}`);
    }
    expect(text).toContain('(default: http://localhost:8080)');
    expect(text).toContain('(default: 1024)');
    expect(text).toContain('(default: 30)');
    expect(text).toContain('NV_KIOSK_PASSWORD');
  });

  it('refuses bad and unknown options with a message naming them', () => {
    expect(refused(['--playlist', '1', '--guest', '--fullscreen'])).toBe('unknown option --fullscreen (see --help)');
    expect(refused(['--guest'])).toBe('--playlist <id> is required');
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
