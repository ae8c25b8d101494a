import { describe, expect, it } from 'vitest';
import { dayOf, parseDeviceSheet, templateSheet, type SheetTexts } from './importSheet';

const texts: SheetTexts = {
  missingColumn: (c) => `missing ${c}`, badDate: 'bad date', badNumber: 'bad number', lostDigits: 'lost digits', emptySheet: 'empty', tooMany: (n, max) => `${n} > ${max}`,
};
const label = (f: string) => `[${f}]`;

describe('the device import sheet', () => {
  it('reads the columns by their Chinese or English headers, in any order, skipping empty rows', () => {
    const sheet = [
      { number: 1, cells: ['设备编码', 'Name', '项目（编码或名称）', 'Model (code or name)', '安装日期', '经度', '纬度', 'ICCID'] },
      { number: 2, cells: [' S-1 ', '传感器', 'P-SH-01', 'NV-S200', new Date(Date.UTC(2026, 4, 1)), 121.5, '31.2', '89860000000000000001'] },
      { number: 3, cells: [null, null, '', null] },
      { number: 4, cells: ['S-2', '传感器2', '上海张江洁净厂房', 'NV-S200', '2026/5/2', null, null, null] },
    ];
    const parsed = parseDeviceSheet(sheet, texts, label);
    expect(parsed.problems).toEqual([]);
    expect(parsed.sheetRows).toEqual([2, 4]);
    expect(parsed.rows[0]).toEqual({
      name: '传感器', code: 'S-1', project: 'P-SH-01', deviceModel: 'NV-S200', gateway: '', iotId: '', iccid: '89860000000000000001',
      installDate: new Date(2026, 4, 1).getTime(), lng: 121.5, lat: 31.2,
    });
    expect(parsed.rows[1]).toMatchObject({ code: 'S-2', installDate: new Date(2026, 4, 2).getTime(), lng: null, lat: null });
  });

  it('reports what only the sheet can get wrong, with its row numbers', () => {
    expect(parseDeviceSheet([{ number: 1, cells: ['设备名称', '设备编码'] }], texts, label).problems.map((p) => p.message))
      .toEqual(['missing [project]', 'missing [deviceModel]']);
    const header = { number: 1, cells: ['设备名称', '设备编码', '项目（编码或名称）', '设备型号（编码或名称）', '安装日期', '经度'] };
    expect(parseDeviceSheet([header], texts, label).problems).toEqual([{ sheetRow: null, field: '', message: 'empty' }]);
    const bad = parseDeviceSheet([header, { number: 7, cells: ['a', 'b', 'p', 'm', '2026-02-30', 'east'] }], texts, label);
    expect(bad.problems).toEqual([
      { sheetRow: 7, field: 'installDate', message: 'bad date' }, { sheetRow: 7, field: 'lng', message: 'bad number' },
    ]);
    // An ICCID typed as a number has lost its last digits in Excel already.
    const iccid = parseDeviceSheet([{ number: 1, cells: [...header.cells, 'ICCID'] }, { number: 2, cells: ['a', 'b', 'p', 'm', null, null, 2 ** 64] }], texts, label);
    expect(iccid.problems).toEqual([{ sheetRow: 2, field: 'iccid', message: 'lost digits' }]);
  });

  it('takes Excel day numbers as days', () => {
    expect(dayOf(46143)).toBe(new Date(2026, 4, 1).getTime());
    expect(dayOf('')).toBeNull();
    expect(dayOf('soon')).toBe('bad');
  });

  it('offers a template whose header it reads back', () => {
    const t = templateSheet((f) => ({ name: '设备名称', code: '设备编码', project: '项目（编码或名称）', deviceModel: '设备型号（编码或名称）' } as Record<string, string>)[f] ?? f);
    const parsed = parseDeviceSheet([{ number: 1, cells: t.header }, { number: 2, cells: t.rows[0] }], texts, label);
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows[0]).toMatchObject({ code: 'P-SH-01-S200-101', deviceModel: 'NV-S200', gateway: 'GW-P-SH-01' });
  });
});
