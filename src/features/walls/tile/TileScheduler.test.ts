import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SWITCH_SETTLE_MS, TileScheduler, type TileScheduleState } from './TileScheduler';
import type { TilePlan } from './tileSlots';

const EPOCH = 1_700_000_000_000;
const ROTATE = 30_000;
/** The tile's clock runs this far behind the server's: every time below is server time. */
const OFFSET = 1_234;

const plan = (names: string[], epoch = EPOCH): TilePlan<string> => ({
  epoch, rotateMs: ROTATE, items: names.map((n) => ({ key: n, value: n })),
});

function start(p: TilePlan<string> | null, options: { catchUpCapMs?: number; prepareMs?: number } = {}) {
  const states: TileScheduleState<string>[] = [];
  const s = new TileScheduler<string>({ now: () => Date.now() + OFFSET, onChange: (x) => states.push(x), ...options });
  s.setPlan(p);
  const last = () => s.snapshot;
  const serverNow = () => Date.now() + OFFSET;
  /** Advances the fake clocks to server time `t`. */
  const until = (t: number) => vi.advanceTimersByTime(t - serverNow());
  const readyAll = () => { for (const m of last().pending) s.reportReady(m.key); };
  return { s, states, last, until, readyAll, serverNow };
}

beforeEach(() => {
  vi.useFakeTimers();
  // Server time = epoch + 12 s: the first item's slot, 18 s before the second.
  vi.setSystemTime(EPOCH + 12_000 - OFFSET);
});
afterEach(() => vi.useRealTimers());

describe('TileScheduler', () => {
  it('shows the item due now once it is ready, and nothing before', () => {
    const { last, s } = start(plan(['a', 'b', 'c']));
    expect(last().shown).toBeNull();
    expect(last().pending.map((m) => m.value)).toEqual(['a']);
    s.reportReady(last().pending[0].key);
    expect(last().shown?.value).toBe('a');
    expect(last().pending).toEqual([]);
    // A first show is no scheduled switch.
    expect(last().switches).toBe(0);
    expect(last().skewMs).toBeNull();
  });

  it('mounts the next item out of sight prepareMs before its start and switches at the start, to the ms', () => {
    const { last, until, readyAll, serverNow } = start(plan(['a', 'b', 'c']));
    readyAll();
    until(EPOCH + ROTATE - 5_001);
    expect(last().pending).toEqual([]);
    until(EPOCH + ROTATE - 5_000);
    expect(last().pending.map((m) => m.value)).toEqual(['b']);
    readyAll();
    expect(last().shown?.value).toBe('a');
    until(EPOCH + ROTATE - 1);
    expect(last().shown?.value).toBe('a');
    until(EPOCH + ROTATE);
    expect(last().shown?.value).toBe('b');
    expect(last().switchedAt).toBe(EPOCH + ROTATE);
    expect(serverNow()).toBe(EPOCH + ROTATE);
    expect(last().skewMs).toBe(0);
    expect(last().switches).toBe(1);
    expect(last().late).toBe(false);
  });

  it('an item lasting no longer than the preparation: the next is mounted shortly after a switch, not in its task', () => {
    const { last, until, readyAll, states } = start(plan(['a', 'b', 'c']), { prepareMs: ROTATE });
    readyAll();
    until(EPOCH + ROTATE - 1);
    readyAll();
    const before = states.length;
    until(EPOCH + ROTATE);
    // The switch's own change puts b on screen and mounts nothing new.
    expect(states[before]?.shown?.value).toBe('b');
    expect(states[before]?.pending).toEqual([]);
    until(EPOCH + ROTATE + SWITCH_SETTLE_MS - 1);
    expect(last().pending).toEqual([]);
    until(EPOCH + ROTATE + SWITCH_SETTLE_MS);
    expect(last().pending.map((m) => m.value)).toEqual(['c']);
    readyAll();
    until(EPOCH + 2 * ROTATE);
    expect(last().shown?.value).toBe('c');
    expect(last().skewMs).toBe(0);
  });

  it('keeps the same mount from prepared to shown (the key does not change at the switch)', () => {
    const { last, until, readyAll } = start(plan(['a', 'b']));
    readyAll();
    until(EPOCH + ROTATE - 2_000);
    const prepared = last().pending[0];
    readyAll();
    until(EPOCH + ROTATE);
    expect(last().shown?.key).toBe(prepared.key);
  });

  it('a tile not ready at the start keeps its item and switches as soon as the next is ready (catch-up)', () => {
    const { last, until, readyAll, s } = start(plan(['a', 'b']));
    readyAll();
    until(EPOCH + ROTATE + 700);
    expect(last().shown?.value).toBe('a');
    expect(last().late).toBe(true);
    s.reportReady(last().pending[0].key);
    expect(last().shown?.value).toBe('b');
    expect(last().skewMs).toBe(700);
    expect(last().late).toBe(false);
  });

  it('shows a due item still loading after the catch-up cap rather than the wrong item', () => {
    const { last, until, readyAll } = start(plan(['a', 'b']), { catchUpCapMs: 4_000 });
    readyAll();
    until(EPOCH + ROTATE + 3_999);
    expect(last().shown?.value).toBe('a');
    until(EPOCH + ROTATE + 4_000);
    expect(last().shown?.value).toBe('b');
    expect(last().shown?.ready).toBe(false);
  });

  it('skips an item whose slot ended before it was ready, and mounts the one due instead', () => {
    const { last, until, readyAll } = start(plan(['a', 'b', 'c']), { catchUpCapMs: 60_000 });
    readyAll();
    until(EPOCH + 2 * ROTATE + 100);
    // b was never ready; c is due now (mounted) and b's mount is gone.
    expect(last().shown?.value).toBe('a');
    expect(last().pending.map((m) => m.value)).toEqual(['c']);
    readyAll();
    expect(last().shown?.value).toBe('c');
  });

  it('counts a slot, not an item: a repeated item is mounted afresh for its next turn', () => {
    const { last, until, readyAll } = start(plan(['a', 'b']));
    readyAll();
    const first = last().shown!.key;
    until(EPOCH + ROTATE - 5_000);
    readyAll();
    until(EPOCH + 2 * ROTATE - 5_000);
    readyAll();
    until(EPOCH + 2 * ROTATE);
    expect(last().shown?.value).toBe('a');
    expect(last().shown?.key).not.toBe(first);
    expect(last().switches).toBe(2);
  });

  it('a one-item rotation never switches', () => {
    const { last, until, readyAll, states } = start(plan(['only']));
    readyAll();
    const count = states.length;
    until(EPOCH + 100 * ROTATE);
    expect(last().shown?.value).toBe('only');
    expect(last().pending).toEqual([]);
    expect(states.length).toBe(count);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('every tile computes the same keys from the same plan and server time', () => {
    const a = start(plan(['a', 'b']));
    const b = start(plan(['a', 'b']));
    expect(a.last().pending[0].key).toBe(b.last().pending[0].key);
  });

  it('a plan from a later server time: the item it shows is prepared before and shown at that time', () => {
    const { s, last, until, readyAll } = start(plan(['a', 'b']));
    readyAll();
    const from = EPOCH + 20_000;
    s.setPlan(plan(['a2', 'b']), from);
    expect(last().pending).toEqual([]);
    until(from - 5_000);
    expect(last().pending.map((m) => m.value)).toEqual(['a2']);
    readyAll();
    until(from - 1);
    expect(last().shown?.value).toBe('a');
    until(from);
    expect(last().shown?.value).toBe('a2');
  });

  it('a plan that changes nothing on screen keeps the mounts', () => {
    const { s, last, readyAll } = start(plan(['a', 'b']));
    readyAll();
    const shown = last().shown;
    s.setPlan(plan(['a', 'b']));
    expect(last().shown).toBe(shown);
    expect(last().pending).toEqual([]);
  });

  it('a new epoch (the wall saved) restarts the rotation at once, the old item staying until the new is ready', () => {
    const { s, last, readyAll, serverNow } = start(plan(['a', 'b']));
    readyAll();
    vi.advanceTimersByTime(1_000);
    s.setPlan(plan(['b', 'a'], serverNow()));
    expect(last().shown?.value).toBe('a');
    expect(last().late).toBe(true);
    expect(last().pending.map((m) => m.value)).toEqual(['b']);
    readyAll();
    expect(last().shown?.value).toBe('b');
    // A restart is no scheduled switch: its lateness says nothing of the tile.
    expect(last().switches).toBe(0);
    expect(last().skewMs).toBeNull();
  });

  it('a wall saved with its epoch ahead (WALL_PREPARE_MS): the old rotation stays until the epoch, then every tile starts the first item together', () => {
    const { s, last, readyAll, until, serverNow } = start(plan(['a', 'b']));
    readyAll();
    const epoch = serverNow() + 5_000;
    s.setPlan(plan(['c', 'd'], epoch), epoch);
    // Prepared out of sight at once (the preparation time is the epoch's lead); nothing changes on screen.
    expect(last().shown?.value).toBe('a');
    expect(last().pending.map((m) => m.value)).toEqual(['c']);
    readyAll();
    until(epoch - 1);
    expect(last().shown?.value).toBe('a');
    until(epoch);
    expect(last().shown?.value).toBe('c');
    expect(last().switchedAt).toBe(epoch);
  });

  it('a tile that loads before its wall\'s epoch shows the first item and keeps the same mount through the epoch (no flash)', () => {
    const epoch = EPOCH + 17_000;
    const { last, readyAll, until } = start(plan(['a', 'b', 'c'], epoch));
    expect(last().pending.map((m) => m.value)).toEqual(['a']);
    readyAll();
    const first = last().shown!;
    expect(first.value).toBe('a');
    until(epoch);
    expect(last().shown).toBe(first);
    expect(last().pending).toEqual([]);
    until(epoch + ROTATE - 5_000);
    expect(last().pending.map((m) => m.value)).toEqual(['b']);
    readyAll();
    until(epoch + ROTATE);
    expect(last().shown?.value).toBe('b');
    expect(last().switches).toBe(1);
    expect(last().skewMs).toBe(0);
  });

  it('resetView prepares a fresh mount of the same item and swaps it in when ready', () => {
    const { s, last, readyAll } = start(plan(['a', 'b']));
    readyAll();
    const before = last().shown!;
    s.resetView();
    expect(last().shown).toBe(before);
    expect(last().pending).toHaveLength(1);
    expect(last().pending[0].value).toBe('a');
    expect(last().pending[0].key).not.toBe(before.key);
    readyAll();
    expect(last().shown?.value).toBe('a');
    expect(last().shown?.key).not.toBe(before.key);
    expect(last().switches).toBe(0);
  });

  it('no items: nothing mounted, no timer', () => {
    const { last } = start(plan([]));
    expect(last().shown).toBeNull();
    expect(last().pending).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('dispose stops its timer', () => {
    const { s, readyAll } = start(plan(['a', 'b']));
    readyAll();
    expect(vi.getTimerCount()).toBe(1);
    s.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
