import { ArrowLeftOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Flex, Select, Spin, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Table } from '../../kit/CardTable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMAND_STATE_LABELS, COMMAND_STATES } from '../../../../../contract/gateway-commands';
import { SYNC_STATE_LABELS, type ProductSyncItem } from '../../../../../contract/product-sync';
import { Right } from '../../../../../contract/rights';
import { errorText } from '../../../../shared/errorText';
import { ApiRequestError } from '../../../../shared/http';
import { PageHeading, PagePanel } from '../../../../shared/ui/PagePanel';
import { useHasRight } from '../../../../shared/user';
import { RouteLink } from '../../access/RouteLink';
import { formatDateTime } from '../../kit/cellValue';
import { PanelBody } from '../../ResourceListPage';
import { fetchSync, retrySync, SYNC_LIST_PATH, syncKeys } from './syncApi';
import { registerProductSyncStrings } from './syncStrings';
import { SyncProgress } from './SyncProgress';
import { ITEM_STATE_COLORS, ITEM_STATE_RANK, isRunning, refreshWhileRunning, resultOf, retryableCount, SYNC_REFRESH_MS, SYNC_STATE_COLORS } from './syncView';

registerProductSyncStrings();

const time = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms));
const short = (digest: string) => digest.slice(0, 12);

/**
 * 同步详情 (/nv_product/nv_product_sync_detail/{id}): one sync's devices — what each was sent
 * (register count and digest of its map), through which gateway, its state and result code —
 * with 重试失败项 for the failed and timed-out ones. Refreshes itself while devices wait.
 */
export function ProductSyncDetailPage({ title, params }: { title: string; params: Record<string, string> }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasRight(Right.ProductEdit);
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const [stateFilter, setStateFilter] = useState<ProductSyncItem['state']>();
  const [retrying, setRetrying] = useState(false);

  const sync = useQuery({
    queryKey: syncKeys.detail(id),
    queryFn: ({ signal }) => fetchSync(id, signal),
    enabled: valid,
    refetchInterval: (query) => refreshWhileRunning(query.state.data ? [query.state.data] : undefined),
  });
  const s = sync.data;
  const items = useMemo(() => (s?.items ?? []).filter((i) => !stateFilter || i.state === stateFilter), [s, stateFilter]);
  const retryable = s ? retryableCount(s.items) : 0;

  const retry = () => modal.confirm({
    title: t('productSync.retry'),
    content: t('productSync.retryConfirm', { count: retryable }),
    okText: t('productSync.confirm'),
    cancelText: t('productSync.cancel'),
    onOk: async () => {
      setRetrying(true);
      try {
        const after = await retrySync(id);
        queryClient.setQueryData(syncKeys.detail(id), after);
        await queryClient.invalidateQueries({ queryKey: syncKeys.all });
        message.success(t('productSync.retried', { count: retryable }));
      } catch (err) {
        message.error(t('productSync.retryFailed', { error: errorText(err) }));
      } finally {
        setRetrying(false);
      }
    },
  });

  const columns = useMemo<TableColumnsType<ProductSyncItem>>(() => [
    {
      key: 'device', title: t('productSync.device'), ellipsis: true,
      render: (_, i) => <Flex vertical><span>{i.deviceName}</span><Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{i.deviceCode}</Typography.Text></Flex>,
    },
    { key: 'project', title: t('productSync.project'), ellipsis: true, render: (_, i) => i.projectName ?? '—' },
    {
      key: 'gateway', title: t('productSync.gateway'), width: 160, ellipsis: true,
      render: (_, i) => (i.gatewayId === null ? <Tag color="warning" data-no-gateway>{t('productSync.noGateway')}</Tag> : i.gatewayName ?? `#${i.gatewayId}`),
    },
    {
      key: 'sent', title: t('productSync.sent'), width: 190,
      render: (_, i) => (
        <Flex vertical>
          <span>{t('productSync.registers', { count: i.registerCount })}</span>
          <Tooltip title={i.payloadDigest}><Typography.Text type="secondary" code style={{ fontSize: '0.75rem' }}>{short(i.payloadDigest)}</Typography.Text></Tooltip>
        </Flex>
      ),
    },
    {
      key: 'state', title: t('productSync.state'), width: 110,
      // The devices that need attention first; the server's order (project, device) within a state.
      sorter: (a, b) => ITEM_STATE_RANK[a.state] - ITEM_STATE_RANK[b.state],
      defaultSortOrder: 'ascend',
      sortDirections: ['ascend', 'descend'],
      render: (_, i) => <Tag color={ITEM_STATE_COLORS[i.state]} data-item-state={i.state}>{COMMAND_STATE_LABELS[i.state][lang]}</Tag>,
    },
    {
      key: 'result', title: t('productSync.result'), width: 260,
      render: (_, i) => {
        const r = resultOf(i, lang);
        if (!r.text && !r.detail) return '—';
        return (
          <Flex vertical data-item-result>
            {r.text && <span>{i.code !== null && <Typography.Text type="secondary">{i.code} · </Typography.Text>}{r.text}</span>}
            {r.detail && <Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{r.detail}</Typography.Text>}
          </Flex>
        );
      },
    },
    { key: 'tries', title: t('productSync.tries'), dataIndex: 'tries', width: 70, align: 'right' },
    { key: 'sentAt', title: t('productSync.sentAt'), width: 170, render: (_, i) => time(i.sentAt) },
    { key: 'finishedAt', title: t('productSync.itemFinishedAt'), width: 170, render: (_, i) => time(i.finishedAt) },
  ], [t, lang]);

  const back = <RouteLink to={SYNC_LIST_PATH}><ArrowLeftOutlined aria-hidden /> {t('productSync.back')}</RouteLink>;
  const notFound = !valid || (sync.error instanceof ApiRequestError && sync.error.status === 404);

  return (
    <PagePanel data-product-sync="detail">
      <PageHeading>{title}{s && ` · #${s.id} ${s.deviceModelName}`}</PageHeading>
      <PanelBody>
        <Flex justify="space-between" align="center" style={{ marginBottom: '1rem' }}>
          {back}
          {s && (
            <Flex gap="0.5rem" align="center">
              {isRunning(s) && (
                <Typography.Text type="secondary" data-sync-autorefresh>
                  <SyncOutlined spin aria-hidden /> {t('productSync.autoRefresh', { seconds: SYNC_REFRESH_MS / 1000 })}
                </Typography.Text>
              )}
              <Button icon={<ReloadOutlined aria-hidden />} onClick={() => sync.refetch()}>{t('productSync.refresh')}</Button>
              {canEdit && (
                <Tooltip title={retryable ? undefined : t('productSync.nothingToRetry')}>
                  <Button type="primary" danger disabled={!retryable} loading={retrying} onClick={retry}>{t('productSync.retry')}</Button>
                </Tooltip>
              )}
            </Flex>
          )}
        </Flex>
        {notFound && <Alert type="error" showIcon title={t('productSync.notFound', { id: params.id })} />}
        {!notFound && sync.error && <Alert type="error" showIcon title={t('productSync.loadFailed', { error: errorText(sync.error) })} />}
        {valid && sync.isPending && <Spin style={{ display: 'block', margin: '3rem auto' }} />}
        {s && (
          <Flex vertical gap="1.25rem">
            <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 4 }} title={t('productSync.summary')}>
              <Descriptions.Item label={t('productSync.product')}>{s.deviceModelName}</Descriptions.Item>
              <Descriptions.Item label={t('productSync.state')}>
                <Tag color={SYNC_STATE_COLORS[s.state]} data-sync-state={s.state}>{SYNC_STATE_LABELS[s.state][lang]}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('productSync.createdBy')}>{s.createdByName || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('productSync.measures')}>{s.measureCount}</Descriptions.Item>
              <Descriptions.Item label={t('productSync.createdAt')}>{time(s.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('productSync.finishedAt')}>{time(s.finishedAt)}</Descriptions.Item>
              <Descriptions.Item label={t('productSync.digest')}>
                <Tooltip title={s.tableDigest}><Typography.Text code>{short(s.tableDigest)}</Typography.Text></Tooltip>
              </Descriptions.Item>
              <Descriptions.Item label={t('productSync.progress')}><SyncProgress counts={s.counts} /></Descriptions.Item>
            </Descriptions>
            <Flex justify="space-between" align="center">
              <Typography.Title level={5} style={{ margin: 0 }}>{t('productSync.items', { count: s.items.length })}</Typography.Title>
              <Select
                aria-label={t('productSync.filterState')}
                allowClear
                style={{ width: '12rem' }}
                placeholder={t('productSync.allStates')}
                value={stateFilter}
                onChange={setStateFilter}
                options={COMMAND_STATES.map((st) => ({ value: st, label: `${COMMAND_STATE_LABELS[st][lang]} (${s.items.filter((i) => i.state === st).length})` }))}
              />
            </Flex>
            <Table<ProductSyncItem>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={items}
              pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100], hideOnSinglePage: true }}
            />
          </Flex>
        )}
      </PanelBody>
    </PagePanel>
  );
}
