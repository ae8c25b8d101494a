import { describe, expect, it } from 'vitest';
import { templateForKey } from './useMonitorKeys';

const list = [10, 20, 30].map((id) => ({ id, name: `t${id}`, isDefault: id === 10, isActive: false }));

describe('templateForKey', () => {
  it('steps forward and back with wrap-around, from remote keys too', () => {
    expect(templateForKey('ArrowRight', list, 10)).toBe(20);
    expect(templateForKey('PageDown', list, 30)).toBe(10);
    expect(templateForKey('ArrowLeft', list, 10)).toBe(30);
    expect(templateForKey('ChannelDown', list, 20)).toBe(10);
  });

  it('jumps by digit, ignores digits past the list and other keys', () => {
    expect(templateForKey('3', list, 10)).toBe(30);
    expect(templateForKey('4', list, 10)).toBeNull();
    expect(templateForKey('x', list, 10)).toBeNull();
    expect(templateForKey('ArrowRight', [], null)).toBeNull();
  });

  it('starts from the first template when the shown one is not in the list', () => {
    expect(templateForKey('ArrowRight', list, 99)).toBe(20);
  });
});
