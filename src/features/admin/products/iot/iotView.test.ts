import { describe, expect, it } from 'vitest';
import { agoOf, percentOf, signalBars, stateKey } from './iotView';

describe('IoT monitor view', () => {
  it('names the device states of SPEC §3, anything unknown as offline', () => {
    expect([0, 1, 2, 7].map(stateKey)).toEqual(['offline', 'online', 'alarm', 'offline']);
  });

  it('gives whole percentages and none of nothing', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('tells how long ago on the server\'s clock', () => {
    const now = 1_750_000_000_000;
    expect(agoOf(now - 5_000, now)).toEqual({ key: 'justNow', count: 0 });
    // A device clock ahead of the server's is "just now", not negative.
    expect(agoOf(now + 5_000, now)).toEqual({ key: 'justNow', count: 0 });
    expect(agoOf(now - 3 * 60_000, now)).toEqual({ key: 'minutesAgo', count: 3 });
    expect(agoOf(now - 3_600_000, now)).toEqual({ key: 'hoursAgo', count: 1 });
    expect(agoOf(now - 3 * 86_400_000 - 1, now)).toEqual({ key: 'daysAgo', count: 3 });
  });

  it('shows a signal strength as bars, full from -75 dBm, none below -105', () => {
    expect([-60, -75, -80, -85, -90, -100, -105, -106, -120].map((v) => signalBars(v).bars)).toEqual([4, 4, 3, 3, 2, 1, 1, 0, 0]);
    expect(signalBars(-110).key).toBe('none');
  });
});
