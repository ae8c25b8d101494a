import { describe, expect, it } from 'vitest';
import { DisplayCache } from './display-cache';

const answer = (body: string) => ({ body, type: 'application/json' });

describe('DisplayCache', () => {
  it('serves a kept answer until it is older than ttlMs', () => {
    const cache = new DisplayCache({ ttlMs: 1000, maxEntries: 10 });
    cache.begin('k', 0)(answer('a'));
    expect(cache.lookup('k', 1000)?.answer?.body).toBe('a');
    expect(cache.lookup('k', 1001)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('lets later readers wait for an answer on its way, and forgets one that failed', async () => {
    const cache = new DisplayCache({ ttlMs: 1000, maxEntries: 10 });
    const settle = cache.begin('k', 0);
    const waiting = cache.lookup('k', 1)!.pending!;
    settle(answer('a'));
    expect((await waiting)?.body).toBe('a');
    const failed = cache.begin('f', 0);
    const waitingForFailure = cache.lookup('f', 1)!.pending!;
    failed(null);
    expect(await waitingForFailure).toBeNull();
    expect(cache.lookup('f', 2)).toBeUndefined();
    // Settling twice keeps the first outcome.
    settle(null);
    expect(cache.lookup('k', 3)?.answer?.body).toBe('a');
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new DisplayCache({ ttlMs: 1000, maxEntries: 3 });
    for (const k of ['a', 'b', 'c']) cache.begin(k, 0)(answer(k));
    cache.lookup('a', 1); // used: b is now the oldest
    cache.begin('d', 2)(answer('d'));
    expect(cache.size).toBe(3);
    expect(cache.lookup('b', 3)).toBeUndefined();
    for (const k of ['a', 'c', 'd']) expect(cache.lookup(k, 3)?.answer?.body).toBe(k);
  });
});
