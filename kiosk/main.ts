import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareProfileDir } from './browser';
import { createLog } from './log';
import { DISPLAY_TOKEN_ENV, displayTokenProblem, helpText, OptionError, parseOptions, PASSWORD_ENV, type CommonOptions, type KioskOptions, type WallOptions } from './options';
import { readPassword } from './password';
import type { Credentials } from './session';
import { FatalError, Supervisor } from './supervisor';
import { errorText } from './timing';
import { WallLauncher } from './wall';
import { WallPlanError } from './wall-plan';

/** Exit codes: 0 stopped by a signal, 1 could not run (sign-in refused at start), 2 bad command line. */
const BAD_USAGE = 2;

function usageError(message: string): number {
  process.stderr.write(`kiosk: ${message}\nRun with --help for the options.\n`);
  return BAD_USAGE;
}

/** Checks what the parser cannot (it is pure): the executable, a display to open on. */
function environmentProblem(options: CommonOptions): string | undefined {
  try {
    fs.accessSync(options.chromium, fs.constants.X_OK);
  } catch {
    return `--chromium: no executable at ${options.chromium}`;
  }
  if (!options.headless && !options.display && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return 'no display to open on: give --display (e.g. :0), set DISPLAY, or use --headless';
  }
  return undefined;
}

async function credentialsFor(options: KioskOptions): Promise<Credentials | undefined> {
  if (options.auth.kind === 'guest') return { kind: 'guest' };
  const password = await readPassword(options.auth.name);
  if (!password) return undefined;
  return { kind: 'account', name: options.auth.name, password };
}

/**
 * The wall's display token: from {@link DISPLAY_TOKEN_ENV} (then removed from this process's
 * environment, so Chromium does not inherit it) or --display-token (with a warning: argv is
 * visible to every user of the machine). Resolves with the token, or the problem with it.
 */
function displayToken(options: WallOptions, env: NodeJS.ProcessEnv = process.env): { token: string } | { problem: string } {
  const fromEnv = env[DISPLAY_TOKEN_ENV];
  delete env[DISPLAY_TOKEN_ENV];
  if (fromEnv && options.displayToken) return { problem: `--display-token and ${DISPLAY_TOKEN_ENV} both given: give the token once, in ${DISPLAY_TOKEN_ENV}` };
  if (options.displayToken) {
    process.stderr.write(`kiosk: warning: --display-token is visible to every user of this machine in the process list; set ${DISPLAY_TOKEN_ENV} instead\n`);
    return { token: options.displayToken };
  }
  if (!fromEnv) return { problem: `no display token: set ${DISPLAY_TOKEN_ENV} (an administrator creates one on the wall's page, 视频墙)` };
  const problem = displayTokenProblem(fromEnv);
  return problem ? { problem: `${DISPLAY_TOKEN_ENV}: ${problem}` } : { token: fromEnv };
}

/** The CLI: parse, sign-in material, one supervisor (or one per wall tile) until SIGINT/SIGTERM. Resolves with the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  let options: KioskOptions;
  try {
    const parsed = parseOptions(argv);
    if (parsed.kind === 'help') {
      process.stdout.write(`${helpText()}\n`);
      return 0;
    }
    if (parsed.kind === 'wall') return await wallMain(parsed.options);
    options = parsed.options;
  } catch (err) {
    if (err instanceof OptionError) return usageError(err.message);
    throw err;
  }
  const problem = environmentProblem(options);
  if (problem) return usageError(problem);
  const credentials = await credentialsFor(options);
  if (!credentials) return usageError(`no password for --account ${options.auth.kind === 'account' ? options.auth.name : ''}: set ${PASSWORD_ENV} or run it in a terminal to type it`);

  const log = createLog({ file: options.log });
  if (credentials.kind === 'account') log.secret(credentials.password);
  const ownProfile = options.profileDir === undefined;
  const profileDir = path.resolve(options.profileDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'nv-kiosk-')));
  prepareProfileDir(profileDir);
  const target = `${options.url}/kiosk?playlist=${options.playlist}`;
  log.info('kiosk.start', {
    url: target, as: options.auth.kind === 'guest' ? 'guest' : options.auth.name, display: options.display ?? process.env.DISPLAY,
    position: options.windowPosition && `${options.windowPosition.x},${options.windowPosition.y}`,
    size: options.windowSize && `${options.windowSize.width},${options.windowSize.height}`,
    kiosk: options.kiosk, headless: options.headless, software_gl: options.softwareGl, profile: profileDir,
    heap_ceiling_mb: options.heapCeilingMb, hang_timeout_s: options.hangTimeoutSec,
    daily_reload: options.dailyReload && `${String(options.dailyReload.hour).padStart(2, '0')}:${String(options.dailyReload.minute).padStart(2, '0')}`,
  });

  const supervisor = new Supervisor({
    target, origin: options.url, profileDir, credentials, log,
    browser: options, hangTimeoutSec: options.hangTimeoutSec, heapCeilingMb: options.heapCeilingMb, dailyReload: options.dailyReload,
  });
  const onSignal = (signal: NodeJS.Signals) => {
    void supervisor.stop(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('unhandledRejection', (err) => log.error('launcher.error', { error: errorText(err) }));
  try {
    await supervisor.run();
    return 0;
  } catch (err) {
    log.error('kiosk.fatal', { error: errorText(err) });
    if (!(err instanceof FatalError)) await supervisor.stop('fatal error');
    return 1;
  } finally {
    if (ownProfile) fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

/** The wall mode: one supervised Chromium per --tile, signed in with the display token. */
async function wallMain(options: WallOptions): Promise<number> {
  const problem = environmentProblem(options);
  if (problem) return usageError(problem);
  const token = displayToken(options);
  if ('problem' in token) return usageError(token.problem);

  const log = createLog({ file: options.log });
  log.secret(token.token);
  if (options.displayToken) log.warn('token.argv', { hint: `the display token is visible in the process list; set ${DISPLAY_TOKEN_ENV} instead` });
  const ownProfile = options.profileDir === undefined;
  const profileBase = path.resolve(options.profileDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'nv-kiosk-wall-')));
  prepareProfileDir(profileBase);
  log.info('kiosk.start', {
    wall: options.wall, tiles: options.tiles.map((t) => `${t.tile.join(',')}${t.position ? `@${t.position.x},${t.position.y}` : ''}`).join(' '),
    server: options.url, as: 'display-token', display: options.display ?? process.env.DISPLAY, kiosk: options.kiosk, headless: options.headless,
    software_gl: options.softwareGl, profile: profileBase, heap_ceiling_mb: options.heapCeilingMb, hang_timeout_s: options.hangTimeoutSec,
    daily_reload: options.dailyReload && `${String(options.dailyReload.hour).padStart(2, '0')}:${String(options.dailyReload.minute).padStart(2, '0')}`,
  });

  const launcher = new WallLauncher({ options, token: token.token, profileBase, log });
  const onSignal = (signal: NodeJS.Signals) => {
    log.info('shutdown', { reason: signal });
    void launcher.stop(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('unhandledRejection', (err) => log.error('launcher.error', { error: errorText(err) }));
  try {
    await launcher.run();
    await launcher.stop('done'); // run ends as the signal stops it: wait for the browsers to close
    log.info('shutdown.done', { tiles: launcher.tiles.length });
    return 0;
  } catch (err) {
    log.error('kiosk.fatal', { error: errorText(err) });
    await launcher.stop('fatal error');
    return err instanceof WallPlanError ? BAD_USAGE : 1;
  } finally {
    if (ownProfile) fs.rmSync(profileBase, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`kiosk: ${errorText(err)}\n`);
    process.exit(1);
  },
);
