import { describe, expect, it } from 'vitest';
import { applyCommand, executeCommand } from './editorState';
import { byId, rectOfId, state, widget } from './testDoc';
import type { DataSource } from './types';

const rest: DataSource = { id: 'overview', kind: 'rest', endpoint: '/api/overview', params: { projectId: '${project}' }, refreshSeconds: 30 };

describe('canvas', () => {
  const base = state([widget('a', 100, 100, 200, 100), widget('b', 1800, 1000, 120, 80), widget('c', 0, 0, 1920, 96, { locked: true })]);

  it('switches to a preset, scaling the layout when asked', () => {
    const s = applyCommand(base, { type: 'setCanvas', size: '3840x2160', scaleWidgets: true });
    expect(s.doc.canvas).toMatchObject({ width: 3840, height: 2160 });
    expect(rectOfId(s, 'a')).toEqual({ x: 200, y: 200, w: 400, h: 200 });
    expect(rectOfId(s, 'c')).toEqual({ x: 0, y: 0, w: 3840, h: 192 });
    const kept = applyCommand(base, { type: 'setCanvas', size: '3840x2160' });
    expect(kept.doc.widgets).toEqual(base.doc.widgets);
    expect(kept.doc.widgets[0]).toBe(base.doc.widgets[0]);
  });

  it('keeps every widget on a smaller custom canvas', () => {
    const s = applyCommand(base, { type: 'setCanvas', size: { width: 1280, height: 720 } });
    expect(rectOfId(s, 'a')).toEqual({ x: 100, y: 100, w: 200, h: 100 });
    expect(rectOfId(s, 'b')).toEqual({ x: 1160, y: 640, w: 120, h: 80 });
    expect(rectOfId(s, 'c')).toEqual({ x: 0, y: 0, w: 1280, h: 96 });
    expect(s.doc.widgets[0]).toBe(base.doc.widgets[0]);
  });

  it('sets background and scale mode, refusing what the schema refuses', () => {
    const s = applyCommand(base, { type: 'setCanvas', background: '/files/bg.png', scaleMode: 'stretch' });
    expect(s.doc.canvas).toEqual({ width: 1920, height: 1080, background: '/files/bg.png', scaleMode: 'stretch' });
    expect(s.doc.widgets).toBe(base.doc.widgets);
    const bad = executeCommand(base, { type: 'setCanvas', background: 'url(javascript:alert(1))' });
    expect(bad.refused).toMatchObject({ code: 'invalid', params: { field: 'canvas.background' } });
    expect(executeCommand(base, { type: 'setCanvas', size: { width: 20000, height: 100 } }).refused?.message).toMatch(/^canvas\.width: /);
    expect(executeCommand(base, { type: 'setCanvas', size: { width: 100.5, height: 100 } }).refused?.code).toBe('invalid');
    expect(applyCommand(base, { type: 'setCanvas', scaleMode: 'fit' })).toBe(base);
  });
});

describe('guides', () => {
  const base = state([]);
  it('adds, moves, removes and sets guides in whole design pixels', () => {
    let s = applyCommand(base, { type: 'addGuide', axis: 'h', pos: 100.4 });
    s = applyCommand(s, { type: 'addGuide', axis: 'h', pos: 300 });
    expect(s.guides).toEqual({ h: [100, 300], v: [] });
    s = applyCommand(s, { type: 'moveGuide', axis: 'h', index: 0, pos: 120 });
    expect(s.guides.h).toEqual([120, 300]);
    s = applyCommand(s, { type: 'removeGuide', axis: 'h', index: 1 });
    expect(s.guides.h).toEqual([120]);
    s = applyCommand(s, { type: 'setGuides', axis: 'v', positions: [960, 480] });
    expect(s.guides).toEqual({ h: [120], v: [960, 480] });
    expect(s.doc).toBe(base.doc);
    expect(applyCommand(s, { type: 'setGuides', axis: 'v', positions: [960, 480] })).toBe(s);
  });
});

describe('sources', () => {
  const base = state([widget('a', 0, 0, 10, 10, { source: { sourceId: 'overview' } }), widget('b', 0, 0, 10, 10, { title: 'Energy' })], {
    sources: [rest],
    variables: [{ name: 'project', label: 'Project', type: 'project' }],
  });

  it('adds a valid source with its defaults, refusing a taken id, a bad endpoint or an unknown variable', () => {
    const hub: DataSource = { id: 'live', kind: 'hub', topic: 'project:${project}', event: 'measureValues' };
    expect(applyCommand(base, { type: 'addSource', source: hub }).doc.sources).toEqual([rest, hub]);
    const noParams = { id: 'x', kind: 'rest', endpoint: '/api/x', refreshSeconds: 10 } as DataSource;
    expect(applyCommand(base, { type: 'addSource', source: noParams }).doc.sources[1]).toEqual({ ...noParams, params: {} });
    expect(executeCommand(base, { type: 'addSource', source: rest }).refused?.code).toBe('duplicateId');
    const full = executeCommand(base, { type: 'addSource', source: { ...rest, id: 'ext', endpoint: 'https://evil.example/api' } });
    expect(full.refused).toMatchObject({ code: 'invalid' });
    expect(full.refused?.message).toMatch(/^source\.endpoint: /);
    expect(executeCommand(base, { type: 'addSource', source: { ...hub, topic: 'device:${deviceId}' } }).refused).toMatchObject({ code: 'unknownVariable', params: { variable: 'deviceId' } });
  });

  it('edits a source, carrying a new id into the bindings', () => {
    const s = applyCommand(base, { type: 'editSource', id: 'overview', source: { ...rest, id: 'stats', refreshSeconds: 60 } });
    expect(s.doc.sources).toEqual([{ ...rest, id: 'stats', refreshSeconds: 60 }]);
    expect(byId(s, 'a').source).toEqual({ sourceId: 'stats' });
    expect(s.doc.widgets[1]).toBe(base.doc.widgets[1]);
    expect(applyCommand(base, { type: 'editSource', id: 'overview', source: rest })).toBe(base);
    expect(executeCommand(base, { type: 'editSource', id: 'nope', source: rest }).refused?.code).toBe('unknownSource');
  });

  it('refuses to remove a source a widget binds to, naming the widget; removes it once unbound', () => {
    const r = executeCommand(base, { type: 'removeSource', id: 'overview' });
    expect(r.refused).toMatchObject({ code: 'sourceInUse', params: { source: 'overview', widgets: 'a', count: 1 } });
    expect(r.state).toBe(base);
    const unbound = applyCommand(base, { type: 'setField', id: 'a', field: 'source', value: undefined });
    expect(applyCommand(unbound, { type: 'removeSource', id: 'overview' }).doc.sources).toEqual([]);
  });
});

describe('variables', () => {
  const base = state([widget('a', 0, 0, 10, 10, { title: 'PM2.5 of ${project}' })], {
    sources: [rest],
    variables: [{ name: 'project', label: 'Project', type: 'project', default: 1 }, { name: 'unused', label: 'U', type: 'string' }],
  });

  it('adds a variable, checking its default against its type', () => {
    expect(applyCommand(base, { type: 'addVariable', variable: { name: 'region', label: 'Region', type: 'region', default: 44 } }).doc.variables).toHaveLength(3);
    expect(executeCommand(base, { type: 'addVariable', variable: { name: 'region', label: 'Region', type: 'region', default: 'x' } }).refused?.message)
      .toBe('variable.default: default of a region variable must be a number');
    expect(executeCommand(base, { type: 'addVariable', variable: { name: '1x', label: 'L', type: 'string' } }).refused?.message).toMatch(/^variable\.name: /);
    expect(executeCommand(base, { type: 'addVariable', variable: { name: 'unused', label: 'L', type: 'string' } }).refused?.code).toBe('duplicateId');
  });

  it('renaming a variable renames every ${name} in sources and titles', () => {
    const s = applyCommand(base, { type: 'editVariable', name: 'project', variable: { name: 'site', label: 'Site', type: 'project', default: 1 } });
    expect(s.doc.variables[0].name).toBe('site');
    expect(s.doc.sources[0]).toMatchObject({ params: { projectId: '${site}' } });
    expect(byId(s, 'a').title).toBe('PM2.5 of ${site}');
  });

  it('refuses to remove a variable in use, naming its users', () => {
    const r = executeCommand(base, { type: 'removeVariable', name: 'project' });
    expect(r.refused).toMatchObject({ code: 'variableInUse', params: { variable: 'project', users: 'overview, a', count: 2 } });
    expect(applyCommand(base, { type: 'removeVariable', name: 'unused' }).doc.variables.map((v) => v.name)).toEqual(['project']);
  });
});
