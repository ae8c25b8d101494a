import { Table as AntTable, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { createGlobalStyle } from 'styled-components';

/** SPEC §4's mobile class: up to 576 px a table's rows become cards. */
export const CARD_TABLE_MAX_WIDTH = 576;
const CLASS = 'nv-card-table';

/**
 * At mobile widths every row of a `Table` is a card: one line per cell, the column's title before
 * its value (from `data-label`), no header, nothing wider than the screen. Wider screens keep the
 * table as it is. Rendered once by AdminProviders.
 */
export const CardTableStyle = createGlobalStyle`
  @media (max-width: ${CARD_TABLE_MAX_WIDTH}px) {
    .${CLASS} .ant-table-thead, .${CLASS} .ant-table-measure-row { display: none; }
    .${CLASS} .ant-table-content, .${CLASS} .ant-table-body { overflow: visible !important; }
    .${CLASS} table { display: block; width: 100% !important; min-width: 0 !important; table-layout: auto !important; }
    .${CLASS} colgroup { display: none; }
    .${CLASS} .ant-table-tbody { display: block; }
    .${CLASS} .ant-table-tbody > tr {
      display: block;
      margin: 0 0 0.75rem;
      padding: 0.5rem 0.75rem;
      border: 1px solid ${({ theme }) => theme.surfaceBorder};
      border-radius: 6px;
    }
    .${CLASS} .ant-table-tbody > tr > td {
      display: flex;
      gap: 0.75rem;
      justify-content: space-between;
      align-items: baseline;
      width: auto !important;
      padding: 0.3rem 0 !important;
      border: 0 !important;
      text-align: right !important;
      overflow-wrap: anywhere;
      position: static !important;
      background: transparent !important;
    }
    .${CLASS} .ant-table-tbody > tr > td[data-label]::before {
      content: attr(data-label);
      flex: none;
      max-width: 45%;
      text-align: left;
      color: ${({ theme }) => theme.textMuted};
    }
    .${CLASS} .ant-table-tbody > tr.ant-table-placeholder > td { justify-content: center; }
  }
`;

function withLabels<T>(columns: ColumnsType<T>): ColumnsType<T> {
  return columns.map((column) => {
    const label = typeof column.title === 'string' ? column.title : undefined;
    const children = 'children' in column && column.children ? { children: withLabels(column.children) } : {};
    if (!label) return { ...column, ...children };
    const own = column.onCell;
    return {
      ...column,
      ...children,
      onCell: (record: T, index?: number) => ({ ...own?.(record, index), 'data-label': label } as ReturnType<NonNullable<typeof own>>),
    };
  });
}

/**
 * antd's Table, whose rows become labelled cards on a phone (SPEC §4 mobile class); use it for
 * every list of the admin, analysis and purchase branches instead of antd's own.
 */
export function Table<T extends object>(props: TableProps<T>) {
  const columns = useMemo(() => (props.columns ? withLabels(props.columns) : undefined), [props.columns]);
  return <AntTable<T> {...props} columns={columns} className={props.className ? `${props.className} ${CLASS}` : CLASS} />;
}
Table.Summary = AntTable.Summary;
Table.SELECTION_ALL = AntTable.SELECTION_ALL;
Table.SELECTION_NONE = AntTable.SELECTION_NONE;
Table.SELECTION_INVERT = AntTable.SELECTION_INVERT;
Table.EXPAND_COLUMN = AntTable.EXPAND_COLUMN;
