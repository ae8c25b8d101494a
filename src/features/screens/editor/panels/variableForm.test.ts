import { describe, expect, it } from 'vitest';
import { emptyVariableForm, formToVariable, variableToForm } from './variableForm';

describe('formToVariable', () => {
  it('reads a numeric default for project, region and number variables', () => {
    expect(formToVariable({ name: 'projectId', label: ' 项目 ', type: 'project', default: ' 3 ' }, [])).toEqual({
      ok: true, variable: { name: 'projectId', label: '项目', type: 'project', default: 3 },
    });
    expect(formToVariable({ name: 'r', label: 'R', type: 'region', default: 'x' }, [])).toMatchObject({
      ok: false, errors: [{ field: 'default', code: 'defaultNumber' }],
    });
  });

  it('keeps a string default as typed, and a blank default as none', () => {
    expect(formToVariable({ name: 'city', label: '城市', type: 'string', default: ' 杭州' }, [])).toEqual({
      ok: true, variable: { name: 'city', label: '城市', type: 'string', default: ' 杭州' },
    });
    expect(formToVariable({ ...emptyVariableForm('p'), label: 'P' }, [])).toEqual({ ok: true, variable: { name: 'p', label: 'P', type: 'project' } });
  });

  it('names the field of each problem', () => {
    expect(formToVariable({ name: '9x', label: '', type: 'number', default: '' }, [])).toMatchObject({
      ok: false, errors: [{ field: 'name', code: 'identifier' }, { field: 'label', code: 'required' }],
    });
    expect(formToVariable({ name: 'p', label: 'P', type: 'number', default: '' }, ['p'])).toMatchObject({
      ok: false, errors: [{ field: 'name', code: 'duplicateName', params: { name: 'p' } }],
    });
    expect(formToVariable({ name: 'p', label: 'x'.repeat(65), type: 'number', default: '' }, [])).toMatchObject({
      ok: false, errors: [{ field: 'label', code: 'invalid' }],
    });
  });

  it('round-trips a stored variable', () => {
    const v = { name: 'projectId', label: '项目', type: 'project' as const, default: 12 };
    expect(formToVariable(variableToForm(v), [])).toEqual({ ok: true, variable: v });
  });
});
