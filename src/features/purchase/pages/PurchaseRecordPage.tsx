import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Input, Tabs } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { ORDER_STATES, type OrderState } from '../../../../contract/purchase/order-states';
import type { OrderRecord } from '../../../../contract/purchase/orders';
import { errorText } from '../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { OrderDrawer } from './OrderDrawer';
import { fetchOrders, fetchStateCounts } from './purchaseApi';
import { Body, StateTag, Toolbar, money } from './purchaseParts';
import { registerPurchaseStrings } from './purchaseStrings';

registerPurchaseStrings();

const PAGE_SIZES = [10, 20, 30, 50];

/**
 * /nv_buy/nv_life_buy_record (issue 21): the orders the user sees in tabs by state with their
 * counts (state-cnt), searchable; an order opens in a drawer (`?id=`) with its timeline, lines,
 * the actions can-operate allows, and the installations.
 */
export function PurchaseRecordPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const p = (k: string, o?: Record<string, unknown>) => t(`purchaseUi.${k}`, o ?? {});
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    const qs = next.toString();
    navigate(qs ? `${location}?${qs}` : location, { replace: true });
  };
  const rawState = params.get('state');
  const state = (ORDER_STATES as readonly string[]).includes(rawState ?? '') ? (rawState as OrderState) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : 20;
  const keyword = params.get('keyword') ?? '';
  const rawId = params.get('id');
  const openId = rawId && /^\d+$/.test(rawId) ? Number(rawId) : null;
  const [typed, setTyped] = useState(keyword);

  const counts = useQuery({ queryKey: ['purchase', 'state-cnt'], queryFn: ({ signal }) => fetchStateCounts(signal) });
  const list = useQuery({
    queryKey: ['purchase', 'orders', state, page, size, keyword], placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchOrders({ page, size, state, keyword }, signal),
  });

  const label = (s: OrderState) => p(`states.${s}`);
  const tab = (key: string, text: string, n: number | undefined) => ({
    key, label: <span data-testid={`order-tab-${key}`}>{text} <Badge count={n ?? 0} showZero overflowCount={9999} color="#8c8c8c" /></span>,
  });
  const columns: ColumnsType<OrderRecord> = [
    { title: p('code'), dataIndex: 'code', render: (code: string, o) => <Button type="link" style={{ padding: 0 }} onClick={() => setParams({ id: String(o.id) })}>{code}</Button> },
    { title: p('state'), dataIndex: 'state', width: '9rem', render: (s: OrderState) => <StateTag state={s} label={label(s)} /> },
    { title: p('buyer'), key: 'buyer', render: (_, o) => `${o.buyerOrgName} · ${o.buyerUserName}` },
    { title: p('supplier'), dataIndex: 'supplierOrgName' },
    { title: p('lineCount'), dataIndex: 'lineCount', width: '5rem', align: 'right' },
    { title: p('quantity'), dataIndex: 'quantity', width: '6rem', align: 'right' },
    { title: p('amount'), dataIndex: 'amount', width: '8rem', align: 'right', render: (v: number) => money(v) },
    { title: p('createdAt'), dataIndex: 'createdAt', width: '11rem', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    { title: '', key: 'open', width: '6rem', render: (_, o) => <Button size="small" onClick={() => setParams({ id: String(o.id) })}>{p('detail')}</Button> },
  ];

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <Body>
        <Tabs activeKey={state ?? 'all'} onChange={(k) => setParams({ state: k === 'all' ? null : k, page: null })}
          items={[tab('all', p('all'), counts.data?.all), ...ORDER_STATES.map((s) => tab(s, label(s), counts.data?.[s]))]} />
        <Toolbar>
          <Input.Search aria-label={p('search')} placeholder={p('keyword')} allowClear enterButton={p('search')} style={{ maxWidth: '26rem' }}
            value={typed} onChange={(e) => setTyped(e.target.value)} onSearch={(v) => setParams({ keyword: v.trim() || null, page: null })} />
        </Toolbar>
        {list.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={p('loadFailed', { error: errorText(list.error) })} />}
        <Table<OrderRecord> rowKey="id" size="middle" columns={columns} dataSource={list.data?.list ?? []} loading={list.isFetching}
          data-testid="order-table"
          pagination={{
            current: page, pageSize: size, total: list.data?.count ?? 0, pageSizeOptions: PAGE_SIZES, showSizeChanger: true,
            onChange: (pg, sz) => setParams({ page: pg === 1 ? null : String(pg), size: sz === 20 ? null : String(sz) }),
          }} />
      </Body>
      {openId !== null && <OrderDrawer id={openId} onClose={() => setParams({ id: null })} />}
    </PagePanel>
  );
}
