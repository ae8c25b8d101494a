import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, InputNumber, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { Table } from '../kit/CardTable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_EXPIRY_WARN_DAYS, type CardWarning } from '../../../../contract/cards';
import { errorText } from '../../../shared/errorText';
import { cardKeys, fetchCardWarnings } from './cardApi';
import { formatDay, StatusTag, UsageCell } from './cardView';

/** 预警列表: cards whose data is nearly used up or whose expiry is near or past, most urgent first. */
export function CardWarnings() {
  const { t } = useTranslation('admin');
  const [days, setDays] = useState(CARD_EXPIRY_WARN_DAYS);
  const list = useQuery({
    queryKey: cardKeys.warnings(days),
    queryFn: ({ signal }) => fetchCardWarnings(days, signal),
    placeholderData: (previous) => previous,
  });
  const columns = useMemo<TableColumnsType<CardWarning>>(() => [
    {
      key: 'reasons', title: t('cards.reasons'), width: 220,
      render: (_, w) => (
        <Space size={4} wrap>
          {w.reasons.map((r) => (r === 'usage'
            ? <Tag key={r} color="orange" data-warning-reason={r}>{t('cards.usageReason', { pct: Math.round(w.usageRatio * 100) })}</Tag>
            : r === 'expired'
              ? <Tag key={r} color="red" data-warning-reason={r}>{t('cards.expiredReason')}</Tag>
              : <Tag key={r} color="gold" data-warning-reason={r}>{t('cards.expiryReason', { days: w.daysLeft })}</Tag>))}
        </Space>
      ),
    },
    { key: 'iccid', title: t('cards.iccid'), dataIndex: 'iccid', width: 185 },
    { key: 'status', title: t('cards.status'), width: 100, render: (_, w) => <StatusTag status={w.status} t={t} /> },
    { key: 'org', title: t('cards.org'), dataIndex: 'orgName', width: 220, ellipsis: true },
    { key: 'usage', title: t('cards.usage'), width: 175, render: (_, w) => <UsageCell card={w} t={t} /> },
    { key: 'expires', title: t('cards.expiresAt'), width: 110, render: (_, w) => formatDay(w.expiresAt) },
    { key: 'device', title: t('cards.device'), width: 160, ellipsis: true, render: (_, w) => w.deviceName || '—' },
    { key: 'project', title: t('cards.project'), ellipsis: true, render: (_, w) => w.projectName || '—' },
  ], [t]);
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap="0.75rem" style={{ marginBottom: '1rem' }}>
        <Flex align="center" gap="0.5rem">
          <Typography.Text>{t('cards.days')}</Typography.Text>
          <InputNumber aria-label={t('cards.days')} min={1} max={365} value={days} onChange={(v) => v && setDays(v)} style={{ width: '6rem' }} />
          <Typography.Text type="secondary">{t('cards.daysSuffix')}</Typography.Text>
        </Flex>
        <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>{t('cards.refresh')}</Button>
      </Flex>
      <Typography.Paragraph type="secondary">{t('cards.warnHint')}</Typography.Paragraph>
      {list.isError && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('cards.loadFailed', { error: errorText(list.error) })} />}
      <Table<CardWarning>
        rowKey="id" size="middle" data-card-warnings loading={list.isFetching} columns={columns} dataSource={list.data ?? []}
        scroll={{ x: 1300 }} pagination={{ pageSize: 20, hideOnSinglePage: true }} locale={{ emptyText: t('cards.noWarnings') }}
      />
    </>
  );
}
