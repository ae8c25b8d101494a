import { DeleteOutlined, DownloadOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Popconfirm } from 'antd';
import { Table } from './CardTable';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PAGE_SIZES } from '../../../../contract/constants';
import type { ResourceDefinition } from '../../../../contract/resources/kit';
import { withFilters } from './listState';
import { fetchPage, type ResourceRow } from './resourceApi';
import { ResourceFilterBar } from './ResourceFilterBar';
import { ResourceFormDrawer, type FieldInputs } from './ResourceFormDrawer';
import { useCellContext } from './useCellContext';
import { useDeleteActions } from './useDeleteActions';
import { useListState } from './useListState';
import { useOptionSources } from './useOptionSources';
import { isRemoved, useResourceColumns } from './useResourceColumns';
import { useResourceRights } from './useResourceRights';
import { useXlsxExport } from './useXlsxExport';

const ListRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

/**
 * The generic list of a resource (DESIGN "Admin resource kit"): filters, 新增 / 批量删除 / 导出,
 * the table paged and sorted by the server, and the form drawer. Its state is the address query;
 * buttons the user has no right for are not rendered.
 */
export interface ResourceListProps {
  def: ResourceDefinition;
  /** A page's own actions for a row (权限, 复制, 禁用, …), shown before 编辑 / 删除. */
  rowActions?(row: ResourceRow): ReactNode;
  /** A page's own buttons, after 新增 / 批量删除. */
  toolbar?: ReactNode;
  /**
   * Filters the page holds (an organisation's roles: `{ orgId: '12' }`): sent with every request
   * and the export, not offered in the filter bar.
   */
  fixed?: Readonly<Record<string, string>>;
  /** A new record's starting values (the organisation of the page). */
  defaults?: Readonly<Record<string, unknown>>;
  /** The page's own inputs for some fields of the form (see ResourceFormDrawer). */
  fieldInputs?: FieldInputs;
}

export function ResourceList({ def, rowActions, toolbar, fixed, defaults, fieldInputs }: ResourceListProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const [state, setState] = useListState(def);
  const stateKey = JSON.stringify(state);
  const fixedKey = JSON.stringify(fixed ?? {});
  // What is asked of the server: the address's state with the page's own filters over it.
  const query = useMemo(() => ({ ...state, filters: { ...state.filters, ...(JSON.parse(fixedKey) as Record<string, string>) } }), [state, fixedKey]);
  const barDef = useMemo(() => (fixed ? { ...def, filters: def.filters.filter((f) => !(f.name in fixed)) } : def), [def, fixed]);
  const list = useQuery({
    queryKey: ['resource', def.name, 'list', query],
    queryFn: ({ signal }) => fetchPage(def, query, signal),
    placeholderData: keepPreviousData,
  });
  const sources = useOptionSources(def);
  const ctx = useCellContext(sources);
  const { canCreate, canEdit, canDelete } = useResourceRights(def);
  const { deleteOne, deleteSelected } = useDeleteActions(def);
  const exporter = useXlsxExport(def, query, sources);
  const [drawer, setDrawer] = useState<{ row?: ResourceRow; open: boolean } | null>(null);
  // A selection belongs to the page it was made on: another page, filter or order clears it.
  const [selection, setSelection] = useState<{ key: string; rows: ResourceRow[] }>({ key: '', rows: [] });
  const selected = selection.key === stateKey ? selection.rows : [];

  const rows = list.data?.list ?? [];
  const count = list.data?.count ?? 0;
  const lastPage = Math.max(1, Math.ceil(count / state.size));
  // Past the end (the last rows were deleted, or an old link): show the last page there is.
  const pastEnd = !list.isPlaceholderData && list.isSuccess && rows.length === 0 && state.page > lastPage;
  useEffect(() => {
    if (pastEnd) setState({ ...state, page: lastPage });
  }, [pastEnd, lastPage, state, setState]);

  const actions = useMemo(() => ({
    onEdit: canEdit ? (row: ResourceRow) => setDrawer({ row, open: true }) : undefined,
    onDelete: canDelete ? deleteOne : undefined,
    extra: rowActions,
  }), [canEdit, canDelete, deleteOne, rowActions]);
  const columns = useResourceColumns(def, state.sort ?? def.defaultSort, ctx, actions);

  const onTableChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<ResourceRow> | SorterResult<ResourceRow>[], extra: { action: string }) => {
    if (extra.action === 'sort' && !Array.isArray(sorter)) {
      const sort = sorter.order ? `${sorter.order === 'descend' ? '-' : ''}${String(sorter.columnKey)}` : undefined;
      setState({ ...state, page: 1, sort });
    } else if (extra.action === 'paginate') {
      const size = pagination.pageSize ?? state.size;
      setState({ ...state, size, page: size === state.size ? pagination.current ?? 1 : 1 });
    }
  };

  return (
    <ListRoot data-resource={def.name}>
      <ResourceFilterBar key={JSON.stringify(state.filters)} def={barDef} filters={state.filters} sources={sources} onChange={(filters) => setState(withFilters(state, filters))} />
      <Flex gap="0.5rem" wrap>
        {canCreate && <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDrawer({ open: true })}>{t('kit.add')}</Button>}
        {canDelete && (
          <Popconfirm
            title={t(def.softDelete ? 'kit.confirmBatchRemove' : 'kit.confirmBatchDelete', { count: selected.length })}
            disabled={!selected.length}
            onConfirm={async () => {
              await deleteSelected(selected);
              setSelection({ key: '', rows: [] });
            }}
          >
            <Button danger icon={<DeleteOutlined aria-hidden />} disabled={!selected.length}>{t(def.softDelete ? 'kit.batchRemove' : 'kit.batchDelete')}</Button>
          </Popconfirm>
        )}
        {toolbar}
        <Button icon={<DownloadOutlined aria-hidden />} loading={exporter.exporting && { icon: <LoadingOutlined aria-hidden /> }} onClick={() => void exporter.run()} style={{ marginLeft: 'auto' }}>
          {t('kit.export')}
        </Button>
      </Flex>
      {list.isError && (
        <Alert type="error" showIcon title={t('kit.loadFailed', { error: list.error.message })} action={<Button size="small" onClick={() => void list.refetch()}>{t('kit.retry')}</Button>} />
      )}
      <Table<ResourceRow>
        rowKey="id"
        size="middle"
        // Wider than its place (many columns, long actions): it scrolls sideways, the page does not.
        scroll={{ x: true }}
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        onChange={onTableChange}
        locale={{ emptyText: tc('common.noData') }}
        rowSelection={canDelete ? {
          selectedRowKeys: selected.map((r) => r.id),
          // A removed record (回收站) is not removed again.
          getCheckboxProps: (row) => ({ disabled: isRemoved(def, row) }),
          onChange: (_keys, picked) => setSelection({ key: stateKey, rows: picked }),
        } : undefined}
        pagination={{
          current: state.page,
          pageSize: state.size,
          total: count,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t('kit.total', { count: total }),
        }}
      />
      {drawer && (
        <ResourceFormDrawer
          key={drawer.row?.id ?? 'new'}
          def={def}
          row={drawer.row}
          defaults={drawer.row ? undefined : defaults}
          fieldInputs={fieldInputs}
          open={drawer.open}
          sources={sources}
          onClose={() => setDrawer((d) => d && { ...d, open: false })}
          onClosed={() => setDrawer(null)}
        />
      )}
    </ListRoot>
  );
}
