import { describe, expect, it } from 'vitest';
import { wallCss } from '../shared/screenTheme';
import {
  TABLE_HEADER_HEIGHT, TABLE_ROW_HEIGHT, buildTableRows, columnLabels, columnTemplate, pageAt, pageLayout, pagePeriodMs, pageRows, readDeviceTableProps,
  stateKey, type DeviceTableItem,
} from './deviceTableModel';

const CST = 480;
const NOW = Date.UTC(2025, 2, 4, 6, 0, 0); // 14:00 at UTC+8
const defaults = { name: '设备名称', model: '型号', state: '状态', lastSeen: '最后通信' };

describe('readDeviceTableProps', () => {
  it('defaults to name, model and state, paging every 10 s', () => {
    expect(readDeviceTableProps({})).toEqual({ columns: ['name', 'model', 'state'], labels: {}, pageSeconds: 10 });
    expect(readDeviceTableProps({ columns: 'name', labels: [], pageSeconds: 0 })).toEqual(readDeviceTableProps({}));
  });

  it('takes columns, label overrides and the paging interval', () => {
    const p = readDeviceTableProps({ columns: ['name', 'lastSeen', 'code'], labels: { code: '编码' }, pageSeconds: 15 });
    expect(p).toEqual({ columns: ['name', 'lastSeen', 'code'], labels: { code: '编码' }, pageSeconds: 15 });
    expect(columnLabels(p, defaults)).toEqual(['设备名称', '最后通信', '编码']);
    expect(columnLabels({ ...p, columns: ['other'] }, defaults)).toEqual(['other']);
  });
});

describe('buildTableRows', () => {
  const items: DeviceTableItem[] = [
    { id: 1, name: '净化机组-1', state: 1, model: 'NV-AP900', lastSeen: NOW - 5_000 },
    { id: 2, name: '净化机组-2', state: 2, model: '', lastSeen: NOW - 20 * 3_600_000 },
    { id: 3, name: '传感器-3', state: 0, model: null, lastSeen: null },
  ];

  it('writes each column, a dash for blanks, the state as a coloured key and lastSeen as a time', () => {
    const rows = buildTableRows(items, ['name', 'model', 'state', 'lastSeen'], NOW, CST);
    expect(rows.map((r) => r.key)).toEqual(['d1', 'd2', 'd3']);
    expect(rows[0].cells).toEqual([
      { kind: 'text', text: '净化机组-1' }, { kind: 'text', text: 'NV-AP900' },
      { kind: 'state', state: 'online', colour: wallCss.state.online }, { kind: 'text', text: '13:59:55' },
    ]);
    expect(rows[1].cells.slice(1)).toEqual([
      { kind: 'text', text: '—' }, { kind: 'state', state: 'alarm', colour: wallCss.state.alarm }, { kind: 'text', text: '03-03 18:00' },
    ]);
    expect(rows[2].cells[3]).toEqual({ kind: 'text', text: '—' });
  });

  it('tints alarm rows only', () => {
    expect(buildTableRows(items, ['name'], NOW, CST).map((r) => r.alarm)).toEqual([false, true, false]);
  });

  it('treats any unknown state as offline', () => {
    expect([stateKey(0), stateKey(1), stateKey(2), stateKey(9), stateKey('1')]).toEqual(['offline', 'online', 'alarm', 'offline', 'offline']);
  });

  it('gives the name the most room and state a fixed width', () => {
    expect(columnTemplate(['name', 'model', 'state'])).toBe('minmax(0, 2fr) minmax(0, 1fr) 128px');
  });
});

describe('paging', () => {
  const height = TABLE_HEADER_HEIGHT + 6 * TABLE_ROW_HEIGHT + 10;

  it('fits as many rows as the content height holds below the header', () => {
    expect(pageLayout(6, height)).toEqual({ rowsPerPage: 6, pages: 1 });
    expect(pageLayout(13, height)).toEqual({ rowsPerPage: 6, pages: 3 });
    expect(pageLayout(0, height)).toEqual({ rowsPerPage: 6, pages: 1 });
    expect(pageLayout(3, 20)).toEqual({ rowsPerPage: 1, pages: 3 });
  });

  it('slices a page and wraps a page beyond the last', () => {
    const rows = Array.from({ length: 13 }, (_, i) => i);
    expect(pageRows(rows, 0, 6)).toEqual({ page: 0, rows: [0, 1, 2, 3, 4, 5] });
    expect(pageRows(rows, 2, 6)).toEqual({ page: 2, rows: [12] });
    expect(pageRows(rows, 3, 6)).toEqual({ page: 0, rows: [0, 1, 2, 3, 4, 5] });
    expect(pageRows(rows.slice(0, 4), 2, 6)).toEqual({ page: 0, rows: [0, 1, 2, 3] });
    expect(pageRows([], 1, 6)).toEqual({ page: 0, rows: [] });
  });
});

describe('pageAt', () => {
  const T = 1_760_000_000_000; // a multiple of 10 s

  it('turns every pageSeconds on the clock, so two tiles show the same page whenever each mounted the table', () => {
    expect(pageAt(T, 10, 3)).toBe(pageAt(T + 9_999, 10, 3));
    expect(pageAt(T + 10_000, 10, 3)).toBe((pageAt(T, 10, 3) + 1) % 3);
    expect(pageAt(T + 30_000, 10, 3)).toBe(pageAt(T, 10, 3));
  });

  it('stays on the one page of a table that fits', () => {
    expect(pageAt(T + 12_345, 10, 1)).toBe(0);
    expect(pagePeriodMs(1, 10)).toBe(0);
    expect(pagePeriodMs(4, 8)).toBe(8_000);
  });
});
