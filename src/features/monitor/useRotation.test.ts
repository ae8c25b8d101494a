import { describe, expect, it } from 'vitest';
import { nextTemplateId } from './useRotation';

const list = [1, 4, 9].map((id) => ({ id, name: `t${id}`, isDefault: false, isActive: false }));

describe('monitor rotation', () => {
  it('goes to the next template and wraps at the end', () => {
    expect(nextTemplateId(list, 1)).toBe(4);
    expect(nextTemplateId(list, 9)).toBe(1);
  });

  it('starts at the first when the shown template is not in the list', () => {
    expect(nextTemplateId(list, null)).toBe(1);
  });

  it('has nothing to rotate to with fewer than two templates', () => {
    expect(nextTemplateId(list.slice(0, 1), 1)).toBeNull();
  });
});
