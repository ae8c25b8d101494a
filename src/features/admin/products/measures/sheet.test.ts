import { describe, expect, it } from 'vitest';
import { ConditionType } from '../../../../../contract/conditions';
import { MEASURE_TAGS, MeasureTag } from '../../../../../contract/enums';
import { MEASURE_COLUMNS, type MeasurePoint, type RegisterTable } from '../../../../../contract/resources/measure';
import { blankValues, pointToRow, type PointValues } from './draft';
import { readSheet, rowsToSheet, sheetLists, type SheetContext, type SheetData, type SheetRow } from './sheet';
import { buildWorkbook, readWorkbookRows } from './xlsxFile';

const TAGS = Object.entries(MEASURE_TAGS).map(([id, t]) => ({ id: Number(id), name: t.name }));
const zh: SheetContext = { lang: 'zh', tags: TAGS };
const en: SheetContext = { lang: 'en', tags: TAGS };

const emptyTable = (): RegisterTable => ({ model: { id: 7, name: '测试型号', code: 'T-1', deviceTypeId: 2001 }, groups: [], points: [] });

/** A 40-row register table: PM points, an energy Double, a fault word with a bit mapping, a String, a coil, then status words. */
function fortyRows(): PointValues[] {
  const v = (over: Partial<PointValues>): PointValues => ({ ...blankValues([], ''), ...over });
  const rows: PointValues[] = [
    v({ name: 'PM2.5', tagId: MeasureTag.PM25, unit: 'μg/m³', registerAddr: 0, minValue: 0, maxValue: 500, group: '环境' }),
    v({ name: 'PM10', tagId: MeasureTag.PM10, unit: 'μg/m³', registerAddr: 2, group: '环境' }),
    v({ name: '温度', tagId: MeasureTag.Temperature, registerAddr: 4, conditionType: ConditionType.LtOrGt, conditionVal1: 10, conditionVal2: 35, alarmEnabled: 1, group: '环境' }),
    v({ name: '湿度', tagId: MeasureTag.Humidity, registerAddr: 6, group: '环境' }),
    v({ name: '总电能', tagId: MeasureTag.TotalEnergy, dataType: 'Double', registerAddr: 8, group: '电能' }),
    v({ name: '故障字', dataType: 'UInt16', measureType: 1, decimals: 0, modbusCode: 4, registerAddr: 0,
      conditionType: ConditionType.Bitwise, alarmEnabled: 1, warnLevel: 2, printf: '{"0":"滤网堵塞","1":"风机故障"}' }),
    v({ name: '序列号', dataType: 'String', length: 8, decimals: 0, modbusCode: 4, registerAddr: 1 }),
    v({ name: '风机启停', dataType: 'Boolean', modbusCode: 1, registerAddr: 0, access: 2, decimals: 0 }),
  ];
  for (let i = rows.length; i < 40; i++) {
    rows.push(v({ name: `状态${i}`, dataType: 'UInt16', decimals: 0, registerAddr: 100 + i, access: i % 3, printf: i % 2 ? '' : 'x / 10' }));
  }
  return rows;
}

/** The sheet as Excel gives it back: written by exceljs and read again. */
async function roundTrip(data: SheetData, ctx: SheetContext): Promise<SheetRow[]> {
  const workbook = await buildWorkbook(data, sheetLists(ctx), { table: '测点表', lists: '选项' });
  const buffer = await workbook.xlsx.writeBuffer();
  return (await readWorkbookRows(buffer as ArrayBuffer))!;
}

const col = (field: string) => MEASURE_COLUMNS.findIndex((c) => c.field === field);

describe('register sheet', () => {
  it('a 40-row sheet with two bad rows reports exactly those two, by sheet row and column header; fixed, it plans 40 new points', async () => {
    const data = rowsToSheet(fortyRows(), zh);
    expect(data.header).toEqual(MEASURE_COLUMNS.map((c) => c.label.zh));
    data.rows[12][col('registerAddr')] = 111; // 状态12 over 状态11 (sheet rows 14 and 13)
    data.rows[30][col('conditionType')] = '大于且小于'; // a range without its second value (sheet row 32)
    data.rows[30][col('conditionVal1')] = 5;
    const bad = readSheet(await roundTrip(data, zh), emptyTable(), zh);
    expect(bad.plan).toBeUndefined();
    expect(bad.count).toBe(40);
    expect(bad.problems.map((p) => [p.sheetRow, p.column])).toEqual([[14, '寄存器地址'], [32, '条件值2']]);
    expect(bad.problems[0].message).toBe('功能码 3 寄存器重叠：「状态12」（第 14 行）占 111，「状态11」（第 13 行）占 111');

    const good = readSheet(await roundTrip(rowsToSheet(fortyRows(), zh), zh), emptyTable(), zh);
    expect(good.problems).toEqual([]);
    expect(good.plan).toMatchObject({ added: 40, changed: 0, unchanged: 0, removed: [], removeIds: [] });
    expect(good.plan!.sheetRows).toEqual(Array.from({ length: 40 }, (_v, i) => i + 2));
    const fault = good.plan!.rows[5];
    expect(fault).toMatchObject({ name: '故障字', measureType: 1, modbusCode: 4, conditionType: ConditionType.Bitwise, warnLevel: 2, alarmEnabled: 1 });
    // The mapping travels as text in the sheet and is checked again on the way in.
    expect(fault.printf).toBe('0:滤网堵塞;1:风机故障');
    expect(good.plan!.rows[0]).toMatchObject({ tagId: MeasureTag.PM25, groupName: '环境', minValue: 0, maxValue: 500, conditionType: null });
    expect(good.plan!.rows[6]).toMatchObject({ dataType: 'String', length: 8 });
  });

  it('reads English headers and labels, numbers for enumerations, and reports unreadable cells once', () => {
    const header = ['Name', 'Register address', 'Measure type', 'Access', 'Alarm condition', 'Value 1', 'Warn level', 'Alarm on', 'Tag', 'Data type', 'Unused'];
    const rows: SheetRow[] = [
      { number: 1, cells: header },
      { number: 2, cells: ['PM2.5', 0, 'Sample', 'read-only', 'At least', 75, 'Minor', 'yes', 'PM2.5', 'float', 'x'] },
      { number: 3, cells: ['Fan', '0x10', 0, 2, 8, '75', 1, 1, 2, 'UInt16', null] },
      { number: 4, cells: [null, null, null, null, null, null, null, null, null, null, null] },
      { number: 5, cells: ['Bad', 'abc', 'Often', 0, null, null, null, 'maybe', '不存在', 'Float64', null] },
    ];
    const r = readSheet(rows, emptyTable(), en);
    expect(r.count).toBe(3);
    expect(r.problems.map((p) => [p.sheetRow, p.column])).toEqual([
      [5, 'Measure type'], [5, 'Data type'], [5, 'Register address'], [5, 'Tag'], [5, 'Alarm on'],
    ]);
    expect(r.problems[2].message).toBe('"abc" is not a number');
    expect(r.problems[3].message).toBe('measure tag "不存在" does not exist');

    const ok = readSheet(rows.slice(0, 3), emptyTable(), en);
    expect(ok.plan!.rows).toEqual([
      { name: 'PM2.5', registerAddr: 0, measureType: 0, access: 0, conditionType: 8, conditionVal1: 75, warnLevel: 1, alarmEnabled: 1, tagId: 2, dataType: 'Float' },
      { name: 'Fan', registerAddr: 16, measureType: 0, access: 2, conditionType: 8, conditionVal1: 75, warnLevel: 1, alarmEnabled: 1, tagId: 2, dataType: 'UInt16' },
    ]);
  });

  it('a sheet without the name or address column, or without rows, says so', () => {
    const r = readSheet([{ number: 1, cells: ['名称', '单位'] }, { number: 2, cells: ['a', 'b'] }], emptyTable(), zh);
    expect(r.problems.map((p) => p.message)).toEqual(['缺少列“测点名称”', '缺少列“寄存器地址”']);
    expect(readSheet([{ number: 1, cells: ['测点名称', '寄存器地址'] }], emptyTable(), zh).problems.map((p) => p.message)).toEqual(['表中没有测点']);
    expect(readSheet([], emptyTable(), zh).problems).toHaveLength(1);
  });

  it('matches stored points by ID, else by name, and removes the ones the sheet leaves out', () => {
    const point = (id: number, name: string, registerAddr: number, sortOrder: number): MeasurePoint => ({
      id, version: 3, deviceModelId: 7, name, measureType: 0, dataType: 'Float', length: null, modbusCode: 3, registerAddr, access: 0,
      unit: '', tagId: null, groupId: 1, decimals: 1, minValue: null, maxValue: null, conditionType: null, conditionVal1: null,
      conditionVal2: null, warnLevel: 0, alarmEnabled: 0, printf: '', sortOrder,
    });
    const table: RegisterTable = {
      model: { id: 7, name: 'M', code: 'M', deviceTypeId: 2001 },
      groups: [{ id: 1, version: 1, deviceModelId: 7, name: '默认分组', sortOrder: 0 }],
      points: [point(11, 'A', 0, 0), point(12, 'B', 2, 1), point(13, 'C', 4, 2), point(14, 'D', 6, 3)],
    };
    // Exported, then: A kept as is, B renamed through its ID, C matched by name (no ID) with a new address, D left out, E new.
    const data = rowsToSheet(table.points.map((p) => pointToRow(p, table.groups)), zh);
    data.rows[1][col('name')] = 'B2';
    data.rows[2][col('id')] = '';
    data.rows[2][col('registerAddr')] = 40;
    data.rows[3] = rowsToSheet([{ ...blankValues([], '默认分组'), name: 'E', registerAddr: 50 }], zh).rows[0];
    const rows: SheetRow[] = [data.header, ...data.rows].map((cells, i) => ({ number: i + 1, cells }));
    const r = readSheet(rows, table, zh);
    expect(r.problems).toEqual([]);
    expect(r.plan).toMatchObject({ added: 1, changed: 2, unchanged: 1, removeIds: [14], removed: [{ id: 14, name: 'D' }] });
    expect(r.plan!.rows.map((x) => [x.id, x.version, x.name])).toEqual([[11, 3, 'A'], [12, 3, 'B2'], [13, 3, 'C'], [undefined, undefined, 'E']]);

    // An ID twice is refused on the second row.
    const twice = [...rows.slice(0, 3), { number: 4, cells: rows[2].cells.map((c, i) => (i === col('name') ? 'B3' : i === col('registerAddr') ? 60 : c)) }];
    expect(readSheet(twice, table, zh).problems.map((p) => [p.sheetRow, p.column, p.message])).toEqual([[4, 'ID', 'ID 12 在表中出现了两次']]);
  });
});
