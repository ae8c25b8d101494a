import { describe, expect, it } from 'vitest';
import { ConditionType } from './conditions';
import { DATA_TYPES } from './enums';
import {
  checkPoint, checkTable, mappingBits, MeasurePointInput, registerWidth, type MeasureProblem, type TablePoint,
} from './measure-points';

const base = { name: 'PM2.5', registerAddr: 0 };
const problemsOf = (input: unknown, row: number | null = 0) => checkPoint(input, row).problems;
const fieldsOf = (problems: MeasureProblem[]) => problems.map((p) => p.field);

describe('measure point rules', () => {
  it('fills defaults and keeps a valid point', () => {
    const r = checkPoint(base, 3);
    expect(r.problems).toEqual([]);
    expect(r.point).toMatchObject({
      row: 3, printf: '',
      fields: { name: 'PM2.5', measureType: 0, dataType: 'Float', modbusCode: 3, access: 0, decimals: 1, conditionType: null, alarmEnabled: 0 },
    });
  });

  it('gives each register width by data type; String and Blob take their length', () => {
    expect(DATA_TYPES.map((t) => registerWidth(t, 10))).toEqual([1, 1, 2, 2, 2, 2, 2, 2, 4, 4, 10, 10, 1]);
    expect(mappingBits('UInt16')).toBe(16);
    expect(mappingBits('Int32_CDAB')).toBe(32);
    expect(mappingBits('Boolean')).toBe(1);
    expect(mappingBits('Blob')).toBe(0);
  });

  it('keeps register addresses within 0–65535, the whole width included', () => {
    expect(problemsOf({ ...base, registerAddr: -1 })).toMatchObject([{ field: 'registerAddr', code: 'range', message: '应在 0–65535 之间' }]);
    expect(problemsOf({ ...base, registerAddr: 65536 })).toMatchObject([{ field: 'registerAddr', code: 'range' }]);
    expect(problemsOf({ ...base, registerAddr: 1.5 })).toMatchObject([{ field: 'registerAddr', code: 'integer' }]);
    expect(problemsOf({ ...base, registerAddr: 65535, dataType: 'UInt16' })).toEqual([]);
    expect(problemsOf({ ...base, registerAddr: 65535 })).toMatchObject([{ field: 'registerAddr', code: 'register.width', messageEn: 'Float takes 2 registers: 65535–65536 goes past 65535' }]);
    expect(problemsOf({ ...base, registerAddr: 65532, dataType: 'Double_GHEFCDAB' })).toEqual([]);
    expect(problemsOf({ ...base, registerAddr: 65533, dataType: 'Double' })).toMatchObject([{ code: 'register.width' }]);
    expect(problemsOf({ ...base, registerAddr: 65526, dataType: 'String', length: 10 })).toEqual([]);
    expect(problemsOf({ ...base, registerAddr: 65527, dataType: 'String', length: 10 })).toMatchObject([{ code: 'register.width' }]);
  });

  it('asks a String or Blob for a length (1–125 registers) and no other type', () => {
    expect(problemsOf({ ...base, dataType: 'Blob' })).toMatchObject([{ field: 'length', code: 'length.required' }]);
    expect(problemsOf({ ...base, dataType: 'String', length: 126 })).toMatchObject([{ field: 'length', code: 'range' }]);
    expect(problemsOf({ ...base, dataType: 'Int16', length: 2 })).toMatchObject([{ field: 'length', code: 'length.unused' }]);
  });

  it('ties function codes to data types and access', () => {
    // 1 coils: Boolean, and may be written.
    for (const access of [0, 1, 2]) expect(problemsOf({ ...base, modbusCode: 1, dataType: 'Boolean', access })).toEqual([]);
    expect(problemsOf({ ...base, modbusCode: 1, dataType: 'UInt16' })).toMatchObject([{ field: 'dataType', code: 'code.dataType' }]);
    // 2 discrete inputs: Boolean, read-only.
    expect(problemsOf({ ...base, modbusCode: 2, dataType: 'Boolean' })).toEqual([]);
    expect(problemsOf({ ...base, modbusCode: 2, dataType: 'Boolean', access: 2 })).toMatchObject([{ field: 'access', code: 'code.access' }]);
    // 3 holding registers: anything.
    for (const access of [0, 1, 2]) expect(problemsOf({ ...base, modbusCode: 3, access })).toEqual([]);
    // 4 input registers: read-only.
    expect(problemsOf({ ...base, modbusCode: 4, access: 0 })).toEqual([]);
    expect(fieldsOf(problemsOf({ ...base, modbusCode: 4, access: 1 }))).toEqual(['access']);
    expect(problemsOf({ ...base, modbusCode: 5 })).toMatchObject([{ field: 'modbusCode', code: 'one_of' }]);
    expect(problemsOf({ ...base, access: 3 })).toMatchObject([{ field: 'access', code: 'one_of' }]);
  });

  it('wants numbers where a condition compares, and a second value for ranges', () => {
    expect(problemsOf({ ...base, conditionType: ConditionType.Gte, conditionVal1: 75, alarmEnabled: 1 })).toEqual([]);
    expect(problemsOf({ ...base, conditionType: ConditionType.Gt })).toMatchObject([{ field: 'conditionVal1', code: 'condition.val1' }]);
    expect(problemsOf({ ...base, conditionType: ConditionType.Gt, conditionVal1: '75' })).toMatchObject([{ field: 'conditionVal1', code: 'number', message: '应为数字' }]);
    expect(problemsOf({ ...base, conditionType: ConditionType.Gt, conditionVal1: 7, conditionVal2: 9 })).toMatchObject([{ field: 'conditionVal2', code: 'condition.unused' }]);
    for (const t of [5, 6, 9, 10, 11, 12, 13, 14]) {
      expect(problemsOf({ ...base, conditionType: t, conditionVal1: 10 })).toMatchObject([{ field: 'conditionVal2', code: 'condition.val2' }]);
      expect(problemsOf({ ...base, conditionType: t, conditionVal1: 10, conditionVal2: 35 })).toEqual([]);
      expect(problemsOf({ ...base, conditionType: t, conditionVal1: 35, conditionVal2: 10 })).toMatchObject([{ field: 'conditionVal2', code: 'condition.order' }]);
    }
    expect(problemsOf({ ...base, conditionType: ConditionType.ChangeGte, conditionVal1: -5 })).toMatchObject([{ code: 'condition.change' }]);
    expect(problemsOf({ ...base, conditionType: ConditionType.Bitwise, conditionVal1: 1 })).toMatchObject([{ field: 'conditionVal1', code: 'condition.unused' }]);
    expect(problemsOf({ ...base, conditionType: 16 })).toMatchObject([{ field: 'conditionType', code: 'one_of' }]);
    expect(problemsOf({ ...base, alarmEnabled: 1 })).toMatchObject([{ field: 'conditionType', code: 'condition.required' }]);
    expect(problemsOf({ ...base, conditionVal1: 3 })).toMatchObject([{ field: 'conditionVal1', code: 'condition.unused' }]);
  });

  it('checks the printf against the data type, with the position', () => {
    expect(checkPoint({ ...base, dataType: 'UInt16', printf: '0:滤网堵塞;1:风机故障' }, 0).point?.printf).toBe('{"0":"滤网堵塞","1":"风机故障"}');
    expect(problemsOf({ ...base, dataType: 'UInt16', printf: '0:a;16:b' })).toMatchObject([{ field: 'printf', code: 'printf', position: 4 }]);
    expect(problemsOf({ ...base, dataType: 'UInt32', printf: '0:a;16:b' })).toEqual([]);
    expect(problemsOf({ ...base, printf: 'value * (' })).toMatchObject([{ field: 'printf', position: 9 }]);
  });

  it('reports every field problem of a row at once, in both languages', () => {
    const problems = problemsOf({ name: '', registerAddr: 'x', dataType: 'Float64', minValue: 5, extra: 1 }, 7);
    expect(problems.map((p) => [p.row, p.field, p.code])).toEqual([
      [7, 'name', 'required'], [7, 'dataType', 'one_of'], [7, 'registerAddr', 'number'], [7, 'extra', 'unknown_field'],
    ]);
    expect(problems.every((p) => p.message && p.messageEn)).toBe(true);
    expect(problemsOf({ ...base, minValue: 10, maxValue: 5 })).toMatchObject([{ field: 'maxValue', code: 'minmax' }]);
    expect(problemsOf({ ...base, id: 4 })).toMatchObject([{ field: 'version', code: 'required' }]);
    expect(problemsOf({ ...base, groupId: 1, groupName: 'A' })).toMatchObject([{ field: 'groupName', code: 'group.both' }]);
    expect(problemsOf(null)).toMatchObject([{ field: '', code: 'object' }]);
  });

  it('accepts every field of the schema', () => {
    const full = {
      id: 1, version: 1, name: '故障', measureType: 1, dataType: 'UInt16', length: null, modbusCode: 4, registerAddr: 100, access: 0, unit: '',
      tagId: null, groupId: 2, decimals: 0, minValue: 0, maxValue: 65535, conditionType: 15, conditionVal1: null, conditionVal2: null,
      warnLevel: 2, alarmEnabled: 1, printf: '0:滤网堵塞', sortOrder: 9,
    };
    expect(Object.keys(MeasurePointInput.shape).sort()).toEqual([...Object.keys(full), 'groupName'].sort());
    expect(problemsOf(full)).toEqual([]);
  });
});

describe('register table rules', () => {
  const pt = (row: number | null, name: string, registerAddr: number, more: Partial<TablePoint> = {}): TablePoint => ({
    row, name, registerAddr, measureType: 0, dataType: 'Float', length: null, modbusCode: 3, ...more,
  });

  it('allows points side by side', () => {
    expect(checkTable([pt(0, 'A', 0), pt(1, 'B', 2), pt(2, 'C', 4, { dataType: 'Double' }), pt(3, 'D', 8, { dataType: 'UInt16' })])).toEqual([]);
  });

  it('refuses registers shared within one function code, naming both points', () => {
    const problems = checkTable([pt(0, 'PM2.5', 0), pt(1, 'PM10', 1), pt(2, '温度', 4)]);
    expect(problems).toEqual([expect.objectContaining({
      row: 1, field: 'registerAddr', code: 'register.overlap',
      message: '功能码 3 寄存器重叠：「PM10」（第 2 行）占 1–2，「PM2.5」（第 1 行）占 0–1',
      messageEn: 'function code 3 registers overlap: "PM10" (row 2) takes 1–2, "PM2.5" (row 1) takes 0–1',
    })]);
    // A long string over two others: one problem each, on the later row.
    const wide = checkTable([pt(0, 'A', 10), pt(1, 'B', 12), pt(2, 'SN', 8, { dataType: 'String', length: 8 })]);
    expect(wide.map((p) => [p.row, p.message.includes('「A」') || p.message.includes('「B」')])).toEqual([[2, true], [2, true]]);
  });

  it('keeps function codes apart, and leaves points that are not collected out', () => {
    expect(checkTable([pt(0, 'A', 0), pt(1, 'B', 0, { modbusCode: 4 }), pt(2, 'C', 0, { modbusCode: 1, dataType: 'Boolean' })])).toEqual([]);
    expect(checkTable([pt(0, 'A', 0), pt(1, 'B', 0, { measureType: -1 })])).toEqual([]);
  });

  it('names a stored point that is not in the request by name only', () => {
    const [p] = checkTable([pt(null, '阻力', 0), pt(null, '风量', 2), pt(null, '新点', 3)]);
    expect(p.message).toBe('功能码 3 寄存器重叠：「新点」占 3–4，「风量」占 2–3');
  });

  it('refuses duplicate names', () => {
    expect(checkTable([pt(0, 'A', 0), pt(1, 'B', 2), pt(2, 'A', 4)])).toMatchObject([
      { row: 2, field: 'name', code: 'name.duplicate', message: '名称重复：「A」（第 3 行）与「A」（第 1 行）' },
    ]);
  });
});
