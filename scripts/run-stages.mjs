#!/usr/bin/env node
// Runs npm scripts one after another (`node scripts/run-stages.mjs typecheck lint …`), stops at the
// first that fails, and prints how long each took, so a slowdown is seen when it lands (issue 34).
import { spawnSync } from 'node:child_process';

const stages = process.argv.slice(2);
if (!stages.length) {
  console.error('usage: node scripts/run-stages.mjs <npm script> [<npm script> …]');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const took = [];
const started = Date.now();
let failed = null;
for (const stage of stages) {
  const t0 = Date.now();
  const r = spawnSync(npm, ['run', '--silent', stage], { stdio: 'inherit' });
  took.push([stage, (Date.now() - t0) / 1000]);
  if (r.status !== 0) {
    failed = { stage, code: r.status ?? 1 };
    break;
  }
}
console.log('\nstage times:');
for (const [stage, s] of took) console.log(`  ${stage.padEnd(12)} ${s.toFixed(0).padStart(5)} s`);
console.log(`  ${'total'.padEnd(12)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
if (failed) {
  console.error(`stage ${failed.stage} failed (exit ${failed.code})`);
  process.exit(failed.code);
}
