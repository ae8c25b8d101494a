#!/usr/bin/env node
/**
 * Screenshots of the big screen for people to look at: starts the real server on a fresh demo
 * database, signs in, and photographs every screen template at 1920×1080 and 3840×2160 once each
 * widget shows data.
 *
 *   node scripts/screenshot-monitor.mjs [--out DIR] [--port N] [--build] [--wait MS] [--query 'a=b']
 *
 * --build runs `vite build` first (the server serves dist/). --wait adds time after the widgets
 * are ready (animations, maps). --query is added to every /monitor address.
 */
import { spawn, spawnSync } from 'node:child_process';
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
  console.log('usage: node scripts/screenshot-monitor.mjs [--out DIR] [--port N] [--build] [--wait MS] [--query a=b]');
  process.exit(0);
}
const out = opt('out', path.join(os.tmpdir(), 'nv-shots'));
const port = Number(opt('port', 8400 + Math.floor(Math.random() * 500)));
const extraWait = Number(opt('wait', 1500));
const query = opt('query', '');
const base = `http://localhost:${port}`;

if (args.includes('--build') || !fs.existsSync('dist/index.html')) {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
fs.mkdirSync(out, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-shots-db-'));
const server = spawn('npx', ['tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000', STATIC_DIR: process.env.E2E_DIST ?? 'dist' },
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
    body: JSON.stringify({ user: 'superadmin', password: 'Super@2026', orgBZ: '', tokenExpired: 30 }),
  })).json();
  const token = login.data.token;
  const list = (await (await fetch(`${base}/api/t_screen_tpl/all`, { headers: { Authorization: `Bearer ${token}` } })).json()).data;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  for (const [width, height] of [[1920, 1080], [3840, 2160]]) {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN' });
    await context.addCookies([
      { name: 'nv_token', value: token, url: base },
      { name: 'nv_token_time', value: String(Date.now()), url: base },
    ]);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    for (const tpl of list) {
      await page.goto(`${base}/monitor?tpl=${tpl.id}${query ? `&${query}` : ''}`);
      try {
        await page.waitForFunction(() => {
          const all = [...document.querySelectorAll('[data-screen-widget]')];
          return all.length > 0 && all.every((w) => w.getAttribute('data-state') !== 'loading');
        }, null, { timeout: 20_000 });
      } catch {
        console.error(`template ${tpl.id}: widgets still loading after 20 s`);
      }
      await page.waitForTimeout(extraWait);
      const states = await page.$$eval('[data-screen-widget]', (ws) => ws.map((w) => `${w.getAttribute('data-screen-widget')}=${w.getAttribute('data-state')}`));
      const file = path.join(out, `tpl${tpl.id}-${width}x${height}.png`);
      await page.screenshot({ path: file });
      console.log(`${file}  ${tpl.name}  ${states.join(' ')}`);
    }
    await context.close();
  }
  await browser.close();
} finally {
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
