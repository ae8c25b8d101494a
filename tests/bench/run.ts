import fs from 'node:fs';
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

/** `npm run bench`: every budget figure that exists so far, one line each, bounded in time. */
async function main(): Promise<void> {
  const root = process.cwd();
  const dist = path.join(root, 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html')) || !fs.existsSync(path.join(dist, '.vite', 'manifest.json'))) {
    const build = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  benchLoginBundle(dist);
  benchMonitorBundle(dist);
  benchAdminBundle(dist);
  benchEditorBundle(dist);
  await benchApi();
  await benchIngest();
  await benchDeviceList();
  await benchAdminList();
  await benchHub();
  await benchMonitor();
  await benchGraph();
  await benchDeviceDetail();
  await (await import('./device-monitor-bench')).benchDeviceMonitor();
  await (await import('./live-alarm-bench')).benchLiveAlarms();
  await benchKiosk();
  await (await import('./kiosk-records-bench')).benchKioskRequestRecords();
  await benchEditorDrag();
  await (await import('./life-bench')).benchLifeAnalyze();
  await (await import('./energy-bench')).benchEnergy();
  await (await import('./retention-soak')).benchRetentionSoak();
  await (await import('./wall-report-overhead')).benchWallReportOverhead();
  await (await import('./wall-bench')).benchWall();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
