import fs from 'node:fs';
import path from 'node:path';
import { KioskBrowser } from './kiosk-browser';
import type { KioskLog } from './log';

/** What the browser launch needs from the options. */
export interface BrowserSettings {
  chromium: string;
  headless: boolean;
  kiosk: boolean;
  sandbox: boolean;
  softwareGl: boolean;
  display?: string;
  windowPosition?: { x: number; y: number };
  windowSize?: { width: number; height: number };
}

/** Chromium's command-line switches for a wall display. Pure, for the tests. */
export function chromiumArgs(settings: BrowserSettings): string[] {
  const args = [
    // A screen nobody looks at up close still runs at full speed: no throttled timers or renderer
    // when the window is covered or unfocused, no "page unresponsive" dialog, no back/forward cache.
    '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows',
    '--disable-renderer-backgrounding',
    '--disable-hang-monitor',
    '--disable-ipc-flooding-protection',
    '--disable-back-forward-cache',
    // Nothing phones home or updates itself under a running wall.
    '--disable-background-networking',
    '--disable-breakpad',
    '--disable-default-apps',
    '--disable-extensions',
    '--disable-dev-shm-usage',
    '--disable-field-trial-config',
    '--metrics-recording-only',
    '--no-service-autorun',
    '--disable-search-engine-choice-screen',
    // Nothing may pop up on an unattended screen: no first-run page, restore bubble or error dialog.
    '--no-first-run',
    '--no-default-browser-check',
    '--noerrdialogs',
    '--disable-session-crashed-bubble',
    '--disable-infobars',
    '--disable-translate',
    '--disable-features=Translate,InfiniteSessionRestore',
    '--disable-component-update',
    '--password-store=basic',
    '--overscroll-history-navigation=0',
    '--disable-pinch',
    // Since Chromium 139 WebGL falls back to SwiftShader only when allowed; without a GPU the 3D
    // widgets would have no WebGL at all. The GPU still wins when there is one.
    '--enable-unsafe-swiftshader',
  ];
  if (settings.softwareGl) args.push('--use-gl=angle', '--use-angle=swiftshader', '--disable-gpu-compositing');
  if (settings.headless) args.push('--headless', '--hide-scrollbars', '--mute-audio');
  else if (settings.kiosk) args.push('--kiosk');
  if (settings.windowPosition) args.push(`--window-position=${settings.windowPosition.x},${settings.windowPosition.y}`);
  if (settings.windowSize) args.push(`--window-size=${settings.windowSize.width},${settings.windowSize.height}`);
  if (!settings.sandbox) args.push('--no-sandbox');
  return args;
}

/**
 * Starts Chromium on `profileDir`, driven over its DevTools pipe (kiosk/kiosk-browser.ts, not
 * Playwright: see kiosk/cdp-pipe.ts); `DISPLAY` follows --display. The launcher handles signals
 * itself and closes the browser.
 */
export function launchBrowser(settings: BrowserSettings, profileDir: string, env: NodeJS.ProcessEnv = process.env): Promise<KioskBrowser> {
  return KioskBrowser.launch({
    executable: settings.chromium,
    args: chromiumArgs(settings),
    profileDir,
    env: settings.display ? { ...env, DISPLAY: settings.display } : env,
    // A real window sizes its own page; headless has no window, so the page gets the screen's size.
    viewport: settings.headless ? settings.windowSize ?? { width: 1920, height: 1080 } : undefined,
  });
}

/** The browser's process id, from the profile's SingletonLock link (`<host>-<pid>`), if any. */
export function browserPid(profileDir: string): number | undefined {
  try {
    const target = fs.readlinkSync(path.join(profileDir, 'SingletonLock'));
    const pid = Number(target.slice(target.lastIndexOf('-') + 1));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Every process in /proc with its parent and command line (Linux; empty elsewhere). */
export function listProcesses(): { pid: number; ppid: number; cmdline: string }[] {
  const list: { pid: number; ppid: number; cmdline: string }[] = [];
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return list;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      if (cmdline) list.push({ pid: Number(entry), ppid, cmdline });
    } catch { /* gone meanwhile */ }
  }
  return list;
}

/**
 * Process ids of the Chromium processes started on `profileDir`: those naming the profile on
 * their command line (the browser, crash handler) and all their descendants (zygotes, GPU,
 * renderers). The last-resort cleanup, and the tests' check that nothing outlives them.
 */
export function profileProcesses(profileDir: string): number[] {
  const all = listProcesses();
  const found = new Set(all.filter((p) => p.cmdline.includes(`--user-data-dir=${profileDir}`)).map((p) => p.pid));
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) {
      if (!found.has(p.pid) && found.has(p.ppid)) {
        found.add(p.pid);
        grew = true;
      }
    }
  }
  return [...found];
}

/** Prepares the profile folder: created when missing, readable by this user only (it holds the session cookie). */
export function prepareProfileDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

/** Closes the browser; one that does not close in 10 s is killed with everything it started. */
export async function closeBrowser(browser: KioskBrowser, profileDir: string, log: KioskLog): Promise<void> {
  await browser.close(10_000);
  let left = profileProcesses(profileDir);
  for (let i = 0; i < 20 && left.length > 0; i++) {
    await new Promise((r) => setTimeout(r, 100)); // helpers exit a moment after the browser
    left = profileProcesses(profileDir);
  }
  if (left.length > 0) {
    log.warn('browser.kill', { pids: left.join(',') || 'none' });
    for (const pid of left) {
      try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
    }
    // A killed process is listed until the kernel has ended it: the launcher returns (and exits)
    // only once nothing of the browser is left, or says what is.
    for (let i = 0; i < 50 && left.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      left = profileProcesses(profileDir);
    }
    if (left.length > 0) log.warn('browser.left', { pids: left.join(',') });
  }
}
