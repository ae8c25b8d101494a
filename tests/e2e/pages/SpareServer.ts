import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reapOnExit } from '../../child-reaper';

/**
 * A second real server of the e2e run, on its own port and database, that a test may stop and
 * start again (the suite's main server must stay up for the other tests).
 */
export class SpareServer {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-e2e-spare-'));
  readonly baseURL: string;
  private child: ChildProcess | null = null;

  /**
   * `historyDays`: days of demo history its database is seeded with (a year by default, as `npm
   * start`; seeding a year takes a minute or more on a busy 2-core machine, a week seconds).
   */
  constructor(readonly port: number, private readonly options: { historyDays?: number } = {}) {
    this.baseURL = `http://localhost:${port}`;
  }

  async start(): Promise<void> {
    const child = spawn('npx', ['tsx', 'server/main.ts'], {
      env: {
        ...process.env, PORT: String(this.port), DATA_DIR: this.dataDir, DEMO: '1', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000', STATIC_DIR: process.env.E2E_DIST ?? 'dist',
        ...(this.options.historyDays ? { DEMO_HISTORY_DAYS: String(this.options.historyDays) } : {}),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    this.child = reapOnExit(child, { group: true });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-2_000); });
    // A first start seeds a demo database: on a busy 2-core machine that can take a minute or more.
    // Wait for the server to answer, or for the process to end (then say why), up to 3 minutes.
    for (let i = 0; i < 720; i++) {
      if (child.exitCode !== null) throw new Error(`spare server on ${this.port} exited with ${child.exitCode}: ${stderr}`);
      try {
        if ((await fetch(`${this.baseURL}/api/sys/info`)).ok) return;
      } catch { /* not up yet */ }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`spare server on ${this.port} did not answer within 3 minutes: ${stderr}`);
  }

  /** Stops it the way a deploy or a crash would: the process and its connections go away. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ }
    await exited;
    this.child = null;
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
