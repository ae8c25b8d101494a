#!/usr/bin/env node
// `npm start`: rebuild the console when its sources are newer than the last build, then run the
// platform server (which migrates, seeds demo data into an empty database and serves everything).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const distIndex = path.join(root, 'dist', 'index.html');
const CONSOLE_SOURCES = ['src', 'screens', 'contract', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) {
    if (child === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

const builtAt = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
const sourcesAt = Math.max(...CONSOLE_SOURCES.map(newestMtime));
if (!process.env.STATIC_DIR && sourcesAt > builtAt) {
  console.log(builtAt ? 'Console sources changed: rebuilding…' : 'Building the console…');
  const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The console build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(bin('tsx'), [path.join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
