import { describe, expect, it } from 'vitest';
import { MAX_WIDGETS, SCREEN_TEMPLATE_VERSION, SaveScreenTemplateBody, ScreenTemplateContent, parseScreenTemplate } from './screen-template';

const base = () => ({
  version: 2,
  canvas: { width: 1920, height: 1080, background: '#061327', scaleMode: 'fit' },
  variables: [{ name: 'projectId', label: '项目', type: 'project', default: 1 }],
  sources: [
    { id: 'devices', kind: 'rest', endpoint: '/api/t_device', params: { projectId: '${projectId}', Size: 50 }, refreshSeconds: 30 },
    { id: 'live', kind: 'hub', topic: 'project:${projectId}', event: 'measureValues' },
  ],
  widgets: [
    { id: 'header', type: 'header', x: 0, y: 0, w: 1920, h: 96, title: '监控' },
    { id: 'table', type: 'deviceTable', x: 0, y: 100, w: 960, h: 500, source: { sourceId: 'devices', path: 'list',
      transform: { sortBy: { field: 'name', order: 'asc' }, limit: 10, map: { name: 'name' }, pick: ['name'] } } },
    { id: 'trend', type: 'trend', x: 960, y: 100, w: 960, h: 980, z: 1, source: { sourceId: 'live' }, props: { area: true } },
  ],
});
type T = ReturnType<typeof base> & Record<string, unknown>;
const errorOf = (change: (t: T) => unknown) => {
  const t = base() as T;
  change(t);
  const r = parseScreenTemplate(t);
  return r.ok ? 'ok' : r.error;
};

describe('screen template schema', () => {
  it('accepts a valid template, with defaults filled in, as a value or JSON text', () => {
    const r = parseScreenTemplate(base());
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.template.widgets[0]).toMatchObject({ z: 0, props: {} });
      expect(r.template.sources[1]).toEqual({ id: 'live', kind: 'hub', topic: 'project:${projectId}', event: 'measureValues' });
    }
    expect(parseScreenTemplate(JSON.stringify(base())).ok).toBe(true);
  });

  it.each<[string, (t: T) => unknown, string]>([
    ['a newer version', (t) => { t.version = 3; },
      'version: this template is of version 3, newer than this console reads (up to 2): update the console'],
    ['an unknown version', (t) => { (t as Record<string, unknown>).version = 'two'; }, 'version: unsupported template version "two" (this console reads versions 1 to 2)'],
    ['no version', (t) => { delete (t as Record<string, unknown>).version; }, 'version: version is required'],
    ['an unknown widget type', (t) => { (t.widgets[1] as Record<string, unknown>).type = 'iframe'; },
      'widgets.1.type: widget "table": unknown widget type "iframe" (known: header, kpi, trend,'],
    ['a widget without a type', (t) => { delete (t.widgets[1] as Record<string, unknown>).type; }, 'widgets.1.type: widget "table": type is required'],
    ['a prop out of range', (t) => { (t.widgets[2].props as Record<string, unknown>).windowHours = 0; },
      'widgets.2.props.windowHours: widget "trend": must be at least 1/60 (one minute)'],
    ['a prop of the wrong type', (t) => { (t.widgets[2].props as Record<string, unknown>).area = 'yes'; }, 'widgets.2.props.area: widget "trend": must be true or false'],
    ['an unknown prop', (t) => { (t.widgets[2].props as Record<string, unknown>).colr = '#fff'; }, 'widgets.2.props.colr: widget "trend": unknown prop "colr"'],
    ['props that are no object', (t) => { (t.widgets[2] as Record<string, unknown>).props = [1]; }, 'widgets.2.props: widget "trend": props must be an object'],
    ['a live source that does not exist', (t) => { (t.widgets[2].props as Record<string, unknown>).live = 'gone'; },
      'widgets.2.props.live: widget "trend": unknown source "gone"'],
    ['a live source that is no hub source', (t) => { (t.widgets[2].props as Record<string, unknown>).live = 'devices'; },
      'widgets.2.props.live: widget "trend": source "devices" is not a hub source'],
    ['a long layer name', (t) => { (t.widgets[1] as Record<string, unknown>).name = 'x'.repeat(65); }, 'widgets.1.name: a layer name is at most 64 characters'],
    ['a group that is no identifier', (t) => { (t.widgets[1] as Record<string, unknown>).group = 'g 1'; }, 'widgets.1.group: must be an identifier'],
    ['a non-boolean hidden', (t) => { (t.widgets[1] as Record<string, unknown>).hidden = 'yes'; }, 'widgets.1.hidden: '],
    ['a negative x', (t) => { t.widgets[1].x = -5; }, 'widgets.1.x: '],
    ['a fractional width', (t) => { t.widgets[1].w = 10.5; }, 'widgets.1.w: '],
    ['a widget past the canvas width', (t) => { t.widgets[1].x = 1000; },
      'widgets.1.w: widget "table" lies outside the canvas: x + w = 1960 > width 1920'],
    ['a widget past the canvas height', (t) => { t.widgets[2].h = 990; },
      'widgets.2.h: widget "trend" lies outside the canvas: y + h = 1090 > height 1080'],
    ['an unknown source', (t) => { t.widgets[2].source!.sourceId = 'x'; }, 'widgets.2.source.sourceId: unknown source "x"'],
    ['a duplicate widget id', (t) => { t.widgets[2].id = 'table'; }, 'widgets.2.id: duplicate widget id "table"'],
    ['a duplicate source id', (t) => { t.sources[1].id = 'devices'; }, 'sources.1.id: duplicate source id "devices"'],
    ['a duplicate variable', (t) => { t.variables.push({ ...t.variables[0] }); }, 'variables.1.name: duplicate variable "projectId"'],
    ['an unknown variable in params', (t) => { t.sources[0].params!.projectId = '${site}'; },
      'sources.0.params.projectId: unknown variable "${site}"'],
    ['an unknown variable in a topic', (t) => { t.sources[1].topic = 'device:${deviceId}'; }, 'sources.1.topic: unknown variable "${deviceId}"'],
    ['a full-URL endpoint', (t) => { t.sources[0].endpoint = 'https://evil.example/api/x'; },
      'sources.0.endpoint: must be a relative path starting with /api/ or /app-api/'],
    ['a protocol-relative endpoint', (t) => { t.sources[0].endpoint = '//evil.example/api/x'; }, 'sources.0.endpoint: must be a relative path'],
    ['a too-fast refresh', (t) => { t.sources[0].refreshSeconds = 1; }, 'sources.0.refreshSeconds: refreshSeconds must be at least 5'],
    ['an unknown topic', (t) => { t.sources[1].topic = 'user:1'; }, 'sources.1.topic: must be alarms, statistics'],
    ['an unknown hub event', (t) => { t.sources[1].event = 'eval'; }, 'sources.1.event: '],
    ['code in a transform', (t) => { (t.widgets[1].source!.transform as Record<string, unknown>).fn = 'x => x'; },
      'widgets.1.source.transform: '],
    ['a bad path', (t) => { t.widgets[1].source!.path = 'list[0]'; }, 'widgets.1.source.path: must be a dot path'],
    ['a bad variable name', (t) => { t.variables[0].name = '1st'; }, 'variables.0.name: must be an identifier'],
    ['a string default of a project variable', (t) => { (t.variables[0] as Record<string, unknown>).default = 'a'; },
      'variables.0.default: default of a project variable must be a number'],
    ['a bad background', (t) => { t.canvas.background = 'url(javascript:x)'; }, 'canvas.background: must be a colour'],
    ['an unknown scale mode', (t) => { t.canvas.scaleMode = 'zoom'; }, 'canvas.scaleMode: '],
    ['widgets that are no list', (t) => { (t as Record<string, unknown>).widgets = { a: 1 }; }, 'widgets: must be a list of widgets'],
  ])('refuses %s, naming the field', (_name, change, message) => {
    expect(errorOf(change)).toContain(message);
  });

  it('fills in each widget\'s prop defaults and keeps the editor fields', () => {
    const t = base() as T;
    Object.assign(t.widgets[1], { name: '设备表', group: 'left', locked: true, hidden: false });
    const r = parseScreenTemplate(t);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.template.widgets[0].props).toEqual({ clock: true });
    expect(r.template.widgets[1]).toMatchObject({ name: '设备表', group: 'left', locked: true, hidden: false, props: { columns: ['name', 'model', 'state'], pageSeconds: 10 } });
    expect(r.template.widgets[2].props).toEqual({ area: true, windowHours: 24 });
    // Parsing the parsed document again changes nothing: an export imports identically.
    expect(parseScreenTemplate(JSON.parse(JSON.stringify(r.template)))).toEqual(r);
  });

  it('names the widget of a bad prop by its id, also deep in a prop', () => {
    const t = base() as T;
    t.widgets.push({ id: 'kpi1', type: 'kpi', x: 0, y: 0, w: 10, h: 10, props: { decimals: 7 } } as never);
    expect(errorOf(() => undefined)).toBe('ok');
    const r = parseScreenTemplate(t);
    expect(r).toEqual({ ok: false, error: 'widgets.3.props.decimals: widget "kpi1": must be at most 6' });
    (t.widgets[3] as Record<string, unknown>).props = { icon: 'rocket' };
    expect(parseScreenTemplate(t)).toMatchObject({ error: expect.stringContaining('widgets.3.props.icon: widget "kpi1": must be one of data, building,') });
    Object.assign(t.widgets[3], { type: 'barRanking', props: { lowIsBad: { red: 10 } } });
    expect(parseScreenTemplate(t)).toEqual({ ok: false, error: 'widgets.3.props.lowIsBad.amber: widget "kpi1": is required' });
    Object.assign(t.widgets[3], { type: 'projectMap', props: { stateColours: { pink: '#f0f' } } });
    expect(parseScreenTemplate(t)).toEqual({ ok: false, error: 'widgets.3.props.stateColours.pink: widget "kpi1": unknown key "pink"' });
    Object.assign(t.widgets[3], { type: 'pie', props: { colours: ['#fff', 'url(javascript:x)'] } });
    expect(parseScreenTemplate(t)).toEqual({ ok: false, error: 'widgets.3.props.colours.1: widget "kpi1": must be a colour (#rrggbb, rgb() or rgba())' });
  });

  it(`refuses more than ${MAX_WIDGETS} widgets before looking at any`, () => {
    const t = base() as T;
    (t as Record<string, unknown>).widgets = Array.from({ length: 10_000 }, () => ({ type: 'nope' }));
    expect(parseScreenTemplate(t)).toEqual({ ok: false, error: 'widgets: a template holds at most 200 widgets (got 10000)' });
    (t as Record<string, unknown>).widgets = Array.from({ length: MAX_WIDGETS }, (_, i) => ({ id: `k${i}`, type: 'kpi', x: 0, y: 0, w: 10, h: 10 }));
    expect(parseScreenTemplate(t).ok).toBe(true);
  });

  it('upgrades a version 1 document before checking it, dropping the props v1 ignored', () => {
    const t = base() as T;
    t.version = 1;
    (t.widgets[2] as Record<string, unknown>).props = { area: true, windowHours: -2, colr: 'x', live: 'devices' };
    const r = parseScreenTemplate(JSON.stringify(t));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.template).toMatchObject({ version: 2, widgets: [{}, {}, { props: { area: true, windowHours: 24 } }] });
    expect(r.ok && 'live' in r.template.widgets[2].props).toBe(false);
    const saved = ScreenTemplateContent.safeParse(t);
    expect(saved.success && saved.data.version).toBe(2);
  });

  it('accepts an image background and refuses text that is not JSON', () => {
    expect(errorOf((t) => { t.canvas.background = '/files/screens/bg.jpg'; })).toBe('ok');
    expect(parseScreenTemplate('{nope')).toEqual({ ok: false, error: 'content: not valid JSON' });
  });

  it('names the field under content in a save body', () => {
    const t = base();
    t.widgets[2].source!.sourceId = 'gone';
    const r = SaveScreenTemplateBody.safeParse({ name: 'x', content: t });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['content', 'widgets', 2, 'source', 'sourceId'], message: 'unknown source "gone"' });
    expect(SaveScreenTemplateBody.safeParse({ name: 'x', content: JSON.stringify(base()) }).success).toBe(true);
    const badProp = base() as T;
    (badProp.widgets[2].props as Record<string, unknown>).area = 1;
    expect(SaveScreenTemplateBody.safeParse({ name: 'x', content: badProp }).error?.issues[0])
      .toMatchObject({ path: ['content', 'widgets', 2, 'props', 'area'], message: 'widget "trend": must be true or false' });
  });
});

describe('a blank template', () => {
  it('is valid with no widgets yet: a canvas just created in the library', () => {
    const blank = { version: SCREEN_TEMPLATE_VERSION, canvas: { width: 1920, height: 1080, background: '#061327', scaleMode: 'fit' }, widgets: [] };
    const parsed = parseScreenTemplate(blank);
    expect(parsed.ok && parsed.template.widgets).toEqual([]);
  });
});
