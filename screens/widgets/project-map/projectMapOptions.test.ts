import { describe, expect, it } from 'vitest';
import { CHINA_MAP } from '../shared/chinaMap';
import { DEFAULT_STATE_COLOURS } from '../shared/projectList';
import { testLocated } from '../shared/testProject';
import { clusterProjects, unclustered } from './clusterProjects';
import {
  buildProjectMapOption, clusterSize, escapeHtml, markerSize, MAP_SCALE_LIMIT, RESET_VIEW_OPTION, tooltipHtml, type MapTexts,
} from './projectMapOptions';

const texts: MapTexts = {
  states: { normal: '正常', alarm: '告警', offline: '离线' },
  devicesOnline: '设备在线',
  alarms: '未处理告警',
  pm25: 'PM2.5',
  projects: (n) => `${n} 个项目`,
  more: (n) => `还有 ${n} 个`,
};

type Datum = { name: string; value: number[]; symbolSize: number; itemStyle: { color: string }; tip: string; label?: { formatter: string } };
type Series = { id: string; type: string; data: Datum[] };
const seriesOf = (option: ReturnType<typeof buildProjectMapOption>) =>
  Object.fromEntries((option.series as Series[]).map((s) => [s.id, s]));

describe('buildProjectMapOption', () => {
  const projects = [
    testLocated(1, { name: '甲', lng: 121.4, lat: 31.2, state: 'normal', devices: 4 }),
    testLocated(2, { name: '乙', lng: 116.4, lat: 39.9, state: 'alarm', alarms: 2, devices: 25 }),
    testLocated(3, { name: '丙', lng: 104.1, lat: 30.7, state: 'offline', devices: 0 }),
  ];

  it('draws the registered map of China, roamable within limits, without fixing zoom or centre', () => {
    const option = buildProjectMapOption(unclustered(projects), DEFAULT_STATE_COLOURS, texts);
    const [geo] = option.geo as Record<string, unknown>[];
    expect(geo).toMatchObject({ map: CHINA_MAP, roam: true, scaleLimit: MAP_SCALE_LIMIT });
    // Merged on every data update: a zoom or centre here would undo the operator's.
    expect(geo).not.toHaveProperty('zoom');
    expect(geo).not.toHaveProperty('center');
    expect((geo.label as { fontSize: number }).fontSize).toBeGreaterThanOrEqual(13);
    // A marker's tooltip inherits from its coordinate system: a geo without tooltips hides them.
    expect(geo).not.toHaveProperty('tooltip');
  });

  it('puts projects in alarm on the rippling series, the others on plain markers, coloured by state and sized by devices', () => {
    const colours = { normal: '#00ff00', alarm: '#ff0000', offline: '#999999' };
    const s = seriesOf(buildProjectMapOption(unclustered(projects), colours, texts));
    expect(s.alarmMarkers.type).toBe('effectScatter');
    expect(s.markers.type).toBe('scatter');
    expect(s.alarmMarkers.data.map((d) => d.name)).toEqual(['乙']);
    expect(s.markers.data.map((d) => [d.name, d.itemStyle.color])).toEqual([['甲', '#00ff00'], ['丙', '#999999']]);
    expect(s.alarmMarkers.data[0].itemStyle.color).toBe('#ff0000');
    expect(s.alarmMarkers.data[0].value.slice(0, 2)).toEqual([116.4, 39.9]);
    expect(s.alarmMarkers.data[0].symbolSize).toBe(markerSize(25));
    expect(s.clusters.data).toEqual([]);
    expect(s.alarmClusters.data).toEqual([]);
  });

  it('shows a group as one bubble with its count, on the rippling series when any member is in alarm', () => {
    const near = [
      testLocated(1, { lng: 121.4, lat: 31.2 }),
      testLocated(2, { lng: 121.5, lat: 31.3, state: 'alarm', alarms: 1 }),
      testLocated(3, { lng: 121.6, lat: 31.1 }),
      testLocated(4, { lng: 87.6, lat: 43.8 }),
    ];
    const s = seriesOf(buildProjectMapOption(clusterProjects(near, { x: 10, y: 13 }), DEFAULT_STATE_COLOURS, texts));
    expect(s.alarmClusters.data).toHaveLength(1);
    expect(s.alarmClusters.data[0]).toMatchObject({ name: '3 个项目', symbolSize: clusterSize(3), label: { formatter: '3' } });
    expect(s.alarmClusters.data[0].itemStyle.color).toBe(DEFAULT_STATE_COLOURS.alarm);
    expect(s.markers.data).toHaveLength(1);
  });

  it('draws markers on a layer of their own, so the ripple does not repaint the map every frame', () => {
    const option = buildProjectMapOption(unclustered(projects), DEFAULT_STATE_COLOURS, texts);
    expect((option.series as { zlevel: number }[]).every((x) => x.zlevel === 1)).toBe(true);
    expect(option.geo).not.toHaveProperty('0.zlevel');
  });

  it('undoes a roam by merging the default zoom and centre into the same geo', () => {
    const [geo] = buildProjectMapOption([], DEFAULT_STATE_COLOURS, texts).geo as { id: string }[];
    expect(RESET_VIEW_OPTION).toEqual({ geo: [{ id: geo.id, zoom: 1, center: null }] });
  });

  it('always has the same four series, so a merge replaces their data', () => {
    const ids = (o: ReturnType<typeof buildProjectMapOption>) => (o.series as Series[]).map((x) => x.id);
    expect(ids(buildProjectMapOption([], DEFAULT_STATE_COLOURS, texts))).toEqual(['markers', 'alarmMarkers', 'clusters', 'alarmClusters']);
    expect(ids(buildProjectMapOption(unclustered(projects), DEFAULT_STATE_COLOURS, texts))).toEqual(['markers', 'alarmMarkers', 'clusters', 'alarmClusters']);
  });

  it('hands each marker its tooltip through the formatter', () => {
    const option = buildProjectMapOption(unclustered(projects), DEFAULT_STATE_COLOURS, texts);
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const datum = seriesOf(option).markers.data[0];
    expect(formatter({ data: datum })).toBe(datum.tip);
    expect(formatter({})).toBe('');
  });
});

describe('sizes', () => {
  it('grow with devices and group size, within bounds', () => {
    expect(markerSize(0)).toBe(12);
    expect(markerSize(4)).toBeLessThan(markerSize(100));
    expect(markerSize(1e6)).toBe(30);
    expect(markerSize(-5)).toBe(12);
    expect(clusterSize(2)).toBeGreaterThanOrEqual(32);
    expect(clusterSize(2)).toBeLessThan(clusterSize(20));
    expect(clusterSize(10_000)).toBe(56);
    expect(clusterSize(2)).toBeGreaterThan(markerSize(1e6));
  });
});

describe('tooltipHtml', () => {
  it('names a project, its city, devices online of total, open alarms and PM2.5', () => {
    const [c] = unclustered([testLocated(1, { name: '浦东厂房', city: '上海', online: 1234, devices: 1300, alarms: 2, pm25: 35.04 })]);
    const html = tooltipHtml(c, DEFAULT_STATE_COLOURS, texts);
    for (const s of ['浦东厂房', '上海', '设备在线', '1,234 / 1,300', '未处理告警', '>2<', '35.0 μg/m³', '正常']) expect(html).toContain(s);
  });

  it('shows a missing PM2.5 as no value', () => {
    const [c] = unclustered([testLocated(1, { pm25: null })]);
    expect(tooltipHtml(c, DEFAULT_STATE_COLOURS, texts)).toContain('<b>--</b>');
  });

  it('never turns a name into markup', () => {
    const [c] = unclustered([testLocated(1, { name: '<img src=x onerror=alert(1)>', city: '"&' })]);
    const html = tooltipHtml(c, DEFAULT_STATE_COLOURS, texts);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(escapeHtml(`'"&`)).toBe('&#39;&quot;&amp;');
  });

  it('lists a group by count, sums and the first names', () => {
    const members = Array.from({ length: 9 }, (_, i) => testLocated(i + 1, { lng: 121 + i * 0.01, devices: 10, online: 5 }));
    const [c] = clusterProjects(members, { x: 10, y: 10 });
    const html = tooltipHtml(c, DEFAULT_STATE_COLOURS, texts);
    expect(html).toContain('9 个项目');
    expect(html).toContain('45 / 90');
    expect(html).toContain('项目6');
    expect(html).not.toContain('项目7');
    expect(html).toContain('还有 3 个');
  });
});
