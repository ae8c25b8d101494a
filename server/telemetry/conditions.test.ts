import { describe, expect, it } from 'vitest';
import { ConditionType } from '../../contract/conditions';
import { alarmMessageType, bitMask, isCompleteRule, reportedBits, violates, type AlarmRule } from './conditions';

const rule = (conditionType: number, val1: number | null, val2: number | null = null, printf = ''): AlarmRule => ({ conditionType, val1, val2, printf });

describe('condition types', () => {
  it('compares against one set value at the boundary exactly as named', () => {
    const at = (type: number, v: number) => violates(rule(type, 10), v, null);
    expect([at(ConditionType.Lt, 9.9), at(ConditionType.Lt, 10)]).toEqual([true, false]);
    expect([at(ConditionType.Lte, 10), at(ConditionType.Lte, 10.1)]).toEqual([true, false]);
    expect([at(ConditionType.Gt, 10.1), at(ConditionType.Gt, 10)]).toEqual([true, false]);
    expect([at(ConditionType.Gte, 10), at(ConditionType.Gte, 9.9)]).toEqual([true, false]);
    expect([at(ConditionType.Eq, 10), at(ConditionType.Eq, 10.1)]).toEqual([true, false]);
  });

  it('combines two set values with 或 (outside) and 且 (inside)', () => {
    const at = (type: number, v: number) => violates(rule(type, 10, 20), v, null);
    expect([5, 10, 15, 20, 25].map((v) => at(ConditionType.LtOrGt, v))).toEqual([true, false, false, false, true]);
    expect([5, 10, 15, 20, 25].map((v) => at(ConditionType.LteOrGte, v))).toEqual([true, true, false, true, true]);
    expect([5, 10, 15, 20, 25].map((v) => at(ConditionType.LtOrGte, v))).toEqual([true, false, false, true, true]);
    expect([5, 10, 15, 20, 25].map((v) => at(ConditionType.LteOrGt, v))).toEqual([true, true, false, false, true]);
    expect([5, 10, 15, 20, 25].map((v) => at(ConditionType.GtAndLt, v))).toEqual([false, false, true, false, false]);
    expect([5, 10, 15, 20, 25].map((v) => at(ConditionType.GteAndLte, v))).toEqual([false, true, true, true, false]);
    expect([5, 10, 15, 20, 25].map((v) => at(ConditionType.GteAndLt, v))).toEqual([false, true, true, false, false]);
    expect([5, 10, 15, 20, 25].map((v) => at(ConditionType.GtAndLte, v))).toEqual([false, false, true, true, false]);
  });

  it('measures a change against the previous sample', () => {
    expect(violates(rule(ConditionType.ChangeGte, 5), 15, 10)).toBe(true);
    expect(violates(rule(ConditionType.ChangeGte, 5), 5, 10)).toBe(true);
    expect(violates(rule(ConditionType.ChangeGte, 5), 14.9, 10)).toBe(false);
    expect(violates(rule(ConditionType.ChangeGt, 5), 15, 10)).toBe(false);
    expect(violates(rule(ConditionType.ChangeGt, 5), 15.1, 10)).toBe(true);
    expect(violates(rule(ConditionType.ChangeGte, 5), 100, null)).toBe(false);
  });

  it('reports the mapped bits for the bitwise report, any bit for a script', () => {
    const printf = JSON.stringify({ 0: '风机过载', 3: '电源异常' });
    expect(bitMask(printf)).toBe(0b1001);
    expect(bitMask('value & 1 ? "A" : "B"')).toBeNull();
    expect(violates(rule(15, null, null, printf), 0b0110, null)).toBe(false);
    expect(violates(rule(15, null, null, printf), 0b1000, null)).toBe(true);
    expect(violates(rule(15, null, null, 'value & 1 ? "A" : "B"'), 2, null)).toBe(true);
    expect(reportedBits(0b1111, printf)).toBe(0b1001);
    expect(violates(rule(15, null, null, JSON.stringify({ 31: '高位' })), 2 ** 31, null)).toBe(true);
  });

  it('widens the violating region by the hysteresis band of each set value', () => {
    expect(violates(rule(ConditionType.Gt, 450), 445, null, 0.02)).toBe(true);
    expect(violates(rule(ConditionType.Gt, 450), 440, null, 0.02)).toBe(false);
    expect(violates(rule(ConditionType.Lt, -105), -103, null, 0.02)).toBe(true);
    expect(violates(rule(ConditionType.Lt, -105), -102, null, 0.02)).toBe(false);
    expect(violates(rule(ConditionType.LtOrGt, 10, 35), 34.5, null, 0.02)).toBe(true);
    expect(violates(rule(ConditionType.GteAndLte, 40, 60), 61, null, 0.02)).toBe(true);
    expect(violates(rule(ConditionType.Eq, 100), 101.5, null, 0.02)).toBe(true);
    expect(violates(rule(ConditionType.Eq, 100), 103, null, 0.02)).toBe(false);
  });

  it('never fires on incomplete rules, unknown types or non-finite values', () => {
    expect(isCompleteRule(rule(ConditionType.LtOrGt, 10, null))).toBe(false);
    expect(violates(rule(ConditionType.LtOrGt, 10, null), 5, null)).toBe(false);
    expect(violates(rule(ConditionType.Gt, null), 5, null)).toBe(false);
    expect(violates(rule(16, 1), 5, null)).toBe(false);
    expect(violates(rule(ConditionType.Gt, 1), Number.NaN, null)).toBe(false);
  });

  it('picks the message type: device fault, life alarm for resistance, else system alarm', () => {
    expect(alarmMessageType(ConditionType.Bitwise, null)).toBe(5);
    expect(alarmMessageType(ConditionType.Gt, 5)).toBe(8);
    expect(alarmMessageType(ConditionType.Gte, 2)).toBe(6);
  });
});
