import { describe, expect, it } from 'vitest';
import type { TemplateVariable } from '../model/types';
import { emptySourceForm, formToSource, sourceToForm, topicOf, type SourceFormValues } from './sourceForm';

const vars: TemplateVariable[] = [{ name: 'projectId', label: '项目', type: 'project', default: 1 }];
const rest = (patch: Partial<SourceFormValues> = {}): SourceFormValues => ({
  ...emptySourceForm('trend'), endpoint: '/api/s/measure-trend', params: [{ name: 'projectId', value: '${projectId}' }, { name: 'hours', value: '24' }], ...patch,
});

describe('formToSource', () => {
  it('builds a REST source: numbers stay numbers, blank parameter rows drop out', () => {
    const result = formToSource(rest({ params: [...rest().params, { name: '', value: ' ' }] }), [], vars);
    expect(result).toEqual({
      ok: true,
      source: { id: 'trend', kind: 'rest', endpoint: '/api/s/measure-trend', params: { projectId: '${projectId}', hours: 24 }, refreshSeconds: 30 },
    });
  });

  it('builds a hub source from the topic kind and target', () => {
    const v: SourceFormValues = { ...emptySourceForm('live'), kind: 'hub', topicKind: 'device', topicTarget: ' 42 ', event: 'measureValues' };
    expect(formToSource(v, [], vars)).toEqual({ ok: true, source: { id: 'live', kind: 'hub', topic: 'device:42', event: 'measureValues' } });
    expect(formToSource({ ...v, topicKind: 'alarms' }, [], vars)).toEqual({ ok: true, source: { id: 'live', kind: 'hub', topic: 'alarms', event: 'measureValues' } });
  });

  it('names the field of each problem the contract finds', () => {
    const result = formToSource(rest({ id: '1x', endpoint: 'http://evil/api', refreshSeconds: 2, params: [{ name: 'a-b', value: '1' }] }), [], vars);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.field, e.code])).toEqual([
      ['id', 'identifier'], ['endpoint', 'endpoint'], ['params', 'paramName'], ['refreshSeconds', 'refreshSeconds'],
    ]);
    expect(result.errors.find((e) => e.field === 'params')).toMatchObject({ message: 'param names must be identifiers', params: { name: 'a-b' } });
    expect(result.errors.find((e) => e.field === 'refreshSeconds')?.message).toBe('refreshSeconds must be at least 5');
  });

  it('refuses an id another source has, a parameter given twice and an unknown variable', () => {
    const result = formToSource(rest({ endpoint: '/api/p/${nope}', params: [{ name: 'a', value: '1' }, { name: 'a', value: '2' }] }), ['trend'], vars);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.field, e.code, e.params])).toEqual([
      ['id', 'duplicateId', { id: 'trend' }],
      ['params', 'duplicateParam', { name: 'a' }],
      ['endpoint', 'unknownVariable', { name: 'nope' }],
    ]);
  });

  it('refuses a hub topic without a valid target, and an unknown variable in it', () => {
    const v: SourceFormValues = { ...emptySourceForm('live'), kind: 'hub', topicKind: 'project', topicTarget: 'abc' };
    expect(formToSource(v, [], vars)).toMatchObject({ ok: false, errors: [{ field: 'topicTarget', code: 'topicTarget' }] });
    expect(formToSource({ ...v, topicTarget: '${other}' }, [], vars)).toMatchObject({ ok: false, errors: [{ field: 'topicTarget', code: 'unknownVariable' }] });
  });

  it('asks for the id and the interval when they are blank', () => {
    const result = formToSource(rest({ id: ' ', refreshSeconds: null }), [], vars);
    expect(result).toMatchObject({ ok: false, errors: [{ field: 'id', code: 'required' }, { field: 'refreshSeconds', code: 'required' }] });
  });
});

describe('sourceToForm', () => {
  it('round-trips both kinds', () => {
    const sources = [
      { id: 'a', kind: 'rest', endpoint: '/app-api/x', params: { n: 5, s: '${projectId}' }, refreshSeconds: 60 },
      { id: 'b', kind: 'hub', topic: 'project:${projectId}', event: 'deviceState' },
      { id: 'c', kind: 'hub', topic: 'statistics', event: 'measureValues' },
    ] as const;
    for (const s of sources) expect(formToSource(sourceToForm(s), [], vars)).toEqual({ ok: true, source: s });
  });

  it('spells the topic of each kind', () => {
    expect(topicOf({ topicKind: 'statistics', topicTarget: '9' })).toBe('statistics');
    expect(topicOf({ topicKind: 'project', topicTarget: '${projectId}' })).toBe('project:${projectId}');
  });
});
