import { describe, expect, it } from 'vitest';
import type { RealAlarm } from '../../../contract/alarms';
import type { MeasureWarningData } from '../../../contract/hub';
import type { Widget } from '../../../contract/screen-template';
import type { LiveEvent } from '../../runtime/types';
import { applyAlarmTickerLive } from './applyAlarmTickerLive';
import { testAlarm as alarm } from './testAlarm';

const widget = (props: Record<string, unknown> = {}): Widget => ({ id: 'a', type: 'alarmTicker', x: 0, y: 0, w: 800, h: 200, z: 0, props });
const push = (action: MeasureWarningData['action'], a: RealAlarm, clearedAt: number | null = null): LiveEvent =>
  ({ event: 'measureWarning', data: { action, alarm: { ...a, clearedAt } } });
const ids = (list: RealAlarm[] | undefined) => list?.map((a) => a.id);

describe('applyAlarmTickerLive', () => {
  const list = [alarm(1), alarm(2), alarm(3)];

  it('puts a raised alarm first, without the clearedAt of the push', () => {
    const next = applyAlarmTickerLive(list, push('raise', alarm(9)), widget());
    expect(ids(next)).toEqual([9, 1, 2, 3]);
    expect(next![0]).toEqual(alarm(9));
    expect(ids(list)).toEqual([1, 2, 3]);
  });

  it('lists a raised alarm once', () => {
    const again = { ...alarm(2), alarmContent: 'again' };
    const next = applyAlarmTickerLive(list, push('raise', again), widget());
    expect(ids(next)).toEqual([2, 1, 3]);
    expect(next![0].alarmContent).toBe('again');
  });

  it('keeps at most limit alarms', () => {
    expect(ids(applyAlarmTickerLive(list, push('raise', alarm(9)), widget({ limit: 3 })))).toEqual([9, 1, 2]);
  });

  it('starts a list from a raise when there is none yet', () => {
    expect(ids(applyAlarmTickerLive(undefined, push('raise', alarm(9)), widget()))).toEqual([9]);
  });

  it('replaces an updated alarm where it is', () => {
    const next = applyAlarmTickerLive(list, push('update', { ...alarm(2), alarmContent: '故障 2,3' }), widget());
    expect(ids(next)).toEqual([1, 2, 3]);
    expect(next![1].alarmContent).toBe('故障 2,3');
    expect(next).not.toBe(list);
  });

  it('removes a cleared alarm', () => {
    expect(ids(applyAlarmTickerLive(list, push('clear', alarm(2), Date.now()), widget()))).toEqual([1, 3]);
  });

  it('ignores updates and clears of alarms not listed, and other events', () => {
    expect(applyAlarmTickerLive(list, push('update', alarm(9)), widget())).toBeUndefined();
    expect(applyAlarmTickerLive(list, push('clear', alarm(9)), widget())).toBeUndefined();
    expect(applyAlarmTickerLive(undefined, push('clear', alarm(1)), widget())).toBeUndefined();
    const state: LiveEvent = { event: 'deviceState', data: { deviceId: 1, projectId: 1, state: 0, ts: 0 } };
    expect(applyAlarmTickerLive(list, state, widget())).toBeUndefined();
  });
});
