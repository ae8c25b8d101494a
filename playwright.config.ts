import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATA_DIR = path.join(os.tmpdir(), `nv-console-e2e-${PORT}`);

// Playwright evaluates this file again in each worker; only the runner that starts the server
// may wipe the database, or a worker would delete it under the running server.
if (!process.env.TEST_WORKER_INDEX) {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(DATA_DIR, { recursive: true });
}

/** End-to-end tests in Debian's Chromium against the real server on a fresh demo database. */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'zh-CN',
    viewport: { width: 1920, height: 1080 },
    // The console honours the system's reduced motion (antd's zooms and slides off): a click never
    // lands mid-animation beside a dialog's button still growing in (a dropped click left a confirm
    // open and the next click on the page refused for minutes).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `http://localhost:${PORT}/api/sys/info`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      DEMO: '1',
      // Two months of demo history (npm start seeds a year): enough for every analysis page's
      // trends and predictions, and a database that backs up and restores in seconds, not minutes.
      DEMO_HISTORY_DAYS: '60',
      LOG_LEVEL: 'warn',
      // Many tests log in within a minute from one address; the limit itself is tested in tests/server.
      LOGIN_RATE_LIMIT: '1000',
      // A helper building elsewhere (vite build --outDir dist-x) points E2E_DIST at its own copy.
      STATIC_DIR: process.env.E2E_DIST ?? 'dist',
      // The shipped key (the demo licence) and the test key that signed tests/e2e/fixtures/e2e-licence.json.
      LICENCE_PUBLIC_KEY_FILES: 'server/licence/licence-public-key.pem,tests/e2e/fixtures/licence-test-public.pem',
      // alarm-pages.spec.ts's webhook receiver listens on this machine (server/outbound/ refuses loopback otherwise).
      WEBHOOK_ALLOW_NETWORKS: '127.0.0.0/8',
    },
  },
});
