import { describe, expect, it } from 'vitest';
import { SaveScreenTemplateBody, parseScreenTemplate } from './screen-template';

const base = () => ({
  version: 1,
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
    ['a wrong version', (t) => { t.version = 2; }, 'version: version must be 1'],
    ['an unknown widget type', (t) => { (t.widgets[1] as Record<string, unknown>).type = 'iframe'; }, 'widgets.1.type: '],
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
    ['no widgets', (t) => { t.widgets = []; }, 'widgets: a template needs at least one widget'],
  ])('refuses %s, naming the field', (_name, change, message) => {
    expect(errorOf(change)).toContain(message);
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
  });
});
