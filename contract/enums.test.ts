import { describe, expect, it } from 'vitest';
import { deviceTypeName } from './enums';

describe('deviceTypeName', () => {
  it('translates the product’s own device types in English only', () => {
    expect(deviceTypeName(2006, '过滤器', 'en')).toBe('Filter');
    expect(deviceTypeName(1, '4G-DTU', 'en')).toBe('4G DTU');
    expect(deviceTypeName(2006, '过滤器', 'zh')).toBe('过滤器');
  });

  it('keeps a name a site changed, and a type a site added, as entered', () => {
    expect(deviceTypeName(2006, '空气过滤单元', 'en')).toBe('空气过滤单元');
    expect(deviceTypeName(9001, '新风机', 'en')).toBe('新风机');
  });
});
