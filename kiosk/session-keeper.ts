import type { KioskCookie } from './kiosk-browser';
import type { KioskLog } from './log';
import { sessionValid, signIn, TOKEN_COOKIE, TOKEN_TIME_COOKIE, type Credentials, type DisplayCredentials } from './session';
import { fetchWallGeometry } from './wall-api';

/** Where the session cookie lives: the browser's cookies of the console's origin. */
export interface CookieJar {
  cookies(origin: string): Promise<KioskCookie[]>;
  setCookies(origin: string, cookies: readonly KioskCookie[]): Promise<void>;
}

/**
 * Keeps the console's session cookie in a browser valid: asks the server whether the cookie's
 * token still counts and signs in over HTTP when it does not. The token goes into the cookie the
 * console reads (never into an address), and every token seen is registered with the log as a
 * secret. The console refreshes the token itself while it runs.
 *
 * A display token is not signed in with nor refreshed: the keeper asks the wall's display endpoint
 * whether it still counts (a revoked one is refused like a wrong password) and puts it back into
 * the cookie whenever the cookie holds anything else.
 */
export class SessionKeeper {
  private signedIn = false;
  private lastSignInAt = 0;

  constructor(
    private readonly origin: string,
    private readonly credentials: Credentials | undefined,
    private readonly log: KioskLog,
    private readonly spacingMs: number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  /** True once a sign-in succeeded: a refusal after that is retried, before it is fatal. */
  get hasSignedIn(): boolean {
    return this.signedIn;
  }

  /** Makes sure `context` holds a session the server accepts (no-op without credentials). */
  async ensure(context: CookieJar): Promise<void> {
    const credentials = this.credentials;
    if (!credentials) return;
    if (credentials.kind === 'display') return this.ensureDisplay(context, credentials);
    const token = (await context.cookies(this.origin)).find((c) => c.name === TOKEN_COOKIE)?.value;
    if (token) {
      this.log.secret(token);
      if (await sessionValid(this.origin, token)) return;
    }
    const sinceLast = Date.now() - this.lastSignInAt;
    if (this.signedIn && sinceLast < this.spacingMs) {
      // With single-session on, two launchers on one account sign each other out in turn.
      this.log.warn('signin.too-often', { hint: 'another launcher or browser may use this account; give each screen its own account or use --guest' });
      await this.sleep(this.spacingMs - sinceLast);
    }
    const result = await signIn(this.origin, credentials);
    this.log.secret(result.token);
    await context.setCookies(this.origin, [
      { name: TOKEN_COOKIE, value: result.token },
      { name: TOKEN_TIME_COOKIE, value: String(Date.now()) },
    ]);
    this.signedIn = true;
    this.lastSignInAt = Date.now();
    this.log.info('signin.ok', { as: credentials.kind === 'guest' ? 'guest' : credentials.name, user: result.username });
  }

  private async ensureDisplay(context: CookieJar, credentials: DisplayCredentials): Promise<void> {
    this.log.secret(credentials.token);
    await fetchWallGeometry(this.origin, credentials.wallId, credentials.token); // throws when refused or unreachable
    const cookie = (await context.cookies(this.origin)).find((c) => c.name === TOKEN_COOKIE)?.value;
    if (cookie !== credentials.token) {
      if (cookie) this.log.secret(cookie);
      await context.setCookies(this.origin, [
        { name: TOKEN_COOKIE, value: credentials.token },
        { name: TOKEN_TIME_COOKIE, value: String(Date.now()) },
      ]);
      this.log.info('signin.ok', { as: 'display-token', wall: credentials.wallId });
    }
    this.signedIn = true;
  }
}
