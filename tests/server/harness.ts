import fs from 'node:fs';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { readConfig, type ServerConfig } from '../../server/config';
import type { BuildAppOptions } from '../../server/app';
import { startServer, type RunningServer } from '../../server/server';

/**
 * Test servers: a real listening server on a fresh database. SQLite in a temp folder by default;
 * with TEST_DATABASE_URL (postgres://…/postgres) each server gets a new PostgreSQL database.
 */
/** Whether this run's test servers are on PostgreSQL (`npm run test:pg`), else SQLite. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export interface TestServer extends RunningServer {
  config: ServerConfig;
  /** Starts a new server process state over the same data (restart), optionally with other settings. */
  restart(overrides?: Partial<ServerConfig>): Promise<TestServer>;
  /** Closes the server and removes its data. */
  dispose(): Promise<void>;
}

export async function startTestServer(
  overrides: Partial<ServerConfig> = {}, options: BuildAppOptions = { logger: false },
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-test-'));
  const databaseUrl = process.env.TEST_DATABASE_URL ? await createPgDatabase(process.env.TEST_DATABASE_URL) : undefined;
  const config: ServerConfig = {
    ...readConfig({}, process.cwd()),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    demo: true,
    // The last day of demo history only (a year takes seconds per server); pass demoHistoryDays for more.
    demoHistoryDays: 1,
    staticDir: undefined,
    loginRateLimit: 10_000,
    logLevel: 'silent',
    // Tests log the demo accounts in many times over; single-session is tested on its own.
    singleSession: false,
    // Tests drive telemetry themselves: no simulator, no offline sweep changing rows under them.
    simulator: false,
    offlineAfterS: 0,
    lifeRecalcMinutes: 0,
    ...overrides,
  };
  return launch(config, options, async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropPgDatabase(databaseUrl);
  });
}

async function launch(config: ServerConfig, options: BuildAppOptions, cleanup: () => Promise<void>): Promise<TestServer> {
  let running: RunningServer;
  try {
    running = await startServer(config, options);
  } catch (err) {
    // A server that refuses to start leaves no temp folder or database behind.
    await cleanup();
    throw err;
  }
  const sockets = new Set<Socket>();
  running.app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const server: TestServer = {
    ...running,
    config,
    async restart(overrides = {}) {
      await running.close();
      // Client and server share this process: wait until the old server's sockets are closed,
      // then give the event loop a turn, so pooled keep-alive clients see the end of those
      // connections (as a browser would after a real restart) instead of writing into them.
      await Promise.all([...sockets].map((s) => new Promise((resolve) => s.once('close', resolve))));
      await new Promise((resolve) => setImmediate(resolve));
      const port = new URL(running.url).port;
      return launch({ ...config, port: Number(port), ...overrides }, options, cleanup);
    },
    async dispose() {
      await running.close();
      await cleanup();
    },
  };
  return server;
}

export async function createPgDatabase(adminUrl: string): Promise<string> {
  const name = `nv_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPgDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

export interface ApiResponse<T = any> {
  status: number;
  body: { success: boolean; data?: T; error?: string; requireLogin?: boolean };
  headers: Headers;
}

/** A small HTTP client for the test server, the way the console calls it. */
export class ApiClient {
  token: string | null = null;
  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.token) h.authorization = `Bearer ${this.token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData || body instanceof Uint8Array) payload = body as BodyInit;
    else if (typeof body === 'string') { payload = body; h['content-type'] ??= 'application/json'; }
    else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] = 'application/json'; }
    const res = await fetch(this.baseUrl + url, { method, headers: h, body: payload });
    const text = await res.text();
    let parsed: ApiResponse<T>['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { success: false, error: text };
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get<T = any>(url: string) { return this.request<T>('GET', url); }
  post<T = any>(url: string, body?: unknown) { return this.request<T>('POST', url, body); }

  /** Logs in and keeps the token; throws with the server's message on failure. */
  async login(user: string, password: string): Promise<this> {
    const r = await this.post('/api/user/login', { user, password, orgBZ: '', tokenExpired: 30 });
    if (!r.body.success) throw new Error(`login ${user} failed: ${r.status} ${r.body.error}`);
    this.token = r.body.data.token;
    return this;
  }
}

export const DEMO = {
  superadmin: ['superadmin', 'Super@2026'],
  admin: ['admin', 'Admin@2026'],
  operator: ['operator', 'Operator@2026'],
} as const;

export async function loginAs(server: RunningServer, who: keyof typeof DEMO): Promise<ApiClient> {
  const [user, password] = DEMO[who];
  return new ApiClient(server.url).login(user, password);
}
