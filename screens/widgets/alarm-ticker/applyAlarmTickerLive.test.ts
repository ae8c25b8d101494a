import { describe, expect, it } from 'vitest';
import type { RealAlarm } from '../../../contract/alarms';
import type { MeasureWarningData } from '../../../contract/hub';
import type { Widget } from '../../../contract/screen-template';
import { REFETCH, type LiveEvent } from '../../runtime/types';
import { applyAlarmTickerLive } from './applyAlarmTickerLive';
import { TEST_NOW, testAlarm as alarm } from './testAlarm';

const widget = (props: Record<string, unknown> = {}): Widget => ({ id: 'a', type: 'alarmTicker', x: 0, y: 0, w: 800, h: 200, z: 0, props });
const push = (action: MeasureWarningData['action'], a: RealAlarm, clearedAt: number | null = null): LiveEvent =>
  ({ event: 'measureWarning', data: { action, alarm: { ...a, clearedAt } } });
const ids = (list: RealAlarm[] | undefined | typeof REFETCH) => (Array.isArray(list) ? list.map((a) => a.id) : list);
/** Raised now: newer than every alarm of the list. */
const fresh = (id: number, over: Partial<RealAlarm> = {}) => alarm(id, { raisedAt: TEST_NOW, ...over });

describe('applyAlarmTickerLive', () => {
  const list = [alarm(1), alarm(2), alarm(3)];

  it('puts a newly raised alarm first, without the clearedAt of the push', () => {
    const next = applyAlarmTickerLive(list, push('raise', fresh(9)), widget());
    expect(ids(next)).toEqual([9, 1, 2, 3]);
    expect((next as RealAlarm[])[0]).toEqual(fresh(9));
    expect(ids(list)).toEqual([1, 2, 3]);
  });

  it('puts a raise whose sample is older where its time belongs, not on top', () => {
    expect(ids(applyAlarmTickerLive(list, push('raise', alarm(2.5)), widget()))).toEqual([1, 2, 2.5, 3]);
  });

  it('lists a raised alarm once', () => {
    const again = { ...alarm(2), alarmContent: 'again' };
    const next = applyAlarmTickerLive(list, push('raise', again), widget()) as RealAlarm[];
    expect(ids(next)).toEqual([1, 2, 3]);
    expect(next[1].alarmContent).toBe('again');
  });

  it('keeps the first limit alarms: a full list drops its last row for a newer one, and keeps itself for an older one', () => {
    expect(ids(applyAlarmTickerLive(list, push('raise', fresh(9)), widget({ limit: 3 })))).toEqual([9, 1, 2]);
    expect(ids(applyAlarmTickerLive(list, push('raise', alarm(9)), widget({ limit: 3 })))).toEqual([1, 2, 3]);
  });

  it('orders by level first when the widget is set so', () => {
    const mixed = [alarm(1, { warnLevel: 0 }), alarm(2, { warnLevel: 2 })];
    const next = applyAlarmTickerLive(mixed, push('raise', fresh(9, { warnLevel: 1 })), widget({ order: 'level' }));
    expect(ids(next)).toEqual([2, 9, 1]);
  });

  it('starts a list from a raise when there is none yet', () => {
    expect(ids(applyAlarmTickerLive(undefined, push('raise', alarm(9)), widget()))).toEqual([9]);
  });

  it('replaces an updated alarm where it is', () => {
    const next = applyAlarmTickerLive(list, push('update', { ...alarm(2), alarmContent: '故障 2,3' }), widget()) as RealAlarm[];
    expect(ids(next)).toEqual([1, 2, 3]);
    expect(next[1].alarmContent).toBe('故障 2,3');
    expect(next).not.toBe(list);
  });

  it('removes a cleared alarm from a list that holds every open alarm', () => {
    expect(ids(applyAlarmTickerLive(list, push('clear', alarm(2), Date.now()), widget()))).toEqual([1, 3]);
  });

  it('re-reads its source when a full list loses a row: the next alarm is only on the server', () => {
    expect(applyAlarmTickerLive(list, push('clear', alarm(2), Date.now()), widget({ limit: 3 }))).toBe(REFETCH);
  });

  it('takes in an update of an alarm it missed while it holds every open alarm', () => {
    expect(ids(applyAlarmTickerLive(list, push('update', alarm(9)), widget()))).toEqual([1, 2, 3, 9]);
  });

  it('ignores updates and clears of alarms not listed below a full list, and other events', () => {
    expect(applyAlarmTickerLive(list, push('update', alarm(9)), widget({ limit: 3 }))).toBeUndefined();
    expect(applyAlarmTickerLive(list, push('clear', alarm(9)), widget())).toBeUndefined();
    expect(applyAlarmTickerLive(undefined, push('clear', alarm(1)), widget())).toBeUndefined();
    const state: LiveEvent = { event: 'deviceState', data: { deviceId: 1, projectId: 1, state: 0, ts: 0 } };
    expect(applyAlarmTickerLive(list, state, widget())).toBeUndefined();
  });
});
