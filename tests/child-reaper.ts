import type { ChildProcess } from 'node:child_process';

/** Children to kill when this process ends, with whether each leads a process group of its own. */
const children = new Map<ChildProcess, { group: boolean }>();
let installed = false;

function killAll(): void {
  for (const [child, { group }] of children) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
    try {
      if (group) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch { /* already gone */ }
  }
  children.clear();
}

function install(): void {
  if (installed) return;
  installed = true;
  // 'exit' covers a normal end, process.exit() and an uncaught error; a signal ends the process
  // without it, so signals are caught here, the children killed, and the process ended as the
  // signal would have (130 / 143).
  process.on('exit', killAll);
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(code);
    });
  }
}

/**
 * Kills `child` (its whole process group when it was spawned `detached`) when this process ends
 * for any reason — a failed test, a bench that threw, Ctrl-C — so no server, database or redis a
 * test or bench started outlives it. Its entry goes once it exits on its own.
 */
export function reapOnExit(child: ChildProcess, options: { group?: boolean } = {}): ChildProcess {
  install();
  children.set(child, { group: options.group ?? false });
  child.once('exit', () => children.delete(child));
  return child;
}
