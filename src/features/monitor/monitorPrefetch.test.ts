import { describe, expect, it } from 'vitest';
import { readKey, takeEarlyRead } from './monitorPrefetch';

describe('monitor prefetch', () => {
  it('keys a read by endpoint and params whatever their order', () => {
    expect(readKey('/api/s/device', { b: 2, a: 'x' })).toBe(readKey('/api/s/device', { a: 'x', b: 2 }));
    expect(readKey('/api/s/device', { a: 1 })).not.toBe(readKey('/api/s/project', { a: 1 }));
  });

  it('hands over nothing when nothing was read ahead', () => {
    expect(takeEarlyRead('/api/s/device', {})).toBeNull();
  });
});
