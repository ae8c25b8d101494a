#!/usr/bin/env node
// `npm run dev`: the platform server on API_PORT (default 8080, API only) and Vite's dev server,
// which proxies /api, /app-api and /chatHub to it (vite.config.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.API_PORT ?? '8080';

const children = [
  spawn(bin('tsx'), ['watch', path.join(root, 'server', 'main.ts')], {
    cwd: root, stdio: 'inherit', env: { ...process.env, PORT: apiPort, STATIC_DIR: '' },
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = (signal) => { for (const c of children) c.kill(signal); };
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children) c.on('exit', (code) => { stop('SIGTERM'); process.exitCode = code ?? 0; });
