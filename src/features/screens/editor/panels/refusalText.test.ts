import { describe, expect, it } from 'vitest';
import { refusalText } from './refusalText';

describe('refusalText', () => {
  it('picks the text of the code with the refusal\'s names', () => {
    expect(refusalText({ code: 'sourceInUse', message: 'x', params: { source: 'trend', widgets: 'PM2.5, kpi1', count: 2 } }))
      .toEqual({ key: 'data.refusal.sourceInUse', values: { source: 'trend', widgets: 'PM2.5, kpi1' } });
    expect(refusalText({ code: 'variableInUse', message: 'x', params: { variable: 'projectId', users: 'trend', count: 1 } }))
      .toEqual({ key: 'data.refusal.variableInUse', values: { variable: 'projectId', users: 'trend' } });
  });

  it('tells a duplicate source from a duplicate variable', () => {
    expect(refusalText({ code: 'duplicateId', message: 'x', params: { source: 'a' } }).key).toBe('data.refusal.duplicateSource');
    expect(refusalText({ code: 'duplicateId', message: 'x', params: { variable: 'v' } }).key).toBe('data.refusal.duplicateVariable');
  });

  it('shows the model\'s own message, which names the field, for the rest', () => {
    expect(refusalText({ code: 'invalid', message: 'source.endpoint: must be …', params: { field: 'source' } }))
      .toEqual({ key: 'data.refusal.other', values: { message: 'source.endpoint: must be …' } });
  });
});
