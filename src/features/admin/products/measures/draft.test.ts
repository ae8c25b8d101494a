import { describe, expect, it } from 'vitest';
import { ConditionType } from '../../../../../contract/conditions';
import type { MeasurePoint, RegisterTable } from '../../../../../contract/resources/measure';
import {
  blankValues, checkRows, diffRows, moveRow, newRowKey, nextFreeAddress, problemsByKey, rowToInput, saveBody, tableRows, uniqueName,
  type DraftRow,
} from './draft';
import { conditionText, enumLabel, enumOptions } from './measureLabels';
import { measureStrings } from './measureStrings';

const point = (id: number, name: string, registerAddr: number, sortOrder: number, over: Partial<MeasurePoint> = {}): MeasurePoint => ({
  id, version: 2, deviceModelId: 7, name, measureType: 0, dataType: 'Float', length: null, modbusCode: 3, registerAddr, access: 0,
  unit: '', tagId: null, groupId: 1, decimals: 1, minValue: null, maxValue: null, conditionType: null, conditionVal1: null,
  conditionVal2: null, warnLevel: 0, alarmEnabled: 0, printf: '', sortOrder, ...over,
});

const table = (): RegisterTable => ({
  model: { id: 7, name: 'M', code: 'M', deviceTypeId: 2001 },
  groups: [{ id: 1, version: 1, deviceModelId: 7, name: '默认分组', sortOrder: 0 }],
  // Stored out of order: the draft follows sortOrder.
  points: [point(12, 'PM10', 2, 1), point(11, 'PM2.5', 0, 0, { conditionType: ConditionType.Gte, conditionVal1: 75, alarmEnabled: 1 })],
});

describe('register table draft', () => {
  it('reads a stored table in order with group names, and an unchanged draft has nothing to save', () => {
    const t = table();
    const rows = tableRows(t);
    expect(rows.map((r) => [r.key, r.name, r.group])).toEqual([['p11', 'PM2.5', '默认分组'], ['p12', 'PM10', '默认分组']]);
    expect(diffRows(t, rows)).toMatchObject({ added: 0, removed: [], count: 0 });
    expect(saveBody(t, rows)).toEqual({
      deviceModelId: 7,
      removeIds: [],
      rows: [
        expect.objectContaining({ id: 11, version: 2, name: 'PM2.5', groupId: 1, conditionVal1: 75 }),
        expect.objectContaining({ id: 12, version: 2, name: 'PM10', groupId: 1 }),
      ],
    });
    expect(saveBody(t, rows).rows[0]).not.toHaveProperty('key');
    expect(saveBody(t, rows).rows[0]).not.toHaveProperty('groupName');
  });

  it('counts added, changed (values or place) and removed rows; a new group goes by name', () => {
    const t = table();
    const [pm25, pm10] = tableRows(t);
    const added: DraftRow = { ...blankValues([pm25, pm10], '新分组'), key: newRowKey(), name: 'PM1' };
    expect(added.registerAddr).toBe(4);
    const d = diffRows(t, [{ ...pm25, conditionVal1: 80 }, added]);
    expect(d).toMatchObject({ added: 1, removed: [t.points[0]], count: 3 });
    expect([...d.changed]).toEqual(['p11']);
    expect([...diffRows(t, [pm10, pm25]).changed]).toEqual(['p12', 'p11']);
    const body = saveBody(t, [pm25, added]);
    expect(body.removeIds).toEqual([12]);
    expect(body.rows[1]).toMatchObject({ name: 'PM1', groupId: null, groupName: '新分组' });
    expect(body.rows[1]).not.toHaveProperty('id');
    expect(rowToInput({ ...pm25, group: '' }, t.groups)).toMatchObject({ groupId: null });
  });

  it('checks every row and the table: overlaps and duplicate names name both rows, bad fields their field', () => {
    const t = table();
    const [pm25, pm10] = tableRows(t);
    const rows: DraftRow[] = [
      pm25,
      { ...pm10, registerAddr: 1 },
      { ...pm10, key: 'n-a', id: undefined, version: undefined, registerAddr: 70000, conditionType: ConditionType.GtAndLt, conditionVal1: 5 },
      { ...pm10, key: 'n-b', id: undefined, version: undefined, name: 'PM2.5', registerAddr: 10, tagId: 999 },
    ];
    const problems = checkRows(rows, t.groups, new Set([2, 3]));
    expect(problems.map((p) => [p.row, p.field, p.code])).toEqual([
      [2, 'registerAddr', 'range'],
      [3, 'tagId', 'tag.unknown'],
      [3, 'name', 'name.duplicate'],
      [1, 'registerAddr', 'register.overlap'],
    ]);
    expect(problems[3].message).toBe('功能码 3 寄存器重叠：「PM10」（第 2 行）占 1–2，「PM2.5」（第 1 行）占 0–1');
    const byKey = problemsByKey(rows, problems);
    expect([...byKey.keys()]).toEqual(['n-a', 'n-b', 'p12']);
  });

  it('places, names and moves rows', () => {
    const rows = tableRows(table());
    expect(nextFreeAddress(rows, 3)).toBe(4);
    expect(nextFreeAddress(rows, 4)).toBe(0);
    expect(nextFreeAddress([{ ...rows[0], registerAddr: 65534, dataType: 'Double' }], 3)).toBe(65535);
    expect(uniqueName(rows, 'PM10')).toBe('PM102');
    expect(uniqueName(rows, 'PM1')).toBe('PM1');
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('labels enumerations and conditions in both languages', () => {
    expect(enumOptions('measureType', 'zh').map((o) => o.value)).toEqual([0, 1, 2, -1]);
    expect(enumLabel('warnLevel', 2, 'en')).toBe('Important');
    expect(enumLabel('condition', 15, 'zh')).toBe('按位上报');
    expect(conditionText(ConditionType.Gte, 75, null, 'zh')).toBe('≥ 75');
    expect(conditionText(ConditionType.LtOrGt, 10, 35, 'zh')).toBe('< 10 或 > 35');
    expect(conditionText(ConditionType.GtAndLt, 1, 2, 'en')).toBe('> 1 and < 2');
    expect(conditionText(ConditionType.ChangeGte, 5, null, 'en')).toBe('change ≥ 5');
    expect(conditionText(ConditionType.Bitwise, null, null, 'en')).toBe('Bitwise report');
    expect(conditionText(null, null, null, 'en')).toBe('');
  });

  it('has every text in both languages', () => {
    const keys = (o: object, at = ''): string[] => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${at}${k}.`) : [`${at}${k}`]));
    expect(keys(measureStrings.en).sort()).toEqual(keys(measureStrings.zh).sort());
  });
});
