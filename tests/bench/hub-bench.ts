import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HubNoticeType, HubTopic } from '../../contract/hub';
import { readConfig } from '../../server/config';
import { startServer } from '../../server/server';
import { ADMIN } from '../e2e/pages/accounts';
import { benchLogin } from './bench-api';
import { DEMO_HISTORY_DAYS, size } from './quick';
import { percentile, report } from './report';

const CLIENTS = size(2_000, 100);
const ROUNDS = size(30, 3);
const ROUND_WAIT_MS = 5_000;
const CONNECT_WAIT_MS = 90_000;

type ClientEvent =
  | { event: 'connected'; held: number; failed: number; firstError: string }
  | { event: 'round'; round: number }
  | { event: 'report'; open: number; latencies: number[] };

/**
 * Hub budget (DESIGN "Budgets"): connections one server process holds, and the delivery latency of
 * a broadcast to all of them, with raw WebSocket clients in a second process on loopback. Bounded:
 * 2,000 clients, 30 broadcasts, each waited for at most 5 s.
 */
export async function benchHub(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-bench-hub-'));
  const server = await startServer({
    ...readConfig({}), port: 0, host: '127.0.0.1', dataDir, demo: true, demoHistoryDays: DEMO_HISTORY_DAYS, staticDir: undefined, loginRateLimit: 100_000, singleSession: false,
    // Only the bench's own broadcasts on the topic: no simulated alarms.
    simulator: false,
  }, { logger: false });
  const clients = fork(fileURLToPath(new URL('./hub-bench-clients.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const waiters: { match: (e: ClientEvent) => boolean; resolve: (e: ClientEvent) => void }[] = [];
  clients.on('message', (e: ClientEvent) => {
    const i = waiters.findIndex((w) => w.match(e));
    if (i >= 0) waiters.splice(i, 1)[0].resolve(e);
  });
  /** The next event that matches, or null after `ms`. */
  const waitFor = <E extends ClientEvent>(match: (e: ClientEvent) => boolean, ms: number) => new Promise<E | null>((resolve) => {
    const waiter = { match, resolve: (e: ClientEvent) => { clearTimeout(timer); resolve(e as E); } };
    const timer = setTimeout(() => { waiters.splice(waiters.indexOf(waiter), 1); resolve(null); }, ms);
    waiters.push(waiter);
  });
  try {
    const token = await benchLogin(server.url, ADMIN, 60);

    clients.send({ cmd: 'connect', url: server.url, token, clients: CLIENTS, topic: HubTopic.alarms });
    const connected = await waitFor<Extract<ClientEvent, { event: 'connected' }>>((e) => e.event === 'connected', CONNECT_WAIT_MS);
    if (!connected) throw new Error(`hub bench: clients did not connect within ${CONNECT_WAIT_MS} ms`);
    if (connected.failed) console.log(`hub bench: ${connected.failed} clients failed to connect, first: ${connected.firstError}`);

    let missed = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const done = waitFor((e) => e.event === 'round' && e.round === round, ROUND_WAIT_MS);
      const ts = performance.timeOrigin + performance.now();
      await server.app.hub.publish(HubTopic.alarms, { type: HubNoticeType.DeviceState, data: { deviceId: round, projectId: null, state: 1, ts } });
      if (!(await done)) missed++;
      await new Promise((r) => setTimeout(r, 50));
    }
    clients.send({ cmd: 'report' });
    const result = await waitFor<Extract<ClientEvent, { event: 'report' }>>((e) => e.event === 'report', 30_000);
    if (!result) throw new Error('hub bench: no report from the clients');
    const held = Math.min(result.open, server.app.hub.connectionCount);
    if (missed) console.log(`hub bench: ${missed} of ${ROUNDS} broadcasts did not reach every client within ${ROUND_WAIT_MS} ms`);
    report('hub-connections', held, 'clients', { min: 2_000 });
    report('hub-broadcast-p50', percentile(result.latencies, 50), 'ms', { max: 250 });
    report('hub-broadcast-p99', percentile(result.latencies, 99), 'ms', { max: 250 });
  } finally {
    clients.send({ cmd: 'close' });
    await new Promise((r) => clients.once('exit', r));
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
