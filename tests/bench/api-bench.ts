import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../../server/config';
import { startServer } from '../../server/server';
import { ADMIN } from '../e2e/pages/accounts';
import { benchLogin } from './bench-api';
import { DEMO_HISTORY_DAYS, size } from './quick';
import { percentile, report } from './report';

const ROUNDS = size(400, 20);
const WARM = size(20, 2);

/** Latency of the calls every console page makes at start, on a real server over loopback. */
export async function benchApi(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-bench-'));
  const server = await startServer({
    ...readConfig({}), port: 0, host: '127.0.0.1', dataDir, demo: true, demoHistoryDays: DEMO_HISTORY_DAYS, staticDir: undefined, loginRateLimit: 100_000,
  }, { logger: false });
  try {
    const headers = { authorization: `Bearer ${await benchLogin(server.url, ADMIN)}` };
    const calls: [string, string][] = [
      ['api-user-info', '/api/user/info'],
      ['api-menu', '/api/menu/all?type=app'],
      ['api-message-dropdown', '/api/t_history_message?Page=1&Size=5&type=0,5,6,8,9,12&isReaded=false'],
      ['api-device-statistics', '/api/s/device'],
    ];
    for (const [name, url] of calls) {
      for (let i = 0; i < WARM; i++) await fetch(server.url + url, { headers }).then((r) => r.arrayBuffer());
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        const r = await fetch(server.url + url, { headers });
        await r.arrayBuffer();
        if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
        samples.push(performance.now() - t0);
      }
      report(`${name}-p95`, percentile(samples, 95), 'ms');
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
