import { describe, expect, it } from 'vitest';
import { EARLY_READ_MAX_AGE_MS, peekEarlyRead, startEarlyRead, takeEarlyRead } from './earlyReads';

describe('early reads', () => {
  it('hands a read to the first taker only, with when it was asked and answered', async () => {
    startEarlyRead('a', () => Promise.resolve(42), 1_000);
    const early = takeEarlyRead<number>('a', 1_500);
    expect(early?.askedAt).toBe(1_000);
    await expect(early!.data).resolves.toBe(42);
    expect(early!.answeredAt).toBeGreaterThan(0);
    expect(takeEarlyRead('a', 1_500)).toBeUndefined();
  });

  it('drops a read too old to use, and passes a failure on to its taker', async () => {
    startEarlyRead('old', () => Promise.resolve(1), 0);
    expect(takeEarlyRead('old', EARLY_READ_MAX_AGE_MS + 1)).toBeUndefined();
    startEarlyRead('bad', () => Promise.reject(new Error('404')), 0);
    await expect(takeEarlyRead('bad', 0)!.data).rejects.toThrow('404');
  });

  it('keeps its answer once in, to be looked at without taking it', async () => {
    startEarlyRead('p', () => Promise.resolve('x'), Date.now());
    expect(peekEarlyRead('p')?.answer).toBeUndefined();
    await peekEarlyRead('p')!.data;
    expect(peekEarlyRead('p')?.answer).toEqual({ data: 'x' });
    expect(takeEarlyRead('p')?.answer).toEqual({ data: 'x' });
    expect(peekEarlyRead('p')).toBeUndefined();
  });
});
