import { describe, expect, it } from 'vitest';
import { ConditionType } from '../../contract/conditions';
import { AlarmEngine, type AlarmDecision } from './alarm-engine';
import type { AlarmRule } from './conditions';

const GT_450: AlarmRule = { conditionType: ConditionType.Gt, val1: 450, val2: null, printf: '' };

/** Feeds values through one point in one staging per sample, tracking the open alarm. */
function feed(engine: AlarmEngine, values: number[], rule: AlarmRule = GT_450): AlarmDecision[] {
  let open: number | null | undefined;
  let previous: number | null = null;
  return values.map((value) => {
    const staging = engine.begin();
    const d = staging.assess('1:1', { rule, value, previous, openSample: open });
    staging.commit();
    if (d === 'raise' || d === 'update') open = value;
    if (d === 'clear') open = undefined;
    previous = value;
    return d;
  });
}

describe('alarm debounce and hysteresis', () => {
  it('raises after 2 violating samples in a row and clears after 2 normal ones', () => {
    expect(feed(new AlarmEngine(), [460, 400, 460, 460, 400, 460, 400, 400])).toEqual([null, null, null, 'raise', null, null, null, 'clear']);
  });

  it('does not flap on noise around the threshold', () => {
    const noisy = [449, 451, 452, 448, 451, 447, 452, 446, 449, 451, 446, 449];
    const decisions = feed(new AlarmEngine(), noisy);
    expect(decisions.filter((d) => d === 'raise')).toHaveLength(1);
    // 446..452 stays inside the 2 % band (441): the alarm stays open.
    expect(decisions).not.toContain('clear');
    expect(feed(new AlarmEngine(), [...noisy, 430, 430]).at(-1)).toBe('clear');
  });

  it('follows its settings', () => {
    const strict = new AlarmEngine({ raiseAfter: 3, clearAfter: 1, hysteresis: 0 });
    expect(feed(strict, [460, 460, 460, 449])).toEqual([null, null, 'raise', 'clear']);
  });

  it('raises a change condition on the jump itself', () => {
    const rule: AlarmRule = { conditionType: ConditionType.ChangeGte, val1: 5, val2: null, printf: '' };
    expect(feed(new AlarmEngine(), [1, 7, 7.5, 8], rule)).toEqual([null, 'raise', null, 'clear']);
  });

  it('updates an open bitwise alarm when the reported bits change', () => {
    const rule: AlarmRule = { conditionType: ConditionType.Bitwise, val1: null, val2: null, printf: JSON.stringify({ 0: 'a', 1: 'b' }) };
    expect(feed(new AlarmEngine(), [1, 1, 1, 3, 3 | 4, 0, 0], rule)).toEqual([null, 'raise', null, 'update', null, null, 'clear']);
  });

  it('keeps counts of a batch that was not committed out of the engine', () => {
    const engine = new AlarmEngine();
    const staging = engine.begin();
    expect(staging.assess('1:1', { rule: GT_450, value: 460, previous: null, openSample: undefined })).toBeNull();
    expect(engine.trackedPoints).toBe(0);
    staging.commit();
    expect(engine.trackedPoints).toBe(1);
  });

  it('clears an open alarm whose rule was switched off', () => {
    const staging = new AlarmEngine().begin();
    expect(staging.assess('1:1', { rule: null, value: 460, previous: null, openSample: 460 })).toBe('clear');
    expect(staging.assess('1:2', { rule: null, value: 460, previous: null, openSample: undefined })).toBeNull();
  });
});
