import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { CdpPipe } from './cdp-pipe';
import { TIMED_OUT, withTimeout } from './timing';

/** A cookie of the page's origin, as the session keeper reads and writes it. */
export interface KioskCookie {
  name: string;
  value: string;
}

interface CookieRecord extends KioskCookie { domain: string }

/** How long Chromium may take to answer on its pipe after it starts. */
const LAUNCH_TIMEOUT_MS = 60_000;
/** How long to wait for the window's own tab before opening one. */
const FIRST_TAB_WAIT_MS = 5_000;

/**
 * One Chromium with one page, driven over its DevTools pipe (kiosk/cdp-pipe.ts): open an address
 * and wait for its load, evaluate an expression, read the JS heap, read and set the origin's
 * cookies, close. Emits `close` (the browser is gone), `crash` (the page's renderer died) and
 * `pageClosed` (the tab went away), each at most once; `protocol` for every event of the page.
 */
export class KioskBrowser extends EventEmitter {
  private sessionId = '';
  private targetId = '';
  private stderrTail = '';
  private crashed = false;
  private pageGone = false;

  private constructor(private readonly child: ChildProcess, private readonly pipe: CdpPipe) {
    super();
    child.stderr?.on('data', (chunk: Buffer) => { this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-2_000); });
    child.once('exit', () => this.pipe.close('the browser exited'));
    pipe.once('close', () => this.emit('close'));
    pipe.on('event', (method: string, params: Record<string, unknown>, sessionId?: string) => this.onEvent(method, params, sessionId));
  }

  /**
   * Starts Chromium with `args` (profile, pipe and first page added here) and attaches to its tab;
   * `viewport` sizes the page where there is no window to (headless).
   */
  static async launch({ executable, args, profileDir, env, viewport }: {
    executable: string; args: readonly string[]; profileDir: string; env: NodeJS.ProcessEnv; viewport?: { width: number; height: number };
  }): Promise<KioskBrowser> {
    const child = spawn(executable, [...args, `--user-data-dir=${profileDir}`, '--remote-debugging-pipe', 'about:blank'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
      env,
    });
    const spawned = new Promise<void>((resolve, reject) => { child.once('spawn', resolve); child.once('error', reject); });
    await spawned;
    const browser = new KioskBrowser(child, new CdpPipe(child.stdio[3] as Writable, child.stdio[4] as Readable));
    try {
      const version = await withTimeout(browser.pipe.send('Browser.getVersion'), LAUNCH_TIMEOUT_MS);
      if (version === TIMED_OUT) throw new Error(`Chromium did not answer on its DevTools pipe within ${LAUNCH_TIMEOUT_MS / 1000} s`);
      await browser.attach();
      if (viewport) {
        await browser.send('Emulation.setDeviceMetricsOverride', {
          ...viewport, deviceScaleFactor: 1, mobile: false, screenWidth: viewport.width, screenHeight: viewport.height,
        });
      }
      return browser;
    } catch (err) {
      child.kill('SIGKILL');
      const tail = browser.stderrTail.trim().split('\n').slice(-3).join(' | ');
      throw new Error(`${err instanceof Error ? err.message : String(err)}${tail ? ` (Chromium: ${tail})` : ''}`, { cause: err });
    }
  }

  /** Opens `url` and resolves once its document has loaded (the load event); rejects on a network error or after `timeoutMs`. */
  async goto(url: string, timeoutMs: number): Promise<void> {
    const loads = new Set<string>();
    let wake = () => {};
    const onChange = (loaderId?: string) => {
      if (loaderId) loads.add(loaderId);
      wake();
    };
    this.on('load', onChange);
    this.on('close', onChange);
    try {
      const done = (async () => {
        const nav = await this.send<{ loaderId?: string; errorText?: string }>('Page.navigate', { url });
        if (nav.errorText) throw new Error(`${nav.errorText} at ${url}`);
        while (!loads.has(nav.loaderId ?? '')) {
          if (this.pipe.closed) throw new Error(`the browser closed while opening ${url}`);
          await new Promise<void>((resolve) => { wake = resolve; });
        }
      })();
      done.catch(() => undefined); // answered below, or abandoned on the timeout
      if (await withTimeout(done, timeoutMs) === TIMED_OUT) throw new Error(`opening ${url} took more than ${timeoutMs / 1000} s`);
    } finally {
      this.off('load', onChange);
      this.off('close', onChange);
    }
  }

  /** The value of a JavaScript expression in the page (JSON-like values only). */
  async evaluate<T>(expression: string): Promise<T> {
    const answer = await this.send<{ result: { value?: unknown }; exceptionDetails?: { text: string; exception?: { description?: string } } }>(
      'Runtime.evaluate', { expression, returnByValue: true },
    );
    if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text);
    return answer.result.value as T;
  }

  /** The page's JS heap in use and allocated, in bytes. */
  heapUsage(): Promise<{ usedSize: number; totalSize: number }> {
    return this.send('Runtime.getHeapUsage');
  }

  /** The cookies the browser holds for `origin`'s host. */
  async cookies(origin: string): Promise<KioskCookie[]> {
    const host = new URL(origin).hostname;
    const { cookies } = await this.pipe.send<{ cookies: CookieRecord[] }>('Storage.getCookies');
    return cookies
      .filter((c) => c.domain === host || (c.domain.startsWith('.') && `.${host}`.endsWith(c.domain)))
      .map(({ name, value }) => ({ name, value }));
  }

  /** Sets session cookies for `origin` (path /, SameSite=Lax), as the console sets its own. */
  async setCookies(origin: string, cookies: readonly KioskCookie[]): Promise<void> {
    await this.pipe.send('Storage.setCookies', {
      cookies: cookies.map((c) => ({ name: c.name, value: c.value, url: `${origin}/`, path: '/', sameSite: 'Lax' })),
    });
  }

  /** Asks Chromium to close; resolves when it exited, or after `timeoutMs` (the caller kills what is left). */
  async close(timeoutMs = 10_000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.pipe.send('Browser.close').catch(() => undefined);
    await withTimeout(exited, timeoutMs);
  }

  /** A DevTools command to the page (events of the page come as `protocol` (method, params)). */
  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    return this.pipe.send<T>(method, params, this.sessionId);
  }

  /** Finds the window's tab (or opens one) and attaches to it with the domains the launcher uses. */
  private async attach(): Promise<void> {
    await this.pipe.send('Target.setDiscoverTargets', { discover: true });
    const end = Date.now() + FIRST_TAB_WAIT_MS;
    let page: { targetId: string } | undefined;
    for (;;) {
      const { targetInfos } = await this.pipe.send<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets');
      page = targetInfos.find((t) => t.type === 'page');
      if (page || Date.now() > end) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    this.targetId = page?.targetId ?? (await this.pipe.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' })).targetId;
    this.sessionId = (await this.pipe.send<{ sessionId: string }>('Target.attachToTarget', { targetId: this.targetId, flatten: true })).sessionId;
    await Promise.all([
      this.send('Page.enable'),
      this.send('Page.setLifecycleEventsEnabled', { enabled: true }),
      this.send('Inspector.enable'),
    ]);
  }

  private onEvent(method: string, params: Record<string, unknown>, sessionId: string | undefined): void {
    if (sessionId === this.sessionId) {
      this.emit('protocol', method, params);
      if (method === 'Page.lifecycleEvent' && params.name === 'load') this.emit('load', params.loaderId);
      else if (method === 'Inspector.targetCrashed') this.crash();
      return;
    }
    if (params.targetId !== this.targetId && params.sessionId !== this.sessionId) return;
    if (method === 'Target.targetCrashed') this.crash();
    else if ((method === 'Target.targetDestroyed' || method === 'Target.detachedFromTarget') && !this.pageGone) {
      this.pageGone = true;
      this.emit('pageClosed');
    }
  }

  private crash(): void {
    if (this.crashed) return;
    this.crashed = true;
    this.emit('crash');
  }
}
