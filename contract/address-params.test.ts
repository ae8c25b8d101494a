import { describe, expect, it } from 'vitest';
import { addressVariables, templateIdParam, wallThemeParam } from './address-params';

describe('templateIdParam', () => {
  it('reads a positive database id and nothing else', () => {
    expect(templateIdParam('3')).toBe(3);
    expect(templateIdParam('2147483647')).toBe(2_147_483_647);
    for (const bad of [null, '', '0', '-1', '03', '1.5', 'abc', '2147483648', '12345678901']) expect(templateIdParam(bad), String(bad)).toBeNull();
  });
});

describe('addressVariables', () => {
  it('keeps the template variables, not the session\'s nor the page\'s own parameters', () => {
    const params = new URLSearchParams('tpl=3&projectId=7&token=abc&appId=1&region=华东');
    expect(addressVariables(params, ['tpl'])).toEqual({ projectId: '7', region: '华东' });
  });
});

describe('wallThemeParam', () => {
  it('reads the two wall themes and nothing else', () => {
    expect(wallThemeParam('light')).toBe('light');
    expect(wallThemeParam('dark')).toBe('dark');
    for (const bad of [null, '', 'Light', 'blue']) expect(wallThemeParam(bad), String(bad)).toBeNull();
  });
});
