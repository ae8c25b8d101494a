import { describe, expect, it } from 'vitest';
import { parseStyleString } from './styleString';

describe('parseStyleString', () => {
  it('turns a style string into a style object with numbers', () => {
    expect(parseStyleString('shape=nvFan;strokeWidth=2;fontFamily=Noto Sans SC, sans-serif;aspect=fixed;dx=-1.5'))
      .toEqual({ shape: 'nvFan', strokeWidth: 2, fontFamily: 'Noto Sans SC, sans-serif', aspect: 'fixed', dx: -1.5 });
  });

  it('keeps base style names and values holding "="', () => {
    expect(parseStyleString('rounded;image=data:image/png,AAA=;')).toEqual({ baseStyleNames: ['rounded'], image: 'data:image/png,AAA=' });
  });
});
