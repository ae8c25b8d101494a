import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reapOnExit } from '../child-reaper';
import { freePort } from '../free-port';
import { createPgDatabase, dropPgDatabase } from './harness';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output: () => string;
  exited: Promise<NodeJS.Signals | number | null>;
}

/**
 * The server as `npm start` runs it, in one node process (no tsx wrapper, so SIGKILL reaches the
 * server itself), on a demo database without the simulator; resolves once it listens.
 */
export async function spawnServer(env: Record<string, string>, logLevel = 'warn'): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '', DEMO: '1', DEMO_HISTORY_DAYS: '1', LIFE_RECALC_MINUTES: '0', SIMULATOR: '0', LOG_LEVEL: logLevel },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  reapOnExit(child);
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const deadline = Date.now() + 60_000;
  while (!out.includes('nv-console is running at')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** A JSON call to a server process; resolves with its envelope. */
export async function call(url: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<{ success: boolean; data: any; error?: string }>;
}

/** Kills a server process that still runs (SIGKILL) and waits for its end. */
export async function killServer(server: ServerProcess | undefined): Promise<void> {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

/**
 * A data folder and, with TEST_DATABASE_URL, a new PostgreSQL database for server processes to
 * share across restarts; `env` points a process at them, `dispose` removes both (close what uses
 * them first).
 */
export async function scratchData(prefix: string): Promise<{
  dataDir: string; databaseUrl: string | undefined; env: Record<string, string>; dispose(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const databaseUrl = process.env.TEST_DATABASE_URL ? await createPgDatabase(process.env.TEST_DATABASE_URL) : undefined;
  return {
    dataDir,
    databaseUrl,
    env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await dropPgDatabase(databaseUrl);
    },
  };
}
