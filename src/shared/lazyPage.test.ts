import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadWithTimeout } from './lazyPage';

describe('loadWithTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves with the module when it arrives in time', async () => {
    await expect(loadWithTimeout(() => Promise.resolve('module'))).resolves.toBe('module');
  });

  it('turns a failed import into a ChunkLoadError', async () => {
    const result = loadWithTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(result).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('gives up after 120 s', async () => {
    const result = loadWithTimeout(() => new Promise<never>(() => {}));
    const settled = expect(result).rejects.toThrow('page chunk did not load within 120 s');
    await vi.advanceTimersByTimeAsync(120_000);
    await settled;
  });
});
