import { describe, expect, it } from 'vitest';
import type { RealAlarm } from './alarms';
import type { MeasureWarningData } from './hub';
import { compareLiveAlarms, foldLiveAlarm, matchesLiveAlarmFilter, sortLiveAlarms, type LiveAlarmView } from './live-alarms';

const T = 1_750_000_000_000;
/** Alarm `id` raised `minutesAgo` before T. */
function alarm(id: number, minutesAgo: number, over: Partial<RealAlarm> = {}): RealAlarm {
  return {
    id, projectId: 1, projectName: 'P', deviceId: 100 + id, deviceName: `D${id}`, deviceState: 2, measureId: 5, measureName: 'PM2.5',
    conditionType: 8, condition: '大于等于', conditionVal1: 75, conditionVal2: null, sampleValue: 80, printf: '', alarmContent: `a${id}`,
    warnLevel: 1, raisedAt: T - minutesAgo * 60_000, ...over,
  };
}
const push = (action: MeasureWarningData['action'], a: RealAlarm): MeasureWarningData => ({ action, alarm: { ...a, clearedAt: action === 'clear' ? T : null } });
const ids = (r: RealAlarm[] | 'refetch') => (r === 'refetch' ? r : r.map((a) => a.id));
const time = (cap: number, filter?: LiveAlarmView['filter']): LiveAlarmView => ({ order: 'time', cap, filter });

describe('compareLiveAlarms / sortLiveAlarms', () => {
  it('time: newest first; the id breaks the ties of one instant, higher first', () => {
    const list = [alarm(1, 5), alarm(2, 1), alarm(4, 3), alarm(3, 3)];
    expect(sortLiveAlarms(list, 'time').map((a) => a.id)).toEqual([2, 4, 3, 1]);
  });

  it('level: gravest first, then newest first', () => {
    const list = [alarm(1, 1, { warnLevel: 0 }), alarm(2, 9, { warnLevel: 2 }), alarm(3, 2, { warnLevel: 2 }), alarm(4, 0, { warnLevel: 1 })];
    expect(sortLiveAlarms(list, 'level').map((a) => a.id)).toEqual([3, 2, 4, 1]);
  });

  it('is a total order: no two different alarms compare equal', () => {
    expect(compareLiveAlarms('time')(alarm(1, 0), alarm(2, 0))).not.toBe(0);
    expect(compareLiveAlarms('level')(alarm(1, 0), alarm(1, 0))).toBe(0);
  });
});

describe('matchesLiveAlarmFilter', () => {
  it('checks project, device, level, condition type and acknowledgement', () => {
    const a = alarm(1, 0, { warnLevel: 2, conditionType: 4, ackedAt: null });
    expect(matchesLiveAlarmFilter(a, {})).toBe(true);
    expect(matchesLiveAlarmFilter(a, { projectId: 1, deviceId: 101, warnLevel: 2, conditionType: 4, unacked: true })).toBe(true);
    expect(matchesLiveAlarmFilter(a, { projectId: 2 })).toBe(false);
    expect(matchesLiveAlarmFilter(a, { deviceId: 102 })).toBe(false);
    expect(matchesLiveAlarmFilter(a, { warnLevel: 1 })).toBe(false);
    expect(matchesLiveAlarmFilter(a, { conditionType: 8 })).toBe(false);
    expect(matchesLiveAlarmFilter(a, { unacked: false })).toBe(false);
    expect(matchesLiveAlarmFilter({ ...a, ackedAt: T }, { unacked: false })).toBe(true);
    // A reader that does not say (the engine's pushes) counts as not acknowledged.
    const { ackedAt: _ackedAt, ...silent } = a;
    expect(matchesLiveAlarmFilter(silent, { unacked: true })).toBe(true);
  });
});

describe('foldLiveAlarm', () => {
  const list = [alarm(1, 1), alarm(2, 2), alarm(3, 3)];

  it('a raise lands where the order puts it, once', () => {
    expect(ids(foldLiveAlarm(list, push('raise', alarm(9, 0)), time(5)))).toEqual([9, 1, 2, 3]);
    expect(ids(foldLiveAlarm(list, push('raise', alarm(9, 2.5)), time(5)))).toEqual([1, 2, 9, 3]);
    expect(ids(foldLiveAlarm(list, push('raise', alarm(2, 2)), time(5)))).toEqual([1, 2, 3]);
  });

  it('a full list keeps the first cap: a newer raise pushes its last row out, an older one changes nothing', () => {
    expect(ids(foldLiveAlarm(list, push('raise', alarm(9, 0)), time(3)))).toEqual([9, 1, 2]);
    expect(ids(foldLiveAlarm(list, push('raise', alarm(9, 7)), time(3)))).toEqual([1, 2, 3]);
  });

  it('an update merges into the listed alarm, keeping what the push does not say', () => {
    const acked = [alarm(1, 1, { ackedAt: T, ackedByName: '张三' }), ...list.slice(1)];
    const { ackedAt: _a, ackedByName: _b, ...engine } = alarm(1, 1, { alarmContent: 'bits 2,3' });
    const next = foldLiveAlarm(acked, push('update', engine as RealAlarm), time(5)) as RealAlarm[];
    expect(next[0]).toMatchObject({ id: 1, alarmContent: 'bits 2,3', ackedAt: T, ackedByName: '张三' });
  });

  it('a clear removes the alarm from a list that holds every open one, and asks for a snapshot from a full one', () => {
    expect(ids(foldLiveAlarm(list, push('clear', alarm(2, 2)), time(5)))).toEqual([1, 3]);
    expect(foldLiveAlarm(list, push('clear', alarm(2, 2)), time(3))).toBe('refetch');
  });

  it('pushes about alarms the list does not hold and need not hold change nothing', () => {
    expect(foldLiveAlarm(list, push('clear', alarm(9, 0)), time(3))).toBe(list);
    expect(foldLiveAlarm(list, push('update', alarm(9, 9)), time(3))).toBe(list);
    expect(foldLiveAlarm(list, push('raise', alarm(9, 0, { projectId: 2 })), time(5, { projectId: 1 }))).toBe(list);
  });

  it('an update that makes a listed alarm leave the filter removes it (or asks for a snapshot when full)', () => {
    const unacked = time(5, { unacked: true });
    expect(ids(foldLiveAlarm(list, push('update', alarm(2, 2, { ackedAt: T })), unacked))).toEqual([1, 3]);
    expect(foldLiveAlarm(list, push('update', alarm(2, 2, { ackedAt: T })), time(3, { unacked: true }))).toBe('refetch');
  });

  it('an update that brings an unlisted alarm into a full list asks for a snapshot; one below the cap does not', () => {
    expect(foldLiveAlarm(list, push('update', alarm(9, 0)), time(3))).toBe('refetch');
    expect(ids(foldLiveAlarm(list, push('update', alarm(9, 0)), time(5)))).toEqual([9, 1, 2, 3]);
  });

  it('by level, a raise lands among its level', () => {
    const byLevel: LiveAlarmView = { order: 'level', cap: 5 };
    const l = [alarm(1, 1, { warnLevel: 2 }), alarm(2, 0, { warnLevel: 0 })];
    expect(ids(foldLiveAlarm(l, push('raise', alarm(9, 0, { warnLevel: 1 })), byLevel))).toEqual([1, 9, 2]);
  });
});
