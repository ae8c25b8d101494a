import { describe, expect, it } from 'vitest';
import { parseClipboard, serialiseClipboard } from './clipboard';
import type { ClipboardContent } from './clipboard';
import { applyCommand, executeCommand } from './editorState';
import { byId, doc, rectOfId, state, widget } from './testDoc';
import type { DataSource } from './types';

const overview: DataSource = { id: 'overview', kind: 'rest', endpoint: '/api/overview/${project}', params: {}, refreshSeconds: 30 };
const alarms: DataSource = { id: 'alarms', kind: 'hub', topic: 'alarms', event: 'measureWarning' };

describe('duplicate', () => {
  const base = state([
    widget('kpi1', 100, 100, 50, 50, { z: 3, group: 'group1' }), widget('kpi2', 200, 100, 50, 50, { z: 1, group: 'group1' }), widget('trend1', 1880, 1050, 40, 30, { type: 'trend', z: 2 }),
  ], {}, ['kpi1', 'kpi2']);

  it('copies the selection 20 px down and right with new ids, stacked on top, and selects the copies', () => {
    const s = applyCommand(base, { type: 'duplicate' });
    expect(s.doc.widgets.map((w) => w.id)).toEqual(['kpi1', 'kpi2', 'trend1', 'kpi3', 'kpi4']);
    expect(rectOfId(s, 'kpi3')).toEqual({ x: 120, y: 120, w: 50, h: 50 });
    expect(rectOfId(s, 'kpi4')).toEqual({ x: 220, y: 120, w: 50, h: 50 });
    expect(byId(s, 'kpi3').z).toBe(5);
    expect(byId(s, 'kpi4').z).toBe(4);
    expect(s.selection).toEqual(['kpi3', 'kpi4']);
    expect(s.doc.widgets.slice(0, 3)).toEqual(base.doc.widgets);
  });

  it('gives a copied group its own group id', () => {
    const s = applyCommand(base, { type: 'duplicate' });
    expect(byId(s, 'kpi3').group).toBe('group2');
    expect(byId(s, 'kpi4').group).toBe('group2');
  });

  it('keeps copies on the canvas', () => {
    expect(rectOfId(applyCommand(base, { type: 'duplicate', ids: ['trend1'] }), 'trend2')).toEqual({ x: 1880, y: 1050, w: 40, h: 30 });
  });
});

describe('paste', () => {
  const source = doc([
    widget('kpiA', 100, 100, 200, 100, { title: 'Energy of ${project}', source: { sourceId: 'overview', path: 'energy' } }),
    widget('ticker', 400, 100, 200, 100, { type: 'alarmTicker', source: { sourceId: 'alarms' } }),
  ], { sources: [overview, alarms], variables: [{ name: 'project', label: 'Project', type: 'project', default: 3 }] });
  const content = (ids: string[]): ClipboardContent => {
    const parsed = parseClipboard(serialiseClipboard(source, ids));
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.content;
  };

  it('brings along missing sources and variables, with new widget ids, in place', () => {
    const s = applyCommand(state([widget('kpi1', 0, 0, 10, 10)]), { type: 'paste', content: content(['kpiA', 'ticker']) });
    expect(s.doc.sources).toEqual([overview, alarms]);
    expect(s.doc.variables.map((v) => v.name)).toEqual(['project']);
    expect(s.doc.widgets.map((w) => w.id)).toEqual(['kpi1', 'kpi2', 'alarmTicker1']);
    expect(rectOfId(s, 'kpi2')).toEqual({ x: 100, y: 100, w: 200, h: 100 });
    expect(byId(s, 'kpi2').source).toEqual({ sourceId: 'overview', path: 'energy' });
    expect(s.selection).toEqual(['kpi2', 'alarmTicker1']);
  });

  it('shares a source that is here already with the same settings, and binds to an identical one under another id', () => {
    const here = state([], { sources: [overview, { ...alarms, id: 'warnings' }], variables: [{ name: 'project', label: '项目', type: 'project' }] });
    const s = applyCommand(here, { type: 'paste', content: content(['kpiA', 'ticker']) });
    expect(s.doc.sources).toBe(here.doc.sources);
    expect(s.doc.variables).toBe(here.doc.variables);
    expect(byId(s, 'alarmTicker1').source).toEqual({ sourceId: 'warnings' });
  });

  it('renames a pasted source whose id is taken by a different source, and rebinds', () => {
    const other: DataSource = { ...overview, endpoint: '/api/other' };
    const s = applyCommand(state([], { sources: [other], variables: [{ name: 'project', label: 'P', type: 'project' }] }), { type: 'paste', content: content(['kpiA']) });
    expect(s.doc.sources.map((x) => x.id)).toEqual(['overview', 'overview_1']);
    expect(s.doc.sources[1]).toEqual({ ...overview, id: 'overview_1' });
    expect(byId(s, 'kpi1').source?.sourceId).toBe('overview_1');
  });

  it('offsets a paste over its original by 20 px, and again for each earlier paste there', () => {
    const s1 = applyCommand(state(source.widgets, { sources: source.sources, variables: source.variables }), { type: 'paste', content: content(['kpiA']) });
    expect(rectOfId(s1, 'kpi1')).toMatchObject({ x: 120, y: 120 });
    const s2 = applyCommand(s1, { type: 'paste', content: content(['kpiA']) });
    expect(rectOfId(s2, 'kpi2')).toMatchObject({ x: 140, y: 140 });
  });

  it('pastes at a point (the top-left of what is pasted)', () => {
    const s = applyCommand(state([]), { type: 'paste', content: content(['kpiA', 'ticker']), at: { x: 1000, y: 500 } });
    expect(rectOfId(s, 'kpi1')).toMatchObject({ x: 1000, y: 500 });
    expect(rectOfId(s, 'alarmTicker1')).toMatchObject({ x: 1300, y: 500 });
  });

  it('refuses a paste past the widget limit, changing nothing', () => {
    const full = state(Array.from({ length: 199 }, (_, i) => widget(`w${i}`, 0, 0, 10, 10)));
    const r = executeCommand(full, { type: 'paste', content: content(['kpiA', 'ticker']) });
    expect(r.refused?.code).toBe('tooMany');
    expect(r.state).toBe(full);
  });
});
