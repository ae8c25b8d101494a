import { LOG_ACTIONS, LogFilter, MyLogFilter } from '../../../../contract/logs';
import type { ColumnDef, FilterDef } from '../../../../contract/resources/kit';
import type { ListView } from '../kit/listState';

/** The log lists' columns, as the table shows them and the export writes them. */
export const LOG_COLUMNS: readonly ColumnDef[] = [
  { name: 'createdAt', label: { zh: '时间', en: 'Time' }, kind: 'datetime', width: 180 },
  { name: 'username', label: { zh: '用户', en: 'User' }, width: 140 },
  { name: 'action', label: { zh: '操作', en: 'Action' }, options: { values: LOG_ACTIONS }, width: 110 },
  { name: 'target', label: { zh: '操作对象', en: 'Target' } },
  { name: 'ip', label: { zh: 'IP 地址', en: 'IP address' }, width: 150 },
  { name: 'detail', label: { zh: '详情', en: 'Detail' } },
];

const MY_FILTERS: readonly FilterDef[] = [
  { name: 'action', label: { zh: '操作', en: 'Action' }, kind: 'select', options: { values: LOG_ACTIONS } },
  { name: 'from', label: { zh: '开始时间', en: 'From' }, kind: 'keyword' },
  { name: 'to', label: { zh: '结束时间', en: 'To' }, kind: 'keyword' },
  { name: 'target', label: { zh: '操作对象', en: 'Target' }, kind: 'keyword' },
];

/** 我的日志: the caller's own lines; its filters live in the address like a kit list's. */
export const MY_LOG_VIEW: ListView = { filters: MY_FILTERS, filter: MyLogFilter, columns: LOG_COLUMNS };

/** 系统日志: everyone's lines in the caller's scope, also by user. */
export const SYS_LOG_VIEW: ListView = {
  filters: [...MY_FILTERS, { name: 'userId', label: { zh: '用户', en: 'User' }, kind: 'select', options: { names: 'user-manage' } }],
  filter: LogFilter,
  columns: LOG_COLUMNS,
};
