import { describe, expect, it } from 'vitest';
import { lastDays, loginSeries } from './loginChart';

describe('sign-ins per day chart', () => {
  it('lists the last days oldest first, today last, across a month end', () => {
    expect(lastDays(3, new Date(2026, 2, 1, 9))).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(lastDays(1, new Date(2026, 0, 5, 23, 59))).toEqual(['2026-01-05']);
  });

  it('makes one line per application with zeros filled in, unknown ones by id, those naming none last', () => {
    const days = ['2026-05-01', '2026-05-02', '2026-05-03'];
    const stats = [
      { appId: null, day: '2026-05-02', count: 4 },
      { appId: 2, day: '2026-05-03', count: 1 },
      { appId: 1, day: '2026-05-01', count: 2 },
      { appId: 1, day: '2026-05-03', count: 5 },
      { appId: 9, day: '2026-05-02', count: 1 },
      // Outside the period: left out.
      { appId: 1, day: '2026-04-30', count: 7 },
    ];
    const apps = [{ id: 1, name: '项目监控' }, { id: 2, name: '巡检' }, { id: 3, name: '未用' }];
    expect(loginSeries(stats, days, apps, '未指定应用')).toEqual({
      days,
      series: [
        { appId: 1, name: '项目监控', data: [2, 0, 5] },
        { appId: 2, name: '巡检', data: [0, 0, 1] },
        { appId: 9, name: '#9', data: [0, 1, 0] },
        { appId: null, name: '未指定应用', data: [0, 4, 0] },
      ],
    });
    expect(loginSeries([], days, apps, '-').series).toEqual([]);
  });
});
