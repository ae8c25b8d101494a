import { describe, expect, it } from 'vitest';
import { CLIPBOARD_FORMAT, copyContent, parseClipboard, serialiseClipboard } from './clipboard';
import { doc, widget } from './testDoc';
import type { DataSource } from './types';

const overview: DataSource = { id: 'overview', kind: 'rest', endpoint: '/api/overview', params: { projectId: '${project}' }, refreshSeconds: 30 };
const pm25: DataSource = { id: 'pm25', kind: 'rest', endpoint: '/api/pm25', params: {}, refreshSeconds: 60 };
const d = doc([
  widget('kpiA', 10, 10, 100, 100, { name: 'Energy', group: 'group1', locked: true, source: { sourceId: 'overview', path: 'energy' }, props: { unit: 'kWh' } }),
  widget('kpiB', 10, 10, 100, 100, { group: 'group1', title: 'Online in ${region}' }),
  widget('trend', 10, 10, 100, 100, { type: 'trend', source: { sourceId: 'pm25' } }),
], {
  sources: [overview, pm25],
  variables: [{ name: 'project', label: 'P', type: 'project' }, { name: 'region', label: 'R', type: 'region' }, { name: 'other', label: 'O', type: 'string' }],
});

const encode = (value: unknown) => JSON.stringify(value);
const valid = () => JSON.parse(serialiseClipboard(d, ['kpiA', 'kpiB'])) as Record<string, unknown>;

describe('clipboard', () => {
  it('copies the widgets with the sources they bind to and the variables those name', () => {
    const c = copyContent(d, ['kpiA', 'kpiB']);
    expect(c.widgets.map((w) => w.id)).toEqual(['kpiA', 'kpiB']);
    expect(c.sources).toEqual([overview]);
    expect(c.variables.map((v) => v.name)).toEqual(['project', 'region']);
  });

  it('round-trips through text, editor fields included', () => {
    const text = serialiseClipboard(d, ['kpiA', 'kpiB']);
    expect(JSON.parse(text)).toMatchObject({ format: CLIPBOARD_FORMAT, version: 1 });
    const parsed = parseClipboard(text);
    expect(parsed).toEqual({ ok: true, content: copyContent(d, ['kpiA', 'kpiB']) });
  });

  it('refuses other clipboard text with a reason', () => {
    expect(parseClipboard('hello')).toEqual({ ok: false, error: 'clipboard: not copied widgets (not JSON)' });
    expect(parseClipboard('{"a":1}')).toEqual({ ok: false, error: 'clipboard: not copied widgets' });
    expect(parseClipboard(encode({ ...valid(), version: 2 }))).toEqual({ ok: false, error: 'clipboard.version: must be 1' });
    expect(parseClipboard(encode({ ...valid(), widgets: [] }))).toEqual({ ok: false, error: 'clipboard.widgets: no widgets' });
    expect(parseClipboard('x'.repeat(2_000_001))).toMatchObject({ ok: false, error: expect.stringMatching(/too large/) });
  });

  it('checks every widget, source and variable by the template schema, naming the field', () => {
    const v = valid();
    const widgets = v.widgets as Record<string, unknown>[];
    expect(parseClipboard(encode({ ...v, widgets: [{ ...widgets[0], type: 'script' }] }))).toMatchObject({ ok: false, error: expect.stringMatching(/^widgets\.0\.type: /) });
    expect(parseClipboard(encode({ ...v, widgets: [{ ...widgets[0], onClick: 'alert(1)' }] }))).toMatchObject({ ok: false, error: expect.stringMatching(/^widgets\.0/) });
    expect(parseClipboard(encode({ ...v, widgets: [{ ...widgets[0], locked: 'yes' }] }))).toMatchObject({ ok: false, error: expect.stringMatching(/^widgets\.0\.locked: /) });
    expect(parseClipboard(encode({ ...v, sources: [{ ...overview, endpoint: 'https://x.example/api' }] }))).toMatchObject({ ok: false, error: expect.stringMatching(/^sources\.0\.endpoint: /) });
    expect(parseClipboard(encode({ ...v, variables: [{ name: 'project', label: '', type: 'project' }] }))).toMatchObject({ ok: false, error: expect.stringMatching(/^variables\.0\.label: /) });
  });

  it('checks the parts fit together', () => {
    const v = valid();
    const widgets = v.widgets as Record<string, unknown>[];
    expect(parseClipboard(encode({ ...v, widgets: [widgets[0], widgets[0]] }))).toEqual({ ok: false, error: 'widgets: duplicate widget id "kpiA"' });
    expect(parseClipboard(encode({ ...v, sources: [] }))).toEqual({ ok: false, error: 'widgets.0.source.sourceId: unknown source "overview"' });
    expect(parseClipboard(encode({ ...v, sources: [overview, overview] }))).toEqual({ ok: false, error: 'sources: duplicate source id "overview"' });
    expect(parseClipboard(encode({ ...v, variables: [] }))).toMatchObject({ ok: false, error: expect.stringMatching(/^variables: unknown variable/) });
  });
});
