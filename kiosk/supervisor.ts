import type { TileEventKind } from '../contract/walls';
import { browserPid, closeBrowser, launchBrowser, type BrowserSettings } from './browser';
import type { KioskBrowser } from './kiosk-browser';
import type { KioskLog } from './log';
import { backoffDelay, dailyReloadDue, localDay } from './schedule';
import { onLoginPage, serverAnswers, ServerUnreachable, SignInRefused, type Credentials } from './session';
import { SessionKeeper } from './session-keeper';
import { DEFAULT_TIMING, errorText, TIMED_OUT, Wakeup, withTimeout, type SupervisorTiming } from './timing';

/** What the supervisor did about a screen, for whoever keeps score (a wall reports it to the server). */
export interface SupervisorIncident {
  /** started: the page opened for the first time; hung / crashed: the page, then brought back; restarted: anything else relaunched or reloaded. */
  kind: TileEventKind;
  /** One line: what happened and what the supervisor does about it. */
  detail: string;
}

/** What one supervised screen needs. */
export interface SupervisorConfig {
  /** The page to keep open, e.g. http://host:8080/kiosk?playlist=3. */
  target: string;
  /** The server's base URL: asked whether it answers, and where to sign in. */
  origin: string;
  browser: BrowserSettings;
  profileDir: string;
  hangTimeoutSec: number;
  heapCeilingMb: number;
  dailyReload?: { hour: number; minute: number };
  /** Omitted: the page needs no sign-in (a plain page in the tests). */
  credentials?: Credentials;
  log: KioskLog;
  timing?: Partial<SupervisorTiming>;
  /**
   * Told of the first page load and of every recovery (a relaunch, a reload of a hung or bloated
   * page), as it starts. Must not throw; it is not awaited.
   */
  onIncident?: (incident: SupervisorIncident) => void;
}

/** The first sign-in was refused: a wrong password at start-up is a mistake to report, not to retry. */
export class FatalError extends Error {
  override name = 'FatalError';
}

/**
 * Keeps one Chromium on one page for weeks: relaunches the browser when it dies, reloads a page
 * that hangs, crashes or outgrows its heap ceiling (relaunch when the reload fails), reloads once a
 * day when asked, waits out a server that does not answer and signs in again when the session
 * ends. Every event is one log line; tokens are registered with the log as secrets.
 */
export class Supervisor {
  readonly stats = { launches: 0, reloads: 0 };
  private readonly timing: SupervisorTiming;
  private readonly log: KioskLog;
  private stopped = false;
  private browser: KioskBrowser | undefined;
  /** Why the current browser run ends; set once, by whatever noticed first. */
  private sessionEnd: string | undefined;
  private offline = false;
  private playerSeen = false;
  private readonly session: SessionKeeper;
  private launchedAt = 0;
  private failures = 0;
  private dailyDoneOn: string | undefined;
  private startReported = false;
  private nextWatchdog = 0;
  private nextHeap = 0;
  private nextServer = 0;
  /** Sleeps end early when something happens (a crash, a closed browser, stop). */
  private readonly wakeup = new Wakeup();
  private running: Promise<void> | undefined;

  constructor(private readonly config: SupervisorConfig) {
    this.timing = { ...DEFAULT_TIMING, ...config.timing };
    this.log = config.log;
    this.session = new SessionKeeper(config.origin, config.credentials, config.log, this.timing.signInSpacingMs, (ms) => this.wakeup.sleep(ms));
    // Started inside the reload window: today's reload is what this start just did.
    const now = new Date();
    if (config.dailyReload && dailyReloadDue(now, config.dailyReload, undefined)) this.dailyDoneOn = localDay(now);
  }

  /** Runs until {@link stop}; rejects only with {@link FatalError}. */
  run(): Promise<void> {
    this.running ??= this.loop();
    return this.running;
  }

  /** The current browser's process id, when one runs. */
  browserPid(): number | undefined {
    return this.browser ? browserPid(this.config.profileDir) : undefined;
  }

  /** Closes the browser cleanly (killing it if it does not close) and ends {@link run}. */
  async stop(reason: string): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      this.log.info('shutdown', { reason });
      this.wakeup.wake();
      await this.closeBrowser();
    }
    await this.running?.catch(() => undefined);
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const reason = await this.runBrowser();
      if (this.stopped) break;
      if (Date.now() - this.launchedAt >= this.timing.healthyAfterMs) this.failures = 0;
      const delay = backoffDelay(this.failures++, this.timing.backoffMs);
      this.log.warn('browser.relaunch', { reason, in_s: delay / 1000, attempt: this.failures });
      const kind = reason === 'page crashed' ? 'crashed' : reason === 'reload failed (hung)' ? 'hung' : 'restarted';
      this.incident(kind, `${reason}; relaunching the browser in ${delay / 1000} s (attempt ${this.failures})`);
      await this.wakeup.sleep(delay);
    }
    await this.closeBrowser();
    this.log.info('shutdown.done', { launches: this.stats.launches, reloads: this.stats.reloads });
  }

  /** One browser's life: launch, open the page, watch it; resolves with why it ended. */
  private async runBrowser(): Promise<string> {
    this.sessionEnd = undefined;
    let browser: KioskBrowser;
    try {
      browser = await launchBrowser(this.config.browser, this.config.profileDir);
    } catch (err) {
      this.log.error('browser.launch-failed', { error: errorText(err) });
      return 'launch failed';
    }
    this.browser = browser;
    this.launchedAt = Date.now();
    this.stats.launches++;
    browser.once('close', () => {
      this.sessionEnd ??= 'browser closed or crashed';
      this.wakeup.wake();
    });
    this.log.info('browser.launched', { pid: browserPid(this.config.profileDir), launch: this.stats.launches });
    try {
      if (this.stopped) return 'stopped';
      // A crashed page is not reloaded: a fresh browser also puts the window back where
      // --window-position wants it, which a new tab might not.
      browser.once('crash', () => {
        this.log.warn('page.crashed');
        this.sessionEnd ??= 'page crashed';
        this.wakeup.wake();
      });
      // A dying browser closes its pages first; give its own 'close' the chance to name the cause.
      browser.once('pageClosed', () => setTimeout(() => { this.sessionEnd ??= 'page closed'; this.wakeup.wake(); }, 250));
      await this.navigate('start', this.timing.navigationTimeoutMs);
      const start = Date.now();
      this.nextWatchdog = start + this.watchdogEveryMs();
      this.nextHeap = start + this.timing.heapCheckMs;
      this.nextServer = start + this.timing.serverCheckMs;
      while (!this.stopped && !this.sessionEnd) {
        await this.wakeup.sleep(this.timing.tickMs);
        if (!this.stopped && !this.sessionEnd) await this.check();
      }
    } catch (err) {
      if (err instanceof FatalError) {
        await this.closeBrowser();
        throw err;
      }
      this.sessionEnd ??= `error: ${errorText(err)}`;
    }
    await this.closeBrowser();
    return this.sessionEnd ?? 'stopped';
  }

  /** A hang is noticed within the hang timeout: a probe every half of it, waiting half of it. */
  private watchdogEveryMs(): number {
    return (this.config.hangTimeoutSec * 1000) / 2;
  }

  private async check(): Promise<void> {
    const now = Date.now();
    if (now >= this.nextWatchdog) {
      this.nextWatchdog = now + this.watchdogEveryMs();
      await this.watchdog();
    } else if (now >= this.nextServer) {
      this.nextServer = now + this.timing.serverCheckMs;
      if (!(await serverAnswers(this.config.origin))) {
        await this.waitForServer();
        await this.reload('network back');
      }
    } else if (now >= this.nextHeap) {
      this.nextHeap = now + this.timing.heapCheckMs;
      await this.checkHeap();
    } else if (this.config.dailyReload && dailyReloadDue(new Date(), this.config.dailyReload, this.dailyDoneOn)) {
      this.dailyDoneOn = localDay(new Date());
      await this.reload('daily');
    }
  }

  /** A trivial expression must answer within half the hang timeout; its answer also says where the page is. */
  private async watchdog(): Promise<void> {
    const probe = await withTimeout(
      this.browser!.evaluate<{ href: string; online: boolean; showing: string | null; wallItem: string | null }>(`({ href: location.href, online: navigator.onLine, showing: window.__nvKiosk?.current?.title ?? null,
        wallItem: document.querySelector('[data-wall-item]')?.getAttribute('data-wall-item') ?? null })`).catch(() => null),
      this.watchdogEveryMs(),
    );
    // null: the page navigated under the probe (the console reloads itself at times); look again next time.
    if (this.sessionEnd || probe === null) return;
    if (probe !== TIMED_OUT && !this.playerSeen && (probe.showing !== null || probe.wallItem !== null)) {
      this.playerSeen = true; // once per page load: the playlist, or the wall's rotation, is on screen
      if (probe.showing !== null) this.log.info('player.showing', { title: probe.showing });
      else this.log.info('tile.showing', { item: probe.wallItem ?? undefined });
    }
    if (probe === TIMED_OUT) {
      const noAnswerS = this.watchdogEveryMs() / 1000;
      this.log.warn('page.hung', { no_answer_s: noAnswerS });
      this.incident('hung', `the page did not answer for ${noAnswerS} s; reloading it`);
      await this.reload('hung');
    } else if (onLoginPage(probe.href)) {
      this.log.warn('session.expired', { page: new URL(probe.href).pathname });
      await this.reload('session expired');
    } else if (probe.href.startsWith('chrome-error:') || !probe.online) {
      this.log.warn('page.offline', { online: probe.online });
      if (!(await serverAnswers(this.config.origin))) await this.waitForServer();
      await this.reload('network back');
    }
  }

  private async checkHeap(): Promise<void> {
    try {
      // Short: on a hung page this waits, and the watchdog must not wait behind it.
      const usage = await withTimeout(this.browser!.heapUsage(), Math.min(5_000, this.watchdogEveryMs()));
      if (usage === TIMED_OUT) {
        this.nextWatchdog = 0; // a page this slow to answer may be hung: the watchdog decides, now
        return;
      }
      const usedMb = usage.usedSize / 1024 / 1024;
      if (usedMb > this.config.heapCeilingMb) {
        this.log.warn('heap.ceiling', { used_mb: Math.round(usedMb), ceiling_mb: this.config.heapCeilingMb });
        this.incident('restarted', `JS heap ${Math.round(usedMb)} MB above the ${this.config.heapCeilingMb} MB ceiling; reloading the page`);
        await this.reload('heap ceiling');
      }
    } catch (err) {
      if (!this.sessionEnd) this.log.warn('heap.unreadable', { error: errorText(err) });
    }
  }

  /** Loads the target again; a reload that fails while the server answers means relaunch. */
  private async reload(reason: string): Promise<void> {
    this.stats.reloads++;
    this.log.info('page.reload', { reason });
    try {
      await this.navigate(reason, this.timing.reloadTimeoutMs);
    } catch (err) {
      if (err instanceof FatalError) throw err;
      if (this.sessionEnd || this.stopped) return;
      this.log.error('page.reload-failed', { reason, error: errorText(err) });
      this.sessionEnd = `reload failed (${reason})`;
    }
    this.nextWatchdog = Date.now() + this.watchdogEveryMs();
  }

  /** Signs in when needed and opens the target; waits out a server that does not answer. */
  private async navigate(reason: string, timeoutMs: number): Promise<void> {
    while (!this.stopped && !this.sessionEnd) {
      try {
        await this.session.ensure(this.browser!);
        await this.browser!.goto(this.config.target, timeoutMs);
        this.playerSeen = false;
        this.log.info('page.open', { reason, url: this.config.target });
        if (!this.startReported) {
          this.startReported = true;
          this.incident('started', `page open (launch ${this.stats.launches})`);
        }
        return;
      } catch (err) {
        if (this.stopped || this.sessionEnd) return;
        if (err instanceof SignInRefused) {
          if (!this.session.hasSignedIn) throw new FatalError(`sign-in refused: ${err.message}`);
          this.log.error('signin.refused', { error: err.message, retry_in_s: this.timing.refusedRetryMs / 1000 });
          await this.wakeup.sleep(this.timing.refusedRetryMs);
          continue;
        }
        if (!(err instanceof ServerUnreachable) && await serverAnswers(this.config.origin)) throw err;
        await this.waitForServer();
      }
    }
  }

  /** Logs the loss once, asks again with the backoff until the server answers, logs its return. */
  private async waitForServer(): Promise<void> {
    if (!this.offline) {
      this.offline = true;
      this.log.warn('network.down', { server: this.config.origin });
    }
    for (let i = 0; !this.stopped && !this.sessionEnd; i++) {
      if (await serverAnswers(this.config.origin)) {
        this.offline = false;
        this.log.info('network.up', { server: this.config.origin });
        return;
      }
      await this.wakeup.sleep(backoffDelay(i, this.timing.backoffMs));
    }
  }

  private incident(kind: SupervisorIncident['kind'], detail: string): void {
    try {
      this.config.onIncident?.({ kind, detail });
    } catch (err) {
      this.log.error('incident.failed', { error: errorText(err) });
    }
  }

  private async closeBrowser(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await closeBrowser(browser, this.config.profileDir, this.log);
  }
}
