import { describe, expect, it } from 'vitest';
import { THEMES } from '../../shared/theme';
import { antdThemeOf } from './antdTheme';

describe('antdThemeOf', () => {
  it('keeps antd motion unless reduced motion is asked for', () => {
    expect(antdThemeOf(THEMES.dark, 1).token?.motion).toBe(true);
    expect(antdThemeOf(THEMES.light, 1, false).token?.motion).toBe(false);
  });

  it('scales sizes with the root font', () => {
    expect(antdThemeOf(THEMES.light, 2).token?.fontSize).toBe(28);
  });
});
