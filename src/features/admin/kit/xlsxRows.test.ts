import { describe, expect, it } from 'vitest';
import type { ColumnDef } from '../../../../contract/resources/kit';
import { contactsResource } from '../../../../contract/resources/contacts';
import type { CellContext } from './cellValue';
import { buildXlsxRows, exportFileName } from './xlsxRows';

const orgs = new Map([[2, '华东洁净制造集团'], [3, '苏州工厂']]);
const ctx: CellContext = {
  names: (resource) => (resource === 't_org' ? orgs : undefined),
  optionLabel: (column, value) => (column.name === 'level' ? ({ 1: '一级', 2: '二级' } as Record<string, string>)[String(value)] : undefined),
  yes: '是',
  no: '否',
};
const header = (c: ColumnDef) => c.label.zh;

describe('buildXlsxRows', () => {
  it('writes a list column (a user\'s roles) as its names side by side', () => {
    const roles: ColumnDef = { name: 'roles', label: { zh: '角色', en: 'Roles' }, kind: 'list' };
    const records = [{ id: 1, roles: [{ id: 3, name: '值班' }, { id: 5, name: '维修' }] }, { id: 2, roles: [] }, { id: 3, roles: ['甲', '乙'] }];
    expect(buildXlsxRows([roles], records, header, ctx).rows).toEqual([['值班、维修'], [''], ['甲、乙']]);
  });

  it('writes the column labels, then each record as the list shows it, references by name', () => {
    const records = [
      { id: 1, version: 1, orgId: 2, name: '上海值班室', phone: '400-800-1001', email: '', webhookUrl: '', webhookSecretSet: false },
      { id: 2, version: 3, orgId: 3, name: '苏州值班室', phone: '', email: 'sz@example.com', webhookUrl: 'https://hooks.example.com/a', webhookSecretSet: true },
    ];
    expect(buildXlsxRows(contactsResource.columns, records, header, ctx)).toEqual({
      header: ['姓名', '电话', '邮箱', 'Webhook 地址', '签名密钥', '所属组织'],
      rows: [
        ['上海值班室', '400-800-1001', '', '', '否', '华东洁净制造集团'],
        ['苏州值班室', '', 'sz@example.com', 'https://hooks.example.com/a', '是', '苏州工厂'],
      ],
    });
  });

  it('writes the id of a reference whose name is not known, option labels, 是/否, times, and numbers as numbers', () => {
    const columns: ColumnDef[] = [
      { name: 'orgId', label: { zh: '组织', en: 'Org' }, kind: 'ref', options: { names: 't_org' } },
      { name: 'level', label: { zh: '级别', en: 'Level' }, options: { values: [{ value: 1, label: { zh: '一级', en: 'One' } }] } },
      { name: 'enabled', label: { zh: '启用', en: 'On' }, kind: 'switch' },
      { name: 'at', label: { zh: '时间', en: 'At' }, kind: 'datetime' },
      { name: 'order', label: { zh: '排序', en: 'Order' }, kind: 'number' },
      { name: 'note', label: { zh: '备注', en: 'Note' } },
    ];
    const at = new Date(2026, 4, 1, 8, 30, 5).toISOString();
    const { rows } = buildXlsxRows(columns, [
      { orgId: 99, level: 2, enabled: true, at, order: 7, note: null },
      { orgId: null, level: 5, enabled: false, at: 'soon', order: 0 },
    ], header, ctx);
    expect(rows).toEqual([
      ['99', '二级', '是', '2026-05-01 08:30:05', 7, ''],
      ['', '5', '否', 'soon', 0, ''],
    ]);
  });

  it('writes only the header for an empty list', () => {
    expect(buildXlsxRows(contactsResource.columns, [], (c) => c.label.en, ctx)).toEqual({ header: ['Name', 'Phone', 'E-mail', 'Webhook URL', 'Signing secret', 'Organisation'], rows: [] });
  });
});

describe('exportFileName', () => {
  it('is the title and the local time, without characters file systems refuse', () => {
    expect(exportFileName('厂家', new Date(2026, 0, 2, 3, 4, 5))).toBe('厂家-20260102-030405.xlsx');
    expect(exportFileName('a/b:c', new Date(2026, 11, 31, 23, 59, 59))).toBe('a_b_c-20261231-235959.xlsx');
  });
});
