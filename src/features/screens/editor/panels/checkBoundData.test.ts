import { describe, expect, it } from 'vitest';
import { WIDGET_SCHEMAS } from '../../../../../contract/widgets';
import { checkBoundData } from './checkBoundData';

describe('checkBoundData', () => {
  it('says when there is nothing to check yet', () => {
    expect(checkBoundData(WIDGET_SCHEMAS.kpi.data, undefined)).toEqual({ status: 'noData' });
  });

  it('accepts what the widget type takes', () => {
    expect(checkBoundData(WIDGET_SCHEMAS.kpi.data, 12.5)).toEqual({ status: 'matches' });
    expect(checkBoundData(WIDGET_SCHEMAS.kpi.data, null)).toEqual({ status: 'matches' });
  });

  it('names the first issue by its path in the data and counts the others', () => {
    const result = checkBoundData(WIDGET_SCHEMAS.deviceTable.data, [{ id: 1, name: 'A', state: 1 }, { id: 'x', name: 2, state: 0 }]);
    expect(result).toMatchObject({ status: 'mismatch', more: 1 });
    expect(result.status === 'mismatch' && result.issue).toMatch(/^1\.id: /);
  });

  it('names the root when the whole value is of the wrong kind', () => {
    const result = checkBoundData(WIDGET_SCHEMAS.kpi.data, { value: 1 });
    expect(result.status === 'mismatch' && result.issue).toMatch(/^\(data\): /);
  });
});
