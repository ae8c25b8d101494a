import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaylistItemView } from '../../../contract/playlists';
import { RotationController, type RotationState } from './RotationController';
import { toEntries } from './rotationPlan';

const tpl = (templateId: number, durationSec: number, name = `t${templateId}`): PlaylistItemView =>
  ({ kind: 'template', templateId, durationSec, name });

/**
 * A stand-in for the page: it mounts what the controller asks for and reports each new mount
 * ready after `loadMs` (or failed, for the template ids in `broken`), on the fake clock.
 */
function harness(items: PlaylistItemView[], opts: { loadMs?: number; broken?: number[]; timeScale?: number } = {}) {
  const shown: { at: number; title: string }[] = [];
  const logs: string[] = [];
  const mounted = new Set<number>();
  let last: RotationState | null = null;
  const start = Date.now();
  const ctl: RotationController = new RotationController({
    log: (line) => logs.push(line),
    onChange(state) {
      if (state.current && state.current.id !== last?.current?.id) shown.push({ at: Date.now() - start, title: state.entries[state.current.index]?.title });
      const next = state.next;
      if (next && !mounted.has(next.id)) {
        mounted.add(next.id);
        const entry = state.entries[next.index];
        const broken = entry.item.kind === 'template' && opts.broken?.includes(entry.item.templateId);
        setTimeout(() => (broken ? ctl.reportFailed(next.id, 'template not found') : ctl.reportReady(next.id)), opts.loadMs ?? 100);
      }
      last = state;
    },
  });
  ctl.setEntries(toEntries(items, opts.timeScale ?? 1, () => undefined));
  return { ctl, shown, logs, state: () => ctl.snapshot };
}

describe('RotationController', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('plays the items in order with their durations and loops', () => {
    const h = harness([tpl(1, 30), tpl(2, 20), tpl(3, 10)]);
    vi.advanceTimersByTime(100 + 30_000 + 20_000 + 10_000 + 30_000 + 1);
    expect(h.shown).toEqual([
      { at: 100, title: 't1' }, { at: 30_100, title: 't2' }, { at: 50_100, title: 't3' }, { at: 60_100, title: 't1' }, { at: 90_100, title: 't2' },
    ]);
    expect(h.state().rotations).toBe(4);
    h.ctl.dispose();
  });

  it('mounts the next item out of sight only a while before its turn', () => {
    const h = harness([tpl(1, 60), tpl(2, 60)]);
    vi.advanceTimersByTime(100);
    expect(h.state().current?.key).toBe('template:1#1');
    vi.advanceTimersByTime(60_000 - 15_000 - 1);
    expect(h.state().next).toBeNull();
    vi.advanceTimersByTime(1);
    expect(h.state().next).toMatchObject({ key: 'template:2#1', ready: false });
    vi.advanceTimersByTime(100);
    expect(h.state().next?.ready).toBe(true);
    expect(h.state().current?.key).toBe('template:1#1');
    h.ctl.dispose();
  });

  it('divides durations by the time scale', () => {
    const h = harness([tpl(1, 30), tpl(2, 30)], { timeScale: 100, loadMs: 10 });
    vi.advanceTimersByTime(10 + 300 + 300 + 300);
    expect(h.shown.map((s) => s.at)).toEqual([10, 310, 610, 910]);
    h.ctl.dispose();
  });

  it('keeps the current item past its time while the next is not ready, then switches the moment it is', () => {
    const h = harness([tpl(1, 10), tpl(2, 10)], { loadMs: 14_000 });
    vi.advanceTimersByTime(14_000);
    expect(h.shown).toEqual([{ at: 14_000, title: 't1' }]);
    // t2 is mounted at once (the item is shorter than the lead) and takes 14 s: t1 stays 4 s longer.
    vi.advanceTimersByTime(10_000);
    expect(h.state()).toMatchObject({ holding: true, current: { key: 'template:1#1' } });
    vi.advanceTimersByTime(4_000);
    expect(h.shown.at(-1)).toEqual({ at: 28_000, title: 't2' });
    expect(h.state().holding).toBe(false);
    h.ctl.dispose();
  });

  it('gives up a next item not ready within the cap, logs it, and prepares the one after', () => {
    const h = harness([tpl(1, 10), tpl(2, 10), tpl(3, 10)], { loadMs: 100 });
    // t1 is on screen at 100 ms and t2 mounted at once (the item is shorter than the lead); its ready report is lost.
    vi.advanceTimersByTime(150);
    expect(h.state()).toMatchObject({ current: { key: 'template:1#1' }, next: { key: 'template:2#1', ready: false } });
    const spy = vi.spyOn(h.ctl, 'reportReady').mockImplementation(() => undefined);
    // Budget: the 10 s it had before its turn plus the 20 s cap.
    vi.advanceTimersByTime(30_100 - 150 - 1);
    expect(h.state()).toMatchObject({ holding: true, current: { key: 'template:1#1' } });
    vi.advanceTimersByTime(1);
    expect(h.logs).toEqual([expect.stringMatching(/^kiosk: skipped "t2" \(template:2#1\): nothing to show within 30 s/)]);
    expect(h.state().next?.key).toBe('template:3#1');
    spy.mockRestore();
    vi.advanceTimersByTime(100);
    expect(h.shown.map((s) => s.title)).toEqual(['t1', 't3']);
    h.ctl.dispose();
  });

  it('shows a next item with part of its data at the deadline rather than skipping it', () => {
    const h = harness([tpl(1, 10), tpl(2, 10)], { loadMs: 100 });
    vi.advanceTimersByTime(150);
    const next = h.state().next!;
    const spy = vi.spyOn(h.ctl, 'reportReady').mockImplementation(() => undefined);
    h.ctl.reportShowable(next.id);
    vi.advanceTimersByTime(30_100 - 150 - 1);
    expect(h.shown.map((s) => s.title)).toEqual(['t1']);
    vi.advanceTimersByTime(1);
    expect(h.shown.map((s) => s.title)).toEqual(['t1', 't2']);
    expect(h.logs).toEqual([expect.stringMatching(/^kiosk: showing "t2" \(template:2#1\) with part of its data/)]);
    spy.mockRestore();
    h.ctl.dispose();
  });

  it('skips a failed item with a log line and tries it again after its backoff', () => {
    const h = harness([tpl(1, 10), tpl(2, 10), tpl(3, 10)], { broken: [2] });
    vi.advanceTimersByTime(100 + 10_000 + 10_000 + 10_000 + 10_000);
    expect(h.shown.map((s) => s.title)).toEqual(['t1', 't3', 't1', 't3', 't1']);
    expect(h.logs.length).toBeGreaterThanOrEqual(2);
    expect(h.logs[0]).toMatch(/^kiosk: skipped "t2" \(template:2#1\): template not found; tried again in 5 s/);
    expect(h.logs[1]).toMatch(/tried again in 10 s/);
    h.ctl.dispose();
  });

  it('keeps the current item on screen while every other one fails (server away), and goes on when they load again', () => {
    const broken = [2];
    const h = harness([tpl(1, 10), tpl(2, 10)], { broken });
    vi.advanceTimersByTime(100 + 60_000);
    expect(h.shown.map((s) => s.title)).toEqual(['t1']);
    expect(h.state()).toMatchObject({ holding: true, current: { key: 'template:1#1' } });
    broken.length = 0;
    vi.advanceTimersByTime(60_000 + 100);
    expect(h.shown.slice(0, 2).map((s) => s.title)).toEqual(['t1', 't2']);
    h.ctl.dispose();
  });

  it('pauses: the remaining time is frozen, and it goes on from there after resume', () => {
    const h = harness([tpl(1, 30), tpl(2, 30)]);
    vi.advanceTimersByTime(100 + 10_000);
    h.ctl.pause();
    vi.advanceTimersByTime(120_000);
    expect(h.shown.map((s) => s.title)).toEqual(['t1']);
    expect(h.state()).toMatchObject({ paused: true, elapsedMs: 10_000, runningSince: null });
    h.ctl.resume();
    vi.advanceTimersByTime(20_000 - 1);
    expect(h.shown.map((s) => s.title)).toEqual(['t1']);
    vi.advanceTimersByTime(1);
    expect(h.shown.map((s) => s.title)).toEqual(['t1', 't2']);
    h.ctl.dispose();
  });

  it('starts a single playable item over without remounting it', () => {
    const h = harness([tpl(1, 10)]);
    vi.advanceTimersByTime(100 + 35_000);
    expect(h.shown).toEqual([{ at: 100, title: 't1' }]);
    expect(h.state()).toMatchObject({ current: { id: 1 }, next: null, holding: false, rotations: 0 });
    h.ctl.dispose();
  });

  it('follows a re-read playlist: the current item stays, the order and durations are the new ones', () => {
    const h = harness([tpl(1, 30), tpl(2, 30), tpl(3, 30)]);
    vi.advanceTimersByTime(100 + 20_000);
    expect(h.state().next?.key).toBe('template:2#1');
    h.ctl.setEntries(toEntries([tpl(3, 30), tpl(1, 60), tpl(2, 30)], 1, () => undefined));
    // t1 now lasts 60 s and is followed by t2 (kept mounted); nothing switches at 30 s.
    expect(h.state()).toMatchObject({ current: { key: 'template:1#1', index: 1 }, next: { key: 'template:2#1', index: 2 }, durationMs: 60_000 });
    vi.advanceTimersByTime(40_000);
    expect(h.shown.map((s) => s.title)).toEqual(['t1', 't2']);
    vi.advanceTimersByTime(30_000);
    expect(h.shown.map((s) => s.title)).toEqual(['t1', 't2', 't3']);
    h.ctl.setEntries([]);
    expect(h.state()).toMatchObject({ current: null, next: null });
    h.ctl.dispose();
  });
});
