import { SyncOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { Table } from '../../kit/CardTable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { SYNC_STATE_LABELS, type ProductSyncRecord } from '../../../../../contract/product-sync';
import { Right } from '../../../../../contract/rights';
import { errorText } from '../../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../../shared/ui/PagePanel';
import { useHasRight } from '../../../../shared/user';
import { RouteLink } from '../../access/RouteLink';
import { formatDateTime } from '../../kit/cellValue';
import { PanelBody } from '../../ResourceListPage';
import { fetchModelNames, fetchSyncs, syncDetailPath, syncKeys } from './syncApi';
import { registerProductSyncStrings } from './syncStrings';
import { StartSyncModal } from './StartSyncModal';
import { SyncProgress } from './SyncProgress';
import { isRunning, refreshWhileRunning, SYNC_REFRESH_MS, SYNC_STATE_COLORS } from './syncView';

registerProductSyncStrings();

const PAGE_SIZES = [10, 20, 50];

const positive = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * 产品同步 (/nv_product/nv_product_sync): the syncs of the products' measure tables, newest first
 * (filter by product, kept in the address with the page), each with its devices' progress; 同步
 * starts one after a confirm that says what it reaches. Refreshes itself while a sync runs.
 */
export function ProductSyncPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const modelId = positive(params.get('model'));
  const page = positive(params.get('page')) ?? 1;
  const size = PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : 20;
  const canEdit = useHasRight(Right.ProductEdit);
  const [starting, setStarting] = useState(false);

  const setAddress = (next: { model?: number; page?: number; size?: number }) => {
    const q = new URLSearchParams();
    if (next.model !== undefined) q.set('model', String(next.model));
    if (next.page && next.page > 1) q.set('page', String(next.page));
    if (next.size && next.size !== 20) q.set('size', String(next.size));
    const query = q.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };

  const models = useQuery({ queryKey: syncKeys.models, queryFn: ({ signal }) => fetchModelNames(signal), staleTime: 60_000 });
  const syncs = useQuery({
    queryKey: syncKeys.list(page, size, modelId),
    queryFn: ({ signal }) => fetchSyncs(page, size, modelId, signal),
    refetchInterval: (query) => refreshWhileRunning(query.state.data?.list),
    placeholderData: (previous) => previous,
  });
  const running = syncs.data?.list.some(isRunning) ?? false;

  const columns = useMemo<TableColumnsType<ProductSyncRecord>>(() => [
    { key: 'id', title: t('productSync.id'), dataIndex: 'id', width: 80 },
    { key: 'model', title: t('productSync.product'), dataIndex: 'deviceModelName', ellipsis: true },
    {
      key: 'state', title: t('productSync.state'), width: 120,
      render: (_, s) => <Tag color={SYNC_STATE_COLORS[s.state]} data-sync-state={s.state}>{SYNC_STATE_LABELS[s.state][lang]}</Tag>,
    },
    { key: 'progress', title: t('productSync.progress'), width: 340, render: (_, s) => <SyncProgress counts={s.counts} /> },
    { key: 'measures', title: t('productSync.measures'), dataIndex: 'measureCount', width: 90, align: 'right' },
    { key: 'by', title: t('productSync.createdBy'), dataIndex: 'createdByName', width: 140, ellipsis: true },
    { key: 'at', title: t('productSync.createdAt'), width: 180, render: (_, s) => formatDateTime(s.createdAt) },
    { key: 'finished', title: t('productSync.finishedAt'), width: 180, render: (_, s) => (s.finishedAt === null ? '—' : formatDateTime(s.finishedAt)) },
    {
      key: 'actions', title: t('productSync.actions'), width: 100,
      render: (_, s) => <RouteLink to={syncDetailPath(s.id)}>{t('productSync.detail')}</RouteLink>,
    },
  ], [t, lang]);

  return (
    <PagePanel data-product-sync="list">
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Flex justify="space-between" align="center" wrap gap="0.75rem" style={{ marginBottom: '1rem' }}>
          <Form layout="inline" component="div">
            <Form.Item label={t('productSync.product')} htmlFor="sync-filter-model" style={{ marginBottom: 0 }}>
              <Select
                id="sync-filter-model"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: '20rem' }}
                placeholder={t('productSync.allProducts')}
                loading={models.isPending}
                value={modelId}
                options={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
                onChange={(id?: number) => setAddress({ model: id, size })}
              />
            </Form.Item>
          </Form>
          <Flex gap="0.5rem" align="center">
            {running && (
              <Typography.Text type="secondary" data-sync-autorefresh>
                <SyncOutlined spin aria-hidden /> {t('productSync.autoRefresh', { seconds: SYNC_REFRESH_MS / 1000 })}
              </Typography.Text>
            )}
            <Button onClick={() => syncs.refetch()} loading={syncs.isFetching && !running}>{t('productSync.refresh')}</Button>
            {canEdit && <Button type="primary" icon={<SyncOutlined aria-hidden />} onClick={() => setStarting(true)}>{t('productSync.start')}</Button>}
          </Flex>
        </Flex>
        {syncs.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('productSync.loadFailed', { error: errorText(syncs.error) })} />}
        <Table<ProductSyncRecord>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={syncs.data?.list ?? []}
          loading={syncs.isPending}
          locale={{ emptyText: t('productSync.empty') }}
          pagination={{
            current: page, pageSize: size, total: syncs.data?.count ?? 0, pageSizeOptions: PAGE_SIZES, showSizeChanger: true,
            onChange: (p, s) => setAddress({ model: modelId, page: s === size ? p : 1, size: s }),
          }}
        />
      </PanelBody>
      {starting && (
        <StartSyncModal
          models={models.data ?? []}
          initialModelId={modelId}
          onClose={() => setStarting(false)}
          onStarted={() => { setStarting(false); setAddress({ model: modelId, size }); }}
        />
      )}
    </PagePanel>
  );
}
