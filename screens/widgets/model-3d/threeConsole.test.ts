import { describe, expect, it, vi } from 'vitest';
import { onceConsole } from './threeConsole';

describe('onceConsole', () => {
  it('passes each distinct message on once, whatever its parameters', () => {
    const sink = vi.fn();
    const log = onceConsole(sink);
    for (let i = 0; i < 5; i++) log('warn', 'THREE.Clock: This module has been deprecated.', { at: i });
    log('error', 'THREE.Clock: This module has been deprecated.');
    log('warn', 'THREE.WebGLRenderer: Context Lost.');
    expect(sink.mock.calls).toEqual([
      ['warn', 'THREE.Clock: This module has been deprecated.', { at: 0 }],
      ['error', 'THREE.Clock: This module has been deprecated.'],
      ['warn', 'THREE.WebGLRenderer: Context Lost.'],
    ]);
  });

  it('remembers a bounded number of messages and passes on the rest every time', () => {
    const sink = vi.fn();
    const log = onceConsole(sink);
    for (let i = 0; i < 250; i++) log('log', `m${i}`);
    log('log', 'm0');
    log('log', 'm249');
    log('log', 'm249');
    expect(sink).toHaveBeenCalledTimes(250 + 2);
  });
});
