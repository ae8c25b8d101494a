import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, dataVersionAt, dataVersionStart, rotationAt, timerDelay } from './rotation-schedule';

const epoch = 1_700_000_000_000;
const rotateMs = 30_000;

describe('rotation schedule', () => {
  it('starts with the first item at the epoch', () => {
    expect(rotationAt(epoch, epoch, 3, rotateMs)).toEqual({
      index: 0, slot: 0, startsAt: epoch, endsAt: epoch + rotateMs, nextIndex: 1, nextStartsAt: epoch + rotateMs,
    });
  });

  it('steps an item every rotateMs and wraps', () => {
    expect(rotationAt(epoch + rotateMs - 1, epoch, 3, rotateMs).index).toBe(0);
    expect(rotationAt(epoch + rotateMs, epoch, 3, rotateMs).index).toBe(1);
    const third = rotationAt(epoch + 2 * rotateMs + 5, epoch, 3, rotateMs);
    expect(third).toMatchObject({ index: 2, slot: 2, startsAt: epoch + 2 * rotateMs, nextIndex: 0 });
    expect(rotationAt(epoch + 3 * rotateMs, epoch, 3, rotateMs)).toMatchObject({ index: 0, slot: 3 });
  });

  it('answers the same on every tile that reads the same server time, whatever it read before', () => {
    const t = epoch + 1234 * rotateMs + 17_500;
    const a = rotationAt(t, epoch, 7, rotateMs);
    const b = rotationAt(t, epoch, 7, rotateMs);
    expect(a).toEqual(b);
    expect(a.index).toBe(1234 % 7);
    expect(a.startsAt).toBeLessThanOrEqual(t);
    expect(a.endsAt).toBeGreaterThan(t);
  });

  it('gives two tiles whose clocks differ by less than the slot the same boundary', () => {
    const t = epoch + 10 * rotateMs - 20; // 20 ms before a switch
    const early = rotationAt(t, epoch, 4, rotateMs);
    const late = rotationAt(t + 40, epoch, 4, rotateMs);
    expect(early.nextStartsAt).toBe(late.startsAt);
    expect(early.nextIndex).toBe(late.index);
  });

  it('before the epoch (a wall just saved, or a tile whose clock reads early) the first item is due, and stays through the epoch', () => {
    const first = { index: 0, slot: 0, startsAt: epoch, endsAt: epoch + rotateMs, nextIndex: 1, nextStartsAt: epoch + rotateMs };
    expect(rotationAt(epoch - 1, epoch, 3, rotateMs)).toEqual(first);
    expect(rotationAt(epoch - 5 * rotateMs, epoch, 3, rotateMs)).toEqual(first);
    expect(rotationAt(epoch, epoch, 3, rotateMs)).toEqual(first);
  });

  it('never switches a one-item rotation', () => {
    const r = rotationAt(epoch + 99 * rotateMs, epoch, 1, rotateMs);
    expect(r).toMatchObject({ index: 0, nextIndex: 0, startsAt: epoch });
    expect(r.endsAt).toBe(Infinity);
    expect(timerDelay(r.nextStartsAt, epoch)).toBe(MAX_TIMER_MS);
  });

  it('refuses an empty rotation and a bad period', () => {
    expect(() => rotationAt(epoch, epoch, 0, rotateMs)).toThrow(RangeError);
    expect(() => rotationAt(epoch, epoch, 2, 0)).toThrow(RangeError);
    expect(() => rotationAt(Number.NaN, epoch, 2, rotateMs)).toThrow(RangeError);
  });

  it('numbers data versions by server-clock intervals', () => {
    expect(dataVersionAt(59_999, 60_000)).toBe(0);
    expect(dataVersionAt(60_000, 60_000)).toBe(1);
    const v = dataVersionAt(epoch + 12_345, 10_000);
    expect(dataVersionStart(v, 10_000)).toBeLessThanOrEqual(epoch + 12_345);
    expect(dataVersionStart(v + 1, 10_000)).toBeGreaterThan(epoch + 12_345);
    expect(() => dataVersionAt(1, 0)).toThrow(RangeError);
  });

  it('turns a server-time target into a setTimeout delay', () => {
    expect(timerDelay(1500, 1000)).toBe(500);
    expect(timerDelay(900, 1000)).toBe(0);
    expect(timerDelay(Infinity, 1000)).toBe(MAX_TIMER_MS);
    expect(timerDelay(Number.NaN, 1000)).toBe(MAX_TIMER_MS);
  });
});
