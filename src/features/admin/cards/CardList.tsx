import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Input, Popconfirm, Select, type TableColumnsType } from 'antd';
import { Table } from '../kit/CardTable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_STATUSES, type Card } from '../../../../contract/cards';
import type { NameItem } from '../../../../contract/envelope';
import { Right } from '../../../../contract/rights';
import { errorText } from '../../../shared/errorText';
import { useHasRight } from '../../../shared/user';
import { cardKeys, deleteCard, fetchCards, type CardListQuery } from './cardApi';
import { CardFormDrawer } from './CardFormDrawer';
import { formatDay, StatusTag, UsageCell } from './cardView';

const PAGE_SIZES = [10, 20, 30, 50];

/** The card registry: filters, the list, and with card-edit 登记, 编辑 and 删除. */
export function CardList({ orgs }: { orgs: readonly NameItem[] }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasRight(Right.CardEdit);
  const [query, setQuery] = useState<CardListQuery>({ page: 1, size: 20 });
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Card | 'new' | null>(null);
  const list = useQuery({
    queryKey: cardKeys.list(query),
    queryFn: ({ signal }) => fetchCards(query, signal),
    placeholderData: (previous) => previous,
  });
  const change = (patch: Partial<CardListQuery>) => setQuery((q) => ({ ...q, page: 1, ...patch }));

  const columns = useMemo<TableColumnsType<Card>>(() => {
    const remove = async (card: Card) => {
      try {
        await deleteCard(card.id);
        message.success(t('cards.deleted'));
        await queryClient.invalidateQueries({ queryKey: cardKeys.all });
      } catch (err) {
        message.error(t('cards.saveFailed', { error: errorText(err) }));
      }
    };
    return [
      // Fixed widths add up to less than the scroll width: the project column takes the rest.
      { key: 'iccid', title: t('cards.iccid'), dataIndex: 'iccid', width: 185 },
      { key: 'msisdn', title: t('cards.msisdn'), dataIndex: 'msisdn', width: 140 },
      { key: 'status', title: t('cards.status'), width: 100, render: (_, c) => <StatusTag status={c.status} t={t} /> },
      { key: 'org', title: t('cards.org'), dataIndex: 'orgName', width: 180, ellipsis: true },
      { key: 'carrier', title: t('cards.carrier'), dataIndex: 'carrier', width: 90, render: (_, c) => c.carrier || '—' },
      { key: 'plan', title: t('cards.plan'), dataIndex: 'planName', width: 125, ellipsis: true, render: (_, c) => c.planName || '—' },
      { key: 'usage', title: t('cards.usage'), width: 175, render: (_, c) => <UsageCell card={c} t={t} /> },
      { key: 'activated', title: t('cards.activatedAt'), width: 110, render: (_, c) => formatDay(c.activatedAt) },
      { key: 'expires', title: t('cards.expiresAt'), width: 110, render: (_, c) => formatDay(c.expiresAt) },
      { key: 'device', title: t('cards.device'), width: 130, ellipsis: true, render: (_, c) => c.deviceName || '—' },
      { key: 'project', title: t('cards.project'), ellipsis: true, render: (_, c) => c.projectName || '—' },
      ...(canEdit ? [{
        key: 'actions', title: t('cards.actions'), width: 120, fixed: 'right' as const,
        render: (_: unknown, c: Card) => (
          <Flex gap="0.25rem">
            <Button size="small" type="link" onClick={() => setEditing(c)} data-card-edit={c.iccid}>{t('cards.edit')}</Button>
            <Popconfirm title={t('cards.delConfirm', { iccid: c.iccid })} okText={t('cards.del')} cancelText={t('cards.cancel')} onConfirm={() => remove(c)}>
              <Button size="small" type="link" danger data-card-delete={c.iccid}>{t('cards.del')}</Button>
            </Popconfirm>
          </Flex>
        ),
      }] : []),
    ];
  }, [t, canEdit, message, queryClient]);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap="0.75rem" style={{ marginBottom: '1rem' }}>
        <Flex gap="0.75rem" wrap>
          <Input.Search
            aria-label={t('cards.keyword')} placeholder={t('cards.keyword')} allowClear style={{ width: '16rem' }}
            value={keyword} onChange={(e) => setKeyword(e.target.value)} onSearch={(v) => change({ keyword: v.trim() || undefined })}
          />
          <Select
            aria-label={t('cards.status')} allowClear placeholder={t('cards.allStatuses')} style={{ width: '10rem' }} value={query.status}
            options={CARD_STATUSES.map((s) => ({ value: s, label: t(`cards.statuses.${s}`) }))} onChange={(v?: number) => change({ status: v })}
          />
          <Select
            aria-label={t('cards.org')} allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('cards.allOrgs')} style={{ width: '16rem' }}
            value={query.orgId} options={orgs.map((o) => ({ value: o.id, label: o.name }))} onChange={(v?: number) => change({ orgId: v })}
          />
          <Select
            aria-label={t('cards.bound')} allowClear placeholder={t('cards.anyBinding')} style={{ width: '10rem' }} value={query.bound}
            options={[{ value: 1, label: t('cards.boundYes') }, { value: 0, label: t('cards.boundNo') }]} onChange={(v?: 0 | 1) => change({ bound: v })}
          />
        </Flex>
        <Flex gap="0.75rem">
          <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>{t('cards.refresh')}</Button>
          {canEdit && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('cards.add')}</Button>}
        </Flex>
      </Flex>
      {list.isError && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('cards.loadFailed', { error: errorText(list.error) })} />}
      <Table<Card>
        rowKey="id"
        size="middle"
        data-card-table
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 1600 }}
        pagination={{
          current: query.page, pageSize: query.size, total: list.data?.count ?? 0, pageSizeOptions: PAGE_SIZES, showSizeChanger: true,
          onChange: (page, size) => setQuery((q) => ({ ...q, page: size === q.size ? page : 1, size })),
        }}
      />
      {editing && (
        <CardFormDrawer
          card={editing === 'new' ? null : editing}
          orgs={orgs}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            message.success(t('cards.saved'));
            await queryClient.invalidateQueries({ queryKey: cardKeys.all });
          }}
        />
      )}
    </>
  );
}
