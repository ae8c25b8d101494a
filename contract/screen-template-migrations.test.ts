import { describe, expect, it } from 'vitest';
import { SCREEN_TEMPLATE_VERSION, parseScreenTemplate } from './screen-template';
import { TEMPLATE_MIGRATIONS, migrateTemplateDocument } from './screen-template-migrations';

type Doc = { version: number; widgets: { id: string; type: string; props?: Record<string, unknown> }[]; sources?: unknown[] } & Record<string, unknown>;

const v1 = (widgets: Doc['widgets']): Doc => ({
  version: 1,
  canvas: { width: 1920, height: 1080, background: '#000', scaleMode: 'fit' },
  sources: [
    { id: 'rest', kind: 'rest', endpoint: '/api/s/device', params: {}, refreshSeconds: 30 },
    { id: 'hub', kind: 'hub', topic: 'alarms', event: 'measureWarning' },
  ],
  widgets: widgets.map((w, i) => ({ x: 0, y: i * 10, w: 10, h: 10, ...w })),
});
const propsAfter = (type: string, props: Record<string, unknown>) =>
  (migrateTemplateDocument(v1([{ id: 'w', type, props }])) as Doc).widgets[0].props;

describe('template migrations', () => {
  it('end at the current version: one step per version', () => {
    expect(TEMPLATE_MIGRATIONS.length + 1).toBe(SCREEN_TEMPLATE_VERSION);
  });

  it('leave a current, newer, unversioned or non-document value as it is', () => {
    const current = { ...v1([]), version: SCREEN_TEMPLATE_VERSION };
    expect(migrateTemplateDocument(current)).toBe(current);
    const newer = { ...v1([]), version: 99 };
    expect(migrateTemplateDocument(newer)).toBe(newer);
    const none = { canvas: {} };
    expect(migrateTemplateDocument(none)).toBe(none);
    for (const v of [null, 'text', 3, [1]]) expect(migrateTemplateDocument(v)).toBe(v);
    expect(migrateTemplateDocument({ version: 0.5 })).toEqual({ version: 0.5 });
  });

  it('v1 → v2 sets the version and keeps valid props exactly as they were (no defaults filled in)', () => {
    const doc = v1([{ id: 'k', type: 'kpi', props: { unit: ' 台 ', decimals: 1, colour: '#2fd27c', blinkAbove: 0, icon: 'online' } }]);
    const out = migrateTemplateDocument(doc) as Doc;
    expect(out.version).toBe(2);
    expect(out.widgets[0].props).toEqual({ unit: ' 台 ', decimals: 1, colour: '#2fd27c', blinkAbove: 0, icon: 'online' });
    expect(out.canvas).toBe(doc.canvas);
  });

  it('v1 → v2 drops what the v1 widgets ignored, so the wall shows what it showed', () => {
    expect(propsAfter('kpi', { unit: 3, decimals: -2, colour: 'url(javascript:x)', blinkAbove: '5', icon: 'rocket', colr: '#fff' })).toEqual({});
    // v1 floored counts and took any length of text.
    expect(propsAfter('kpi', { decimals: 2.7, unit: 'x'.repeat(40) })).toEqual({ decimals: 2, unit: 'x'.repeat(32) });
    expect(propsAfter('alarmTicker', { limit: 12.9, levelColours: { 3: '#f00', 2: 'url(x)', x: '#0f0' }, speed: 0 }))
      .toEqual({ limit: 12, levelColours: { 3: '#f00' } });
    // A bad list item alone goes; a list left empty below its minimum goes as a whole.
    expect(propsAfter('pie', { colours: ['nope', '#fff', 3], slices: { online: '在线', alarm: ' ' }, ring: 'yes' }))
      .toEqual({ colours: ['#fff'], slices: { online: '在线' } });
    expect(propsAfter('deviceTable', { columns: [' ', 5], labels: 'x', pageSeconds: 1 })).toEqual({});
    expect(propsAfter('gauge', { bands: [150, 'x', 50], kind: 'pm', max: 'big' })).toEqual({ bands: [150, 50] });
    // An object missing a required field goes as a whole, as v1 ignored it.
    expect(propsAfter('barRanking', { lowIsBad: { red: 'x', amber: 30 }, max: 0, horizontal: false })).toEqual({ horizontal: false });
    expect(propsAfter('projectMap', { stateColours: { alarm: '#f00', pink: '#f0f' }, mode: 'google', fallback: 'china' }))
      .toEqual({ stateColours: { alarm: '#f00' } });
    expect(propsAfter('globe3d', { valueField: 'pm25', autoRotate: 'no' })).toEqual({});
    expect(propsAfter('model3d', { model: 'chiller', autoRotate: false })).toEqual({ autoRotate: false });
    expect(propsAfter('header', { clock: 'no', subtitle: 42 })).toEqual({});
    expect(propsAfter('trend', { area: 'yes', unit: 3, limitLine: '75', windowHours: -2 })).toEqual({});
  });

  it('v1 → v2 drops a live source that is no hub source of the template, and live on a type without live data', () => {
    expect(propsAfter('trend', { live: 'hub' })).toEqual({ live: 'hub' });
    expect(propsAfter('trend', { live: 'rest' })).toEqual({});
    expect(propsAfter('trend', { live: 'gone' })).toEqual({});
    expect(propsAfter('kpi', { live: 'hub' })).toEqual({});
  });

  it('v1 → v2 leaves what it cannot read for the schema to name, and does not touch its input', () => {
    const doc = v1([
      { id: 'a', type: 'iframe', props: { src: 'x' } },
      { id: 'b', type: 'kpi', props: [1] as never },
      { id: 'c', type: 'kpi', props: { decimals: 9 } },
    ]);
    const before = JSON.stringify(doc);
    const out = migrateTemplateDocument(doc) as Doc;
    expect(JSON.stringify(doc)).toBe(before);
    expect(out.widgets[0]).toBe(doc.widgets[0]);
    expect(out.widgets[1]).toBe(doc.widgets[1]);
    expect(out.widgets[2].props).toEqual({});
    expect(parseScreenTemplate(out)).toMatchObject({ ok: false, error: expect.stringMatching(/^widgets\.0\.type: widget "a": unknown widget type "iframe"/) });
    expect((migrateTemplateDocument({ version: 1, widgets: 'x' }) as Doc).widgets).toBe('x');
  });

  it('v1 → v2 keeps every valid prop of every widget type (the demo walls\' props)', () => {
    const widgets: Doc['widgets'] = [
      { id: 'header', type: 'header', props: { clock: true, subtitle: '全国项目实时监控' } },
      { id: 'kpi', type: 'kpi', props: { unit: '台', icon: 'alarm', colour: '#ff5b5b', blinkAbove: 0, decimals: 1 } },
      { id: 'trend', type: 'trend', props: { area: true, unit: 'μg/m³', limitLine: 75, live: 'hub', windowHours: 6 } },
      { id: 'rank', type: 'barRanking', props: { unit: '%', max: 100, decimals: 0, lowIsBad: { red: 20, amber: 40 }, horizontal: false } },
      { id: 'pie', type: 'pie', props: { ring: true, live: 'hub', slices: { online: '在线', alarm: '告警' }, colours: ['#2fd27c', 'rgba(1, 2, 3, 0.5)'] } },
      { id: 'gauge', type: 'gauge', props: { kind: 'aqi', min: 0, max: 300, bands: [50, 100, 150, 200, 300], unit: 'AQI' } },
      { id: 'ticker', type: 'alarmTicker', props: { live: 'hub', limit: 20, levelColours: { 1: '#ffb020', 2: 'orange', 3: '#ff5b5b' }, speed: 30 } },
      { id: 'table', type: 'deviceTable', props: { columns: ['name', 'model', 'state', 'lastSeen'], labels: { model: '机型' }, pageSeconds: 10, live: 'hub' } },
      { id: 'map', type: 'projectMap', props: { cluster: true, stateColours: { normal: '#2fd27c', alarm: '#ff5b5b', offline: '#8a99b4' }, mode: 'offline', live: 'hub' } },
      { id: 'unit', type: 'model3d', props: { model: 'purifier', autoRotate: false } },
      { id: 'globe', type: 'globe3d', props: { valueField: 'energyToday', stateColours: { alarm: '#f00' }, autoRotate: true, live: 'hub' } },
    ];
    const out = migrateTemplateDocument(v1(widgets)) as Doc;
    expect(out.widgets.map((w) => w.props)).toEqual(widgets.map((w) => w.props));
    expect(parseScreenTemplate(out).ok).toBe(true);
  });
});
