import { Button, Popconfirm, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { cellValue, type CellContext } from './cellValue';
import { StoredImage } from './ImageUpload';
import type { ResourceRow } from './resourceApi';
import { resourceKey } from './resourceStrings';

export interface RowActions {
  onEdit?(row: ResourceRow): void;
  onDelete?(row: ResourceRow): Promise<unknown>;
  /** A page's own actions for a row (权限, 复制, 禁用, …), shown before 编辑 / 删除. */
  extra?(row: ResourceRow): ReactNode;
}

/** A record removed to the 回收站 (a definition with `softDelete`): neither edited nor removed again. */
export function isRemoved(def: ResourceDefinition, row: ResourceRow): boolean {
  return !!def.softDelete && row[def.softDelete] != null;
}

/** The order a column shows: the list's sort, else the definition's default when it names the column. */
function orderOf(sort: string, column: string): SortOrder {
  if (sort === column) return 'ascend';
  if (sort === `-${column}`) return 'descend';
  return null;
}

/**
 * The table's columns from the definition (labels in the user's language, server-side sorting,
 * formatted cells) and, when the user may do any, a column of the page's own actions, 编辑 and 删除.
 */
export function useResourceColumns(def: ResourceDefinition, sort: string, ctx: CellContext, actions: RowActions): ColumnsType<ResourceRow> {
  const { t } = useTranslation('admin');
  return useMemo(() => {
    const columns: ColumnsType<ResourceRow> = def.columns.map((c) => ({
      key: c.name,
      dataIndex: c.name,
      title: t(resourceKey(def, 'columns', c.name)),
      width: c.width,
      align: c.kind === 'number' ? 'right' : undefined,
      sorter: c.sortable ? true : undefined,
      sortOrder: c.sortable ? orderOf(sort, c.name) : undefined,
      // A time reads as one; a narrow table wraps the other columns first.
      onCell: c.kind === 'datetime' ? () => ({ style: { whiteSpace: 'nowrap' } }) : undefined,
      render: c.kind === 'image' ? (value: unknown) => <StoredImage path={value} size={40} /> : (value: unknown) => {
        const text = cellValue(c, value, ctx);
        // A fixed option with a tone (a state) reads as a coloured tag.
        const tone = c.options && 'values' in c.options ? c.options.values.find((o) => String(o.value) === String(value))?.tone : undefined;
        return tone ? <Tag color={tone}>{text}</Tag> : text;
      },
    }));
    const { onEdit, onDelete, extra } = actions;
    if (!onEdit && !onDelete && !extra) return columns;
    columns.push({
      key: '$actions',
      title: t('kit.actions'),
      width: extra ? undefined : '10rem',
      render: (_: unknown, row: ResourceRow) => {
        const live = !isRemoved(def, row);
        const soft = !!def.softDelete;
        return (
          // On one line: a row's actions wrapped under one another read as two rows. A table too
          // narrow for them scrolls sideways within itself (ResourceList's scroll.x).
          <Space size="small">
            {extra?.(row)}
            {onEdit && live && <Button type="link" size="small" onClick={() => onEdit(row)}>{t('kit.edit')}</Button>}
            {onDelete && live && (
              <Popconfirm title={t(soft ? 'kit.confirmRemove' : 'kit.confirmDelete', { name: String(row[def.label] ?? row.id) })} onConfirm={() => onDelete(row)}>
                <Button type="link" size="small" danger>{t(soft ? 'kit.remove' : 'kit.delete')}</Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    });
    return columns;
  }, [def, sort, ctx, actions, t]);
}
