import { describe, expect, it } from 'vitest';
import { monitorEarlyReads, readKey } from './monitorPrefetch';

describe('monitor prefetch', () => {
  it('keys a read by endpoint and params whatever their order', () => {
    expect(readKey('/api/s/device', { b: 2, a: 'x' })).toBe(readKey('/api/s/device', { a: 'x', b: 2 }));
    expect(readKey('/api/s/device', { a: 1 })).not.toBe(readKey('/api/s/project', { a: 1 }));
  });

  it('hands over nothing when nothing was read ahead', () => {
    expect(monitorEarlyReads.answered('/api/s/device', {})).toBeNull();
    expect(monitorEarlyReads.take('/api/s/device', {})).toBeNull();
  });
});
