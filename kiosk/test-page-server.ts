import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the next poll of the test page is told to do, once. */
export type PageTrigger = 'none' | 'hang' | 'alloc' | 'logout';

/**
 * A real HTTP server for the supervisor tests: one page that counts its loads and polls
 * `/trigger` every 200 ms; a trigger is handed out once, so the reloaded page is healthy again.
 * `hang` spins the page's main thread forever; `alloc` keeps about 96 MB of arrays reachable;
 * `logout` goes to the console's login address, as the console does when its session ends.
 */
export class TestPageServer {
  loads = 0;
  private trigger: PageTrigger = 'none';
  private server: http.Server | undefined;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts listening (on a free port the first time, on the same port after {@link stop}). */
  async start(): Promise<void> {
    const server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops answering at once, as a server that went away would. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  /** The page's next poll gets `trigger`. */
  fire(trigger: PageTrigger): void {
    this.trigger = trigger;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname === '/trigger') {
      const trigger = this.trigger;
      this.trigger = 'none';
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' }).end(trigger);
      return;
    }
    if (url.pathname === '/passport/login') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>login</title><form>登录</form>');
      return;
    }
    if (url.pathname !== '/') {
      res.writeHead(404).end();
      return;
    }
    this.loads++;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(PAGE.replace('LOAD', String(this.loads)));
  }
}

const PAGE = `<!doctype html><title>kiosk test page</title><p id="load">load LOAD</p><script>
window.hog = [];
setInterval(async () => {
  let what = 'none';
  try { what = await (await fetch('/trigger')).text(); } catch { return; }
  if (what === 'hang') { for (;;) {} }
  if (what === 'logout') location.href = '/passport/login?redirect=%2F';
  if (what === 'alloc') { for (let i = 0; i < 96; i++) window.hog.push(new Array(128 * 1024).fill(i + 0.5)); }
}, 200);
</script>`;
