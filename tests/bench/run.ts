import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { benchAdminBundle, benchAdminList } from './admin-bench';
import { benchApi } from './api-bench';
import { benchEditorBundle, benchEditorDrag } from './editor-bench';
import { benchLoginBundle } from './bundle-bench';
import { benchDeviceList, benchIngest } from './telemetry-bench';
import { benchDeviceDetail } from './device-detail-bench';
import { benchGraph } from './graph-bench';
import { benchHub } from './hub-bench';
import { benchKiosk } from './kiosk-bench';
import { benchMonitor, benchMonitorBundle } from './monitor-bench';
import { QUICK } from './quick';
import { disposeBenchServers } from './spare-server';

/** The benches in the order they run, by name (`--from <name>` starts there, `--only <name>` runs one). */
function benches(dist: string): [string, () => unknown][] {
  return [
    ['login-bundle', () => benchLoginBundle(dist)],
    ['monitor-bundle', () => benchMonitorBundle(dist)],
    ['admin-bundle', () => benchAdminBundle(dist)],
    ['editor-bundle', () => benchEditorBundle(dist)],
    ['api', benchApi],
    ['ingest', benchIngest],
    ['device-list', benchDeviceList],
    ['admin-list', benchAdminList],
    ['hub', benchHub],
    ['monitor', () => benchMonitor()],
    ['graph', () => benchGraph()],
    ['device-detail', benchDeviceDetail],
    ['device-monitor', async () => (await import('./device-monitor-bench')).benchDeviceMonitor()],
    ['live-alarm', async () => (await import('./live-alarm-bench')).benchLiveAlarms()],
    ['kiosk', () => benchKiosk()],
    ['kiosk-records', async () => (await import('./kiosk-records-bench')).benchKioskRequestRecords()],
    ['editor-drag', benchEditorDrag],
    ['life', async () => (await import('./life-bench')).benchLifeAnalyze()],
    ['energy', async () => (await import('./energy-bench')).benchEnergy()],
    ['retention-soak', async () => (await import('./retention-soak')).benchRetentionSoak()],
    ['wall-report-overhead', async () => (await import('./wall-report-overhead')).benchWallReportOverhead()],
    ['wall', async () => (await import('./wall-bench')).benchWall()],
  ];
}

/**
 * The built console the benches serve and weigh: `dist` (E2E_DIST), built when missing, copied to
 * a temp dir of this run, so a `vite build` beside it (an e2e run) cannot empty it mid-bench.
 */
function distSnapshot(root: string): string {
  const dist = path.resolve(root, process.env.E2E_DIST ?? 'dist');
  const built = (dir: string) => fs.existsSync(path.join(dir, 'index.html')) && fs.existsSync(path.join(dir, '.vite', 'manifest.json'));
  if (!built(dist)) {
    const build = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0 || !built(dist)) throw new Error('vite build failed');
  }
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-bench-dist-'));
  process.on('exit', () => fs.rmSync(copy, { recursive: true, force: true }));
  fs.cpSync(dist, copy, { recursive: true });
  if (!built(copy)) throw new Error(`${dist} changed while it was copied (a build beside the bench?): run again`);
  return copy;
}

/**
 * `npm run bench`: every budget figure that exists so far, one line each, bounded in time;
 * `npm run bench:quick` (`--quick`): every bench once at small sizes (quick.ts). Each bench runs
 * on its own server and database; one that throws is named and the rest still run; the exit
 * status says whether all ran.
 */
async function main(): Promise<void> {
  const started = performance.now();
  // The benches' spare servers inherit this environment: a shell's database or Redis would be shared by all.
  for (const name of ['DATABASE_URL', 'REDIS_URL']) {
    if (process.env[name]) console.log(`bench: ${name} ignored (each bench uses its own SQLite database)`);
    delete process.env[name];
  }
  const dist = distSnapshot(process.cwd());
  process.env.E2E_DIST = dist;
  if (QUICK) console.log('bench: quick run (small sizes, one round each): figures are not comparable to the budgets');
  const list = benches(dist);
  const named = (option: string) => {
    const at = process.argv.indexOf(option);
    if (at < 0) return -1;
    const i = list.findIndex(([name]) => name === process.argv[at + 1]);
    if (i < 0) throw new Error(`${option}: no bench ${process.argv[at + 1]} (${list.map(([name]) => name).join(', ')})`);
    return i;
  };
  const only = named('--only');
  const from = Math.max(0, named('--from'));
  const failed: string[] = [];
  for (const [name, run] of only >= 0 ? [list[only]] : list.slice(from)) {
    const t0 = performance.now();
    try {
      await run();
    } catch (err) {
      failed.push(name);
      console.error(`bench ${name} FAILED:`, err);
    } finally {
      await disposeBenchServers();
    }
    console.log(`-- ${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  console.log(`-- all: ${((performance.now() - started) / 1000).toFixed(0)} s${failed.length ? `; FAILED: ${failed.join(', ')}` : ''}`);
  if (failed.length) process.exitCode = 1;
}

// Exits when done: a handle a bench left open must not hold the run (or CI) forever.
main().then(() => process.exit(), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
