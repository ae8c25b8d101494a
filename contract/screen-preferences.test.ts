import { describe, expect, it } from 'vitest';
import { ScreenPreferences, screenPreferencesOf } from './screen-preferences';

describe('screen preferences', () => {
  it('default to the active template without rotation', () => {
    expect(screenPreferencesOf({})).toEqual({ templateId: null, rotateSeconds: 0, wallTheme: 'dark' });
    expect(screenPreferencesOf(null)).toEqual({ templateId: null, rotateSeconds: 0, wallTheme: 'dark' });
  });

  it('read the screen key of a customSet document', () => {
    expect(screenPreferencesOf({ theme: 'dark', screen: { templateId: 4, rotateSeconds: 30 } })).toEqual({ templateId: 4, rotateSeconds: 30, wallTheme: 'dark' });
  });

  it('fall back to the defaults for malformed values', () => {
    expect(screenPreferencesOf({ screen: { templateId: 'x' } })).toEqual({ templateId: null, rotateSeconds: 0, wallTheme: 'dark' });
  });

  it('keep the light wall theme and refuse an unknown one', () => {
    expect(screenPreferencesOf({ screen: { wallTheme: 'light' } }).wallTheme).toBe('light');
    expect(ScreenPreferences.safeParse({ wallTheme: 'blue' }).success).toBe(false);
  });

  it('refuse a rotation shorter than 10 s or longer than an hour', () => {
    expect(ScreenPreferences.safeParse({ rotateSeconds: 5 }).success).toBe(false);
    expect(ScreenPreferences.safeParse({ rotateSeconds: 3601 }).success).toBe(false);
    expect(ScreenPreferences.safeParse({ rotateSeconds: 0 }).success).toBe(true);
  });
});
