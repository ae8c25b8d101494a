import { setConsoleFunction } from 'three';

type Level = 'log' | 'warn' | 'error';
type Sink = (level: Level, message: string, ...params: unknown[]) => void;

/** How many distinct messages are remembered; past that, messages are passed on without being remembered. */
const REMEMBERED = 200;

/**
 * A console function for three.js that passes each distinct message on once. react-three-fiber
 * makes a (deprecated) THREE.Clock for every scene it mounts, and three warns about it each time;
 * the browser keeps every console message, with its arguments and stack, until a thousand have been
 * written. On a wall that mounts a 3D scene at each rotation that is memory growing with every
 * rotation for thousands of rotations (issue 23's soak), for a warning nobody reads twice.
 */
export function onceConsole(sink: Sink): Sink {
  const said = new Set<string>();
  return (level, message, ...params) => {
    const key = `${level}\u0000${message}`;
    if (said.has(key)) return;
    if (said.size < REMEMBERED) said.add(key);
    sink(level, message, ...params);
  };
}

let installed = false;

/** Routes three.js's console output through {@link onceConsole} (once per page). */
export function installThreeConsole(): void {
  if (installed) return;
  installed = true;
  setConsoleFunction(onceConsole((level, message, ...params) => {
    console[level](message, ...params);
  }));
}
