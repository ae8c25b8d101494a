import { describe, expect, it } from 'vitest';
import { parseScreenTemplate, type ScreenTemplate } from '../../contract/screen-template';
import { resolveSources, resolveWidgets, sourcesInUse, substitute, variableValues } from './resolveVariables';

function template(): ScreenTemplate {
  const parsed = parseScreenTemplate({
    version: 2,
    canvas: { width: 1920, height: 1080, background: '#000', scaleMode: 'fit' },
    variables: [
      { name: 'projectId', label: '项目', type: 'project', default: 4 },
      { name: 'site', label: '站点', type: 'string' },
    ],
    sources: [
      { id: 'devices', kind: 'rest', endpoint: '/api/t_device', params: { projectId: '${projectId}', label: 'p-${projectId}', Size: 50 }, refreshSeconds: 30 },
      { id: 'live', kind: 'hub', topic: 'project:${projectId}', event: 'measureValues' },
    ],
    widgets: [
      { id: 'a', type: 'kpi', x: 0, y: 0, w: 10, h: 10, title: '项目 ${projectId}' },
      { id: 'b', type: 'kpi', x: 0, y: 0, w: 10, h: 10, name: '备用指标', hidden: true },
    ],
  });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.template;
}

describe('variables', () => {
  it('takes a well-formed value from the address, else the default, and lists what is unset', () => {
    expect(variableValues(template(), { projectId: '7' })).toEqual({ values: { projectId: 7 }, missing: ['site'] });
    expect(variableValues(template(), { projectId: 'x; drop', site: 'A' })).toEqual({ values: { projectId: 4, site: 'A' }, missing: [] });
  });

  it('fills endpoints, params (keeping a whole reference typed), topics and titles', () => {
    const values = { projectId: 7 };
    const [rest, hub] = resolveSources(template().sources, values);
    expect(rest).toMatchObject({ endpoint: '/api/t_device', params: { projectId: 7, label: 'p-7', Size: 50 } });
    expect(hub).toMatchObject({ topic: 'project:7' });
    expect(resolveWidgets(template().widgets, values)[0].title).toBe('项目 7');
    expect(substitute('${nope}-x', values)).toBe('-x');
  });

  it('leaves hidden widgets off the wall', () => {
    expect(template().widgets.map((w) => w.id)).toEqual(['a', 'b']);
    expect(resolveWidgets(template().widgets, {}).map((w) => w.id)).toEqual(['a']);
  });

  it('fetches only the sources a shown widget reads, its live hub source included', () => {
    const t = template();
    const [a, b] = t.widgets;
    const bound = (w: typeof a, sourceId: string, live?: string) => ({ ...w, source: { sourceId }, props: live ? { live } : {} });
    const ids = (widgets: typeof t.widgets) => sourcesInUse(t.sources, resolveWidgets(widgets, {})).map((s) => s.id);
    expect(ids([bound(a, 'devices', 'live'), b])).toEqual(['devices', 'live']);
    expect(ids([a, bound(b, 'devices')])).toEqual([]);
    expect(ids([bound(a, 'devices'), bound(b, 'live')])).toEqual(['devices']);
  });
});
