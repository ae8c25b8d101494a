#!/usr/bin/env node
/**
 * Screenshots of the project graphs (组态) for people to look at: starts the real server on a
 * fresh demo database (the simulator feeding values), signs in, and photographs every project's
 * graph on /nv_project_visualization at 1920×1080 and 3840×2160 once it is drawn and live.
 *
 *   node scripts/screenshot-graphs.mjs [--out DIR] [--port N] [--wait MS] [--only PROJECT_ID]
 *
 * Serves E2E_DIST (default dist/; build it first). --wait adds time after the graph is ready.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
if (args.includes('--help')) {
  console.log('usage: node scripts/screenshot-graphs.mjs [--out DIR] [--port N] [--wait MS] [--only PROJECT_ID]');
  process.exit(0);
}
const out = opt('out', path.join(os.tmpdir(), 'nv-graph-shots'));
const port = Number(opt('port', 8400 + Math.floor(Math.random() * 500)));
const extraWait = Number(opt('wait', 2500));
const only = opt('only', '');
const base = `http://localhost:${port}`;
const dist = process.env.E2E_DIST ?? 'dist';
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error(`${dist}/index.html is missing: build first (npx vite build --outDir ${dist})`);
  process.exit(1);
}
fs.mkdirSync(out, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-graph-shots-db-'));
const server = spawn('npx', ['tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000', STATIC_DIR: dist },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
const stop = () => { try { process.kill(-server.pid, 'SIGTERM'); } catch { /* gone */ } };
process.on('exit', stop);

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/sys/info`)).ok) return;
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

try {
  await waitForServer();
  const login = await (await fetch(`${base}/api/user/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user: 'admin', password: 'Admin@2026', orgBZ: '', tokenExpired: 30 }),
  })).json();
  const token = login.data.token;
  const projects = (await (await fetch(`${base}/api/t_project/names`, { headers: { Authorization: `Bearer ${token}` } })).json()).data
    .filter((p) => !only || String(p.id) === only);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  for (const [width, height] of [[1920, 1080], [3840, 2160]]) {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN' });
    await context.addCookies([
      { name: 'nv_token', value: token, url: base },
      { name: 'nv_token_time', value: String(Date.now()), url: base },
    ]);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') console.error(`console: ${m.text()}`); });
    for (const p of projects) {
      await page.goto(`${base}/nv_project_visualization?projectId=${p.id}`);
      try {
        await page.waitForSelector('[data-graph-live][data-graph-phase="ready"]', { timeout: 30_000 });
        await page.waitForFunction(() => (window.__nvGraphStats?.snapshots ?? 0) > 0, null, { timeout: 20_000 });
      } catch {
        console.error(`project ${p.id}: graph not ready after 30 s`);
      }
      await page.waitForTimeout(extraWait);
      const file = path.join(out, `graph-p${p.id}-${width}x${height}.png`);
      await page.screenshot({ path: file });
      const phase = await page.getAttribute('[data-graph-live]', 'data-graph-phase').catch(() => '?');
      console.log(`${file}  ${p.name}  phase=${phase}`);
    }
    await context.close();
  }
  await browser.close();
} finally {
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
