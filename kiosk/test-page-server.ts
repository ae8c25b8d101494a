import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TileEventBody } from '../contract/walls';

/** What the next poll of the test page is told to do, once. */
export type PageTrigger = 'none' | 'hang' | 'alloc' | 'logout';

/** What the server plays of a video wall (GET /api/t_wall/{id}/display, POST /api/t_wall/{id}/tile-event). */
export interface TestWall {
  id: number;
  name: string;
  rows: number;
  cols: number;
  screenWidth: number;
  screenHeight: number;
  /** The one display token the wall's endpoints accept (as a Bearer header). */
  token: string;
}

/** A request to the wall's endpoints, as received. */
export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/** A page load, as received: its address and the console's token cookie it came with. */
export interface RecordedLoad {
  url: string;
  tokenCookie: string | undefined;
}

/**
 * A real HTTP server for the supervisor tests: one page that counts its loads and polls
 * `/trigger` every 200 ms; a trigger is handed out once, so the reloaded page is healthy again.
 * `hang` spins the page's main thread forever; `alloc` keeps about 96 MB of arrays reachable;
 * `logout` goes to the console's login address, as the console does when its session ends.
 * With a {@link TestWall}, it also answers the wall's display and tile-event endpoints, as the
 * console's server does, and serves the same page at /monitor (a tile's address).
 */
export class TestPageServer {
  loads = 0;
  /** Every page load, with its address and token cookie. */
  readonly pageLoads: RecordedLoad[] = [];
  /** Every request to /api/t_wall/…. */
  readonly wallRequests: RecordedRequest[] = [];
  /** The status tile-event answers with (a test of a failing report sets 500). */
  tileEventStatus = 200;
  /** The wall's token counts no more (revoked by an administrator). */
  tokenRevoked = false;

  constructor(private readonly wall?: TestWall) {}

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
    if (url.pathname.startsWith('/api/t_wall/')) {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handleWall(req, url, Buffer.concat(chunks).toString('utf8'), res));
      return;
    }
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
    if (url.pathname !== '/' && !(this.wall && url.pathname === '/monitor')) {
      res.writeHead(404).end();
      return;
    }
    this.loads++;
    this.pageLoads.push({ url: url.pathname + url.search, tokenCookie: /(?:^|;\s*)nv_token=([^;]*)/.exec(req.headers.cookie ?? '')?.[1] });
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(PAGE.replace('LOAD', String(this.loads)));
  }

  private handleWall(req: http.IncomingMessage, url: URL, text: string, res: http.ServerResponse): void {
    let body: unknown;
    try { body = text ? JSON.parse(text) : null; } catch { body = text; }
    this.wallRequests.push({ method: req.method ?? '', path: url.pathname + url.search, authorization: req.headers.authorization, body });
    const json = (status: number, envelope: object): void => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(envelope));
    };
    const wall = this.wall;
    const m = /^\/api\/t_wall\/(\d+)\/(display|tile-event)$/.exec(url.pathname);
    if (!wall || !m) return json(404, { success: false, error: '接口不存在' });
    if (req.headers.authorization !== `Bearer ${wall.token}`) return json(401, { success: false, error: '未登录' });
    // As the server answers an ended token: 200 with requireLogin.
    if (this.tokenRevoked) return json(200, { success: false, error: '登录已失效', requireLogin: true });
    if (Number(m[1]) !== wall.id) return json(404, { success: false, error: '视频墙不存在' });
    if (m[2] === 'display' && req.method === 'GET') {
      const { token: _token, ...definition } = wall;
      return json(200, { success: true, data: { wall: definition, items: [], serverNow: Date.now() } });
    }
    if (m[2] === 'tile-event' && req.method === 'POST') {
      // As the server does: the body is checked against the contract (the wall id is the path's).
      if (!TileEventBody.strict().safeParse(body).success) return json(400, { success: false, error: 'bad tile event' });
      return this.tileEventStatus === 200 ? json(200, { success: true, data: null }) : json(this.tileEventStatus, { success: false, error: '服务器错误' });
    }
    json(405, { success: false, error: 'method' });
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
