#!/usr/bin/env node
// Runs a command against a throw-away PostgreSQL cluster:
//   node scripts/with-postgres.mjs npx vitest run tests/server
// Starts a cluster with Debian's binaries (trust auth, 127.0.0.1 only, a free port from 54329),
// sets TEST_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres, runs the command, then
// stops and removes the cluster, also on failure or Ctrl-C, and exits with the command's code.
// As root, the cluster runs as the `postgres` system user (PostgreSQL refuses to run as root).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIRST_PORT = 54329;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fail(message) {
  process.stderr.write(`with-postgres: ${message}\n`);
  process.exit(1);
}

/** The bin folder of the newest installed PostgreSQL (PG_BINDIR overrides). */
function findBinDir() {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length) return path.join(base, versions[0], 'bin');
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim()) return path.dirname(onPath.stdout.trim());
  return null;
}

function freePort(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function pickPort() {
  for (let port = FIRST_PORT; port < FIRST_PORT + 100; port++) {
    if (await freePort(port)) return port;
  }
  fail(`no free port in ${FIRST_PORT}-${FIRST_PORT + 99}`);
}

const args = process.argv.slice(2);
if (!args.length) fail('usage: node scripts/with-postgres.mjs <command> [args...]');

const binDir = findBinDir();
if (!binDir || !fs.existsSync(path.join(binDir, 'pg_ctl'))) {
  fail('no PostgreSQL server binaries found (looked in /usr/lib/postgresql/*/bin and PATH).\n'
    + 'Install them with: apt-get install -y postgresql   (or set PG_BINDIR)');
}

const isRoot = process.getuid?.() === 0;
let owner = null;
if (isRoot) {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0) fail('running as root, but there is no `postgres` system user to run the cluster as');
  owner = { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function pg(bin, binArgs, options = {}) {
  const file = path.join(binDir, bin);
  const [cmd, cmdArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...binArgs]] : [file, binArgs];
  const r = spawnSync(cmd, cmdArgs, { encoding: 'utf8', cwd: os.tmpdir(), ...options });
  if (r.error) throw r.error;
  return r;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-pg-'));
const logFile = path.join(dataDir, 'server.log');
const clusterDir = path.join(dataDir, 'cluster');
let started = false;
let cleanedUp = false;

function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (started) {
    const r = pg('pg_ctl', ['-D', clusterDir, '-m', 'immediate', '-w', 'stop']);
    if (r.status !== 0) process.stderr.write(`with-postgres: pg_ctl stop failed: ${r.stderr || r.stdout}\n`);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function showLog() {
  try {
    process.stderr.write(fs.readFileSync(logFile, 'utf8'));
  } catch {
    // no log written
  }
}

try {
  if (owner) fs.chownSync(dataDir, owner.uid, owner.gid);
  const init = pg('initdb', ['-D', clusterDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr || init.stdout}`);
  const port = await pickPort();
  // Throw-away data: durability off for speed; sockets in the cluster folder, not /var/run.
  fs.appendFileSync(path.join(clusterDir, 'postgresql.conf'), [
    '',
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dataDir}'`,
    'max_connections = 300',
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    '',
  ].join('\n'));
  const start = pg('pg_ctl', ['-D', clusterDir, '-l', logFile, '-w', '-t', '60', 'start']);
  if (start.status !== 0) {
    showLog();
    throw new Error(`pg_ctl start failed:\n${start.stderr || start.stdout}`);
  }
  started = true;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  process.stderr.write(`with-postgres: PostgreSQL (${path.basename(path.dirname(binDir))}) at ${url}\n`);

  const child = spawn(args[0], args.slice(1), {
    stdio: 'inherit',
    cwd: process.cwd(),
    env: {
      ...process.env,
      TEST_DATABASE_URL: url,
      // So `vitest` resolves when this script is run outside npm.
      PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    },
  });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const code = await new Promise((resolve) => {
    child.once('error', (err) => {
      process.stderr.write(`with-postgres: cannot run ${args[0]}: ${err.message}\n`);
      resolve(127);
    });
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? 128 + (os.constants.signals[signal] ?? 1)));
  });
  cleanup();
  process.exit(code);
} catch (err) {
  cleanup();
  fail(err instanceof Error ? err.message : String(err));
}
