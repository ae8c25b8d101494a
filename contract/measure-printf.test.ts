import { describe, expect, it } from 'vitest';
import { formatAlarmContent } from './alarm-content';
import { ConditionType } from './conditions';
import { bitMappingText, parsePrintf, previewPrintf, type ParsedPrintf } from './measure-printf';

const ok = (text: string, bits?: number): ParsedPrintf => {
  const r = parsePrintf(text, bits);
  if (!r.ok) throw new Error(`refused ${text}: ${r.error.en}`);
  return r.printf;
};
const refused = (text: string, bits?: number) => {
  const r = parsePrintf(text, bits);
  if (r.ok) throw new Error(`accepted ${text}`);
  return r.error;
};

describe('printf', () => {
  it('is empty, and then shows the value', () => {
    expect(ok('   ')).toMatchObject({ kind: 'none', stored: '' });
    expect(previewPrintf(ok(''), 12.5)).toBe('12.5');
  });

  it('reads a bit mapping written bit:label, stores it as the JSON the alarm engine reads', () => {
    const p = ok('0:滤网堵塞;1:风机故障');
    expect(p).toMatchObject({ kind: 'bits', bits: [[0, '滤网堵塞'], [1, '风机故障']] });
    expect(p.stored).toBe('{"0":"滤网堵塞","1":"风机故障"}');
    // Full-width separators, newlines, spaces and any order.
    expect(ok(' 3：门未关闭；\n 1 : 风机故障;').stored).toBe('{"1":"风机故障","3":"门未关闭"}');
    // The alarm content lists the labels of the set bits from what was stored.
    expect(formatAlarmContent({
      conditionType: ConditionType.Bitwise, measureName: '故障状态', sampleValue: 3, conditionVal1: null, conditionVal2: null, printf: p.stored,
    })).toBe('故障状态按位上报：滤网堵塞、风机故障');
  });

  it('reads the stored JSON form back, and writes it as editor text', () => {
    const p = ok('{"2":"门未关闭","0":"风机过载"}');
    expect(p.kind === 'bits' && bitMappingText(p.bits)).toBe('0:风机过载;2:门未关闭');
    expect(ok(p.stored).stored).toBe(p.stored);
  });

  it('previews value → text: the labels of the set bits, 无 when none', () => {
    const p = ok('0:滤网堵塞;1:风机故障;15:通讯中断');
    expect(previewPrintf(p, 0)).toBe('无');
    expect(previewPrintf(p, 2)).toBe('风机故障');
    expect(previewPrintf(p, 0x8001)).toBe('滤网堵塞、通讯中断');
  });

  it('refuses a bad mapping with the position of the mistake', () => {
    expect(refused('0:a;x:b')).toMatchObject({ position: 4 });
    expect(refused('0:a;1:b;0:c')).toMatchObject({ position: 8, en: 'bit 0 is given twice' });
    expect(refused('0:a;16:b', 16)).toMatchObject({ position: 4, en: 'bit 16 is outside 0–15' });
    expect(refused('0:a;1:', 32)).toMatchObject({ position: 6, en: 'bit 1 has no label' });
    expect(refused(`0:${'长'.repeat(33)}`).en).toMatch(/longer than 32/);
    expect(refused('{"0":"a","b":"c"}')).toMatchObject({ position: 9 });
    expect(refused('{"0":"a",}').position).toBeGreaterThan(0);
    expect(refused('[1,2]')).toMatchObject({ position: 0 });
    // A type with no bits (String, Blob) takes no mapping.
    expect(refused('0:a', 0).en).toBe('this data type cannot have a bit mapping');
  });

  it('checks a formula with the safe evaluator and previews it', () => {
    const p = ok('x > 0 ? "运行" : "停止"');
    expect(p.kind).toBe('formula');
    expect(previewPrintf(p, 1)).toBe('运行');
    expect(previewPrintf(p, 0)).toBe('停止');
    expect(previewPrintf(ok('value / 10'), 235)).toBe('23.5');
    // Stored trimmed, as written.
    expect(ok('  value * 2 ').stored).toBe('value * 2');
  });

  it('refuses what the evaluator refuses, with the character position in the text as given', () => {
    expect(refused('value * (2 +')).toMatchObject({ position: 12 });
    expect(refused('  alert(1)')).toMatchObject({ position: 2 });
    expect(refused('x.constructor')).toMatchObject({ position: 1, en: expect.stringMatching(/property access/) });
    expect(refused('x > 1 ? "a" : "b"; x = 2').position).toBe(17);
    // Text where a number is needed fails on an ordinary value: refused too.
    expect(refused('"a" * x')).toMatchObject({ position: 4 });
    expect(refused('x'.repeat(2001)).en).toMatch(/longer than 2000/);
  });
});
