import { describe, expect, it } from 'vitest';
import type { PlaylistItemView } from '../../../contract/playlists';
import { failureBackoffMs, nextCandidate, parseKioskParams, toEntries } from './rotationPlan';

describe('parseKioskParams', () => {
  it('reads playlist, timeScale and idleSec, and falls back on bad values', () => {
    expect(parseKioskParams('?playlist=3&timeScale=100&idleSec=2')).toEqual({ playlistId: 3, timeScale: 100, idleSec: 2 });
    expect(parseKioskParams('')).toEqual({ playlistId: null, timeScale: 1, idleSec: 30 });
    expect(parseKioskParams('?playlist=0&timeScale=1001&idleSec=-1')).toEqual({ playlistId: null, timeScale: 1, idleSec: 30 });
    expect(parseKioskParams('?playlist=abc&timeScale=2.5')).toEqual({ playlistId: null, timeScale: 1, idleSec: 30 });
  });
});

describe('toEntries', () => {
  it('scales durations, titles by override else name, keys repeated targets apart, and skips items without a target', () => {
    const skipped: number[] = [];
    const items: PlaylistItemView[] = [
      { kind: 'template', templateId: 1, durationSec: 30, name: '平台总览' },
      { kind: 'graph', projectId: 4, durationSec: 20, name: '上海张江 · 一层', title: '空调' },
      { kind: 'template', templateId: 9, durationSec: 30, name: '' },
      { kind: 'template', templateId: 1, durationSec: 10, name: '平台总览' },
    ];
    const entries = toEntries(items, 10, (_item, i) => skipped.push(i));
    expect(entries.map((e) => [e.key, e.durationMs, e.title])).toEqual([
      ['template:1#1', 3000, '平台总览'], ['graph:4:active#1', 2000, '空调'], ['template:1#2', 1000, '平台总览'],
    ]);
    expect(skipped).toEqual([2]);
  });
});

describe('nextCandidate', () => {
  it('cycles past the end, skips blocked entries and never returns the one it starts from', () => {
    expect(nextCandidate(3, -1, () => false)).toBe(0);
    expect(nextCandidate(3, 2, () => false)).toBe(0);
    expect(nextCandidate(3, 0, (i) => i === 1)).toBe(2);
    expect(nextCandidate(3, 0, (i) => i !== 0)).toBeNull();
    expect(nextCandidate(1, 0, () => false)).toBeNull();
    expect(nextCandidate(0, -1, () => false)).toBeNull();
  });

  it('backs off 5 s, doubling to a minute', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => failureBackoffMs(n))).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
  });
});
