import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { reapOnExit } from '../child-reaper';
import { freePort } from '../free-port';

/** Whether Debian's redis-server is on this machine (.ci/run installs it). */
export const hasRedisServer = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).status === 0;

export interface RedisProcess {
  url: string;
  stop(): Promise<void>;
}

/** A throw-away redis-server on a free loopback port, without persistence. */
export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  reapOnExit(child);
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!/Ready to accept connections/i.test(out)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`redis-server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
