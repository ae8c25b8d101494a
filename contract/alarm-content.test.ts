import { describe, expect, it } from 'vitest';
import { bitLabels, formatAlarmContent } from './alarm-content';
import { ConditionType } from './conditions';

describe('formatAlarmContent', () => {
  const base = { measureName: '阻力', unit: 'Pa', conditionVal2: null };

  it('describes a comparison against the set value', () => {
    expect(formatAlarmContent({ ...base, conditionType: ConditionType.Gt, sampleValue: 512.34, conditionVal1: 450 }))
      .toBe('阻力当前值512.3Pa，大于设定值450Pa');
    expect(formatAlarmContent({ ...base, conditionType: ConditionType.ChangeGte, sampleValue: 5, conditionVal1: 5 }))
      .toBe('阻力当前值5Pa，变化大于等于设定值5Pa');
  });

  it('combines both set values for 且 and 或 ranges', () => {
    expect(formatAlarmContent({ measureName: '温度', unit: '℃', conditionType: ConditionType.LtOrGt, sampleValue: 38.5, conditionVal1: 10, conditionVal2: 35 }))
      .toBe('温度当前值38.5℃，小于10℃或大于35℃');
    expect(formatAlarmContent({ measureName: '湿度', conditionType: ConditionType.GteAndLte, sampleValue: 50, conditionVal1: 40, conditionVal2: 60 }))
      .toBe('湿度当前值50，大于等于40且小于等于60');
  });

  it('lists the labels of the set bits for the bitwise report', () => {
    const printf = JSON.stringify({ 0: '风机过载', 1: '滤网堵塞', 3: '电源异常' });
    expect(formatAlarmContent({ measureName: '故障状态', conditionType: ConditionType.Bitwise, sampleValue: 0b1011, conditionVal1: null, conditionVal2: null, printf }))
      .toBe('故障状态按位上报：风机过载、滤网堵塞、电源异常');
    expect(formatAlarmContent({ measureName: '故障状态', conditionType: ConditionType.Bitwise, sampleValue: 4, conditionVal1: null, conditionVal2: null, printf }))
      .toBe('故障状态按位上报：无');
  });

  it('labels the value with a printf script through the safe evaluator', () => {
    const printf = 'value & 1 ? "风机过载" : value & 2 ? "滤网堵塞" : "正常"';
    const at = (sampleValue: number) => formatAlarmContent({ measureName: '故障状态', conditionType: ConditionType.Bitwise, sampleValue, conditionVal1: null, conditionVal2: null, printf });
    expect(at(3)).toBe('故障状态按位上报：风机过载');
    expect(at(2)).toBe('故障状态按位上报：滤网堵塞');
    expect(at(0)).toBe('故障状态按位上报：正常');
    expect(formatAlarmContent({ measureName: '状态', conditionType: ConditionType.Bitwise, sampleValue: 6, conditionVal1: null, conditionVal2: null, printf: 'x >> 1' }))
      .toBe('状态按位上报：3');
    // Refused or failing scripts show the raw value.
    expect(formatAlarmContent({ measureName: '状态', conditionType: ConditionType.Bitwise, sampleValue: 5, conditionVal1: null, conditionVal2: null, printf: 'value.constructor' }))
      .toBe('状态按位上报：5');
    expect(formatAlarmContent({ measureName: '状态', conditionType: ConditionType.Bitwise, sampleValue: 5, conditionVal1: null, conditionVal2: null, printf: '"a" - value' }))
      .toBe('状态按位上报：5');
  });

  it('never runs a printf as JavaScript', () => {
    expect(bitLabels(3, 'value & 1 ? "A" : "B"')).toBeNull();
    expect(bitLabels(3, '[1,2]')).toBeNull();
    expect(formatAlarmContent({ measureName: '状态', conditionType: ConditionType.Bitwise, sampleValue: 3, conditionVal1: null, conditionVal2: null, printf: 'process.exit()' }))
      .toBe('状态按位上报：3');
  });
});
