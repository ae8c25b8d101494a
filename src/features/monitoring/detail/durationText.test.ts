import { describe, expect, it } from 'vitest';
import { durationText } from './durationText';

const zh = { days: '{{count}}天', hours: '{{count}}小时', minutes: '{{count}}分', seconds: '{{count}}秒' };

describe('durationText', () => {
  it('writes the two largest units that are not zero', () => {
    expect(durationText(2 * 86_400_000 + 3 * 3_600_000 + 5 * 60_000, zh)).toBe('2天3小时');
    expect(durationText(86_400_000 + 60_000, zh)).toBe('1天');
    expect(durationText(5 * 60_000 + 12_000, zh)).toBe('5分12秒');
    expect(durationText(999, zh)).toBe('0秒');
    expect(durationText(3_600_000 + 1000, { days: '{{count}} d', hours: '{{count}} h', minutes: '{{count}} min', seconds: '{{count}} s' }, ' ')).toBe('1 h');
  });
});
