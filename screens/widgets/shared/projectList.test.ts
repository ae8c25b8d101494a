import { describe, expect, it } from 'vitest';
import type { RealAlarm } from '../../../contract/alarms';
import type { Widget } from '../../../contract/screen-template';
import { REFETCH, type LiveEvent } from '../../runtime/types';
import {
  applyProjectLive, countByState, DEFAULT_STATE_COLOURS, isLocated, readProjectList, splitLocated, stateColoursOf,
} from './projectList';
import { testProject } from './testProject';

const widget: Widget = { id: 'map', type: 'projectMap', x: 0, y: 0, w: 1000, h: 560, z: 0, props: {} };

const alarmPush = (action: 'raise' | 'update' | 'clear', projectId: number | null): LiveEvent => ({
  event: 'measureWarning',
  data: { action, alarm: { id: 1, projectId, deviceId: 5 } as RealAlarm & { clearedAt: number | null } },
});
const statePush = (projectId: number | null): LiveEvent => ({ event: 'deviceState', data: { deviceId: 5, projectId, state: 0, ts: 1 } });

describe('readProjectList', () => {
  it('reads the list itself or the projectList of the overview answer', () => {
    const list = [testProject(1), testProject(2)];
    expect(readProjectList(list)).toEqual(list);
    expect(readProjectList({ projects: 2, projectList: list })).toEqual(list);
  });

  it('is null when the data holds no list', () => {
    expect(readProjectList(undefined)).toBeNull();
    expect(readProjectList({ total: 3 })).toBeNull();
    expect(readProjectList('x')).toBeNull();
  });

  it('fills what a template transform dropped and drops what is no project', () => {
    const [p] = readProjectList([{ name: '甲', lng: 120, lat: '30', state: 'broken' }, null, 7])!;
    expect(p).toMatchObject({ name: '甲', city: '', lng: 120, lat: null, state: 'normal', devices: 0, online: 0, alarms: 0, pm25: null });
    expect(readProjectList([null, 7])).toEqual([]);
  });
});

describe('located projects', () => {
  it('skips projects without coordinates, at 0,0 or off the globe', () => {
    const list = [
      testProject(1),
      testProject(2, { lng: null }),
      testProject(3, { lat: null }),
      testProject(4, { lng: 0, lat: 0 }),
      testProject(5, { lng: 200, lat: 30 }),
      testProject(6, { lng: 0, lat: 51.5 }),
    ];
    expect(list.filter(isLocated).map((p) => p.id)).toEqual([1, 6]);
    const { located, unlocated } = splitLocated(list);
    expect(located.map((p) => p.id)).toEqual([1, 6]);
    expect(unlocated).toBe(4);
  });

  it('counts projects per state', () => {
    expect(countByState([testProject(1), testProject(2, { state: 'alarm' }), testProject(3, { state: 'alarm' }), testProject(4, { state: 'offline' })]))
      .toEqual({ normal: 1, alarm: 2, offline: 1 });
  });
});

describe('stateColoursOf', () => {
  it('takes the given colours and keeps the defaults for the rest', () => {
    expect(stateColoursOf({ normal: '#00ff00', offline: 'rgba(1, 2, 3, 0.5)' }))
      .toEqual({ normal: '#00ff00', alarm: DEFAULT_STATE_COLOURS.alarm, offline: 'rgba(1, 2, 3, 0.5)' });
    expect(stateColoursOf(undefined)).toEqual(DEFAULT_STATE_COLOURS);
    expect(stateColoursOf({ alarm: '' })).toEqual(DEFAULT_STATE_COLOURS);
  });
});

describe('applyProjectLive', () => {
  it('marks the project of a raised alarm as in alarm with one more open alarm, in a new list', () => {
    const before = [testProject(1), testProject(2, { alarms: 1, state: 'alarm' })];
    const next = applyProjectLive(before, alarmPush('raise', 1), widget) as ReturnType<typeof testProject>[];
    expect(next).not.toBe(before);
    expect(next[0]).toMatchObject({ id: 1, state: 'alarm', alarms: 1 });
    expect(next[1]).toBe(before[1]);
    expect(before[0]).toMatchObject({ state: 'normal', alarms: 0 });
  });

  it('keeps the shape of an overview answer', () => {
    const before = { projects: 1, projectList: [testProject(1)] };
    const next = applyProjectLive(before, alarmPush('raise', 1), widget) as typeof before;
    expect(next.projects).toBe(1);
    expect(next.projectList[0].state).toBe('alarm');
    expect(before.projectList[0].state).toBe('normal');
  });

  it('re-reads the source when an alarm clears or a device changes state on a listed project', () => {
    expect(applyProjectLive([testProject(1)], alarmPush('clear', 1), widget)).toBe(REFETCH);
    expect(applyProjectLive([testProject(1)], statePush(1), widget)).toBe(REFETCH);
  });

  it('ignores updates, other projects, pushes without a project and measure values', () => {
    const list = [testProject(1)];
    expect(applyProjectLive(list, alarmPush('update', 1), widget)).toBeUndefined();
    expect(applyProjectLive(list, alarmPush('raise', 9), widget)).toBeUndefined();
    expect(applyProjectLive(list, alarmPush('raise', null), widget)).toBeUndefined();
    expect(applyProjectLive(list, statePush(9), widget)).toBeUndefined();
    expect(applyProjectLive(list, { event: 'measureValues', data: { items: [] } }, widget)).toBeUndefined();
    expect(applyProjectLive(undefined, alarmPush('raise', 1), widget)).toBeUndefined();
  });
});
