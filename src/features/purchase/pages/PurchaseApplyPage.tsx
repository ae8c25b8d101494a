import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, InputNumber, Result, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { CreateOrderResult, ProposalLine } from '../../../../contract/purchase/orders';
import { MAX_LINE_QUANTITY } from '../../../../contract/purchase/orders';
import { errorText } from '../../../shared/errorText';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { createOrders, fetchProposals } from './purchaseApi';
import { Body, Footer, Toolbar, money } from './purchaseParts';
import { registerPurchaseStrings } from './purchaseStrings';

registerPurchaseStrings();

const HORIZONS = [7, 15, 30, 60, 90] as const;
const keyOf = (l: { projectId: number; filterId: number }) => `${l.projectId}:${l.filterId}`;
const day = (ms: number) => dayjs(ms).format('YYYY-MM-DD');

/**
 * /nv_buy/nv_life_buy (issue 21): the filters the life prediction says must be ordered within the
 * chosen horizon (`?days=`), grouped by project and filter model, lead time counted; the user
 * edits quantities, ticks lines and submits one application (an order per supplier).
 */
export function PurchaseApplyPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const p = (k: string, o?: Record<string, unknown>) => t(`purchaseUi.${k}`, o ?? {});
  const search = useSearch();
  const [location, navigate] = useLocation();
  const raw = Number(new URLSearchParams(search).get('days'));
  const days = (HORIZONS as readonly number[]).includes(raw) ? raw : 30;
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ['purchase', 'proposals', days], placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchProposals(days, signal),
  });
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [remark, setRemark] = useState('');
  const [result, setResult] = useState<CreateOrderResult | null>(null);

  // Grouped by project (projects in the order of their most urgent line), lines by date to order by.
  const rows = useMemo(() => {
    const lines = q.data?.lines ?? [];
    const first = new Map<number, number>();
    lines.forEach((l, i) => { if (!first.has(l.projectId)) first.set(l.projectId, i); });
    return [...lines].sort((a, b) => first.get(a.projectId)! - first.get(b.projectId)! || a.orderBy - b.orderBy);
  }, [q.data]);
  useEffect(() => {
    // A new proposal: its own quantities, and every line that can be ordered ticked.
    setQuantities(Object.fromEntries(rows.map((l) => [keyOf(l), l.quantity])));
    setSelected(rows.filter((l) => l.supplierOrgId !== null && l.quantity > 0).map(keyOf));
  }, [rows]);

  const qty = (l: ProposalLine) => quantities[keyOf(l)] ?? l.quantity;
  const chosen = rows.filter((l) => selected.includes(keyOf(l)) && qty(l) > 0);
  const total = chosen.reduce((s, l) => s + qty(l), 0);
  const amount = chosen.reduce((s, l) => s + qty(l) * l.unitPrice, 0);
  const submit = useMutation({
    mutationFn: () => createOrders({
      lines: chosen.map((l) => ({ projectId: l.projectId, filterId: l.filterId, quantity: qty(l), dueAt: l.dueAt })), remark,
    }),
    onSuccess: (r) => {
      setResult(r);
      void queryClient.invalidateQueries({ queryKey: ['purchase'] });
    },
  });

  const span = (l: ProposalLine, i: number) => (i > 0 && rows[i - 1].projectId === l.projectId ? 0 : rows.filter((r) => r.projectId === l.projectId).length);
  const now = q.data?.now ?? Date.now();
  const columns: ColumnsType<ProposalLine> = [
    { title: p('project'), dataIndex: 'projectName', width: '14rem', onCell: (l, i) => ({ rowSpan: span(l, i ?? 0) }) },
    { title: p('filter'), key: 'filter', render: (_, l) => (
      <Space orientation="vertical" size={0}>
        <span>{l.filterName}</span>
        <Typography.Text type="secondary">{l.filterCode} · {l.filterTypeName}</Typography.Text>
      </Space>
    ) },
    { title: p('supplier'), key: 'supplier', render: (_, l) => (l.supplierOrgId === null ? <Tag color="warning">{p('noSupplier')}</Tag> : l.supplierOrgName) },
    { title: p('dueAt'), dataIndex: 'dueAt', width: '8rem', render: (v: number) => day(v) },
    { title: p('orderBy'), dataIndex: 'orderBy', width: '10rem', render: (v: number, l) => (
      <Tooltip title={p('leadDays', { n: l.leadDays })}>
        <span data-testid="order-by">{day(v)}</span>{v < now && <Tag color="error" style={{ marginLeft: '0.5rem' }}>{p('late')}</Tag>}
      </Tooltip>
    ) },
    { title: p('devices'), key: 'devices', width: '7rem', align: 'right', render: (_, l) => p('deviceCount', { n: l.devices.length }) },
    { title: p('need'), dataIndex: 'need', width: '5rem', align: 'right' },
    { title: p('onTheWay'), dataIndex: 'ordered', width: '5rem', align: 'right' },
    { title: p('quantity'), key: 'quantity', width: '8rem', render: (_, l) => (
      <InputNumber aria-label={`${p('quantity')} ${l.projectName} ${l.filterCode}`} min={0} max={MAX_LINE_QUANTITY} precision={0} value={qty(l)}
        disabled={l.supplierOrgId === null} style={{ width: '100%' }}
        onChange={(v) => setQuantities((m) => ({ ...m, [keyOf(l)]: Number(v ?? 0) }))} />
    ) },
    { title: p('unitPrice'), dataIndex: 'unitPrice', width: '7rem', align: 'right', render: (v: number) => money(v) },
    { title: p('amount'), key: 'amount', width: '8rem', align: 'right', render: (_, l) => money(qty(l) * l.unitPrice) },
  ];

  if (result) {
    return (
      <PagePanel>
        <PageHeading>{title}</PageHeading>
        <Body>
          <Result status="success" title={p('submitted')} data-testid="purchase-submitted"
            subTitle={<span>{p('submittedSub', { n: result.orders.length })} {result.orders.map((o) => (
              <Tag key={o.id} data-testid="order-code" color="processing">{o.code} · {o.supplierOrgName}</Tag>
            ))}</span>}
            extra={[
              <Button key="records" type="primary" onClick={() => navigate(`/nv_buy/nv_life_buy_record?id=${result.orders[0].id}`)}>{p('viewRecords')}</Button>,
              <Button key="again" onClick={() => { setResult(null); setRemark(''); }}>{p('applyAgain')}</Button>,
            ]} />
        </Body>
      </PagePanel>
    );
  }

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <Body>
        <Toolbar>
          <span>{p('horizon')}</span>
          <Segmented<number> aria-label={p('horizon')} value={days} options={HORIZONS.map((n) => ({ value: n, label: p('days', { n }) }))}
            onChange={(v) => navigate(v === 30 ? location : `${location}?days=${v}`, { replace: true })} />
          <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()} loading={q.isFetching}>{p('refresh')}</Button>
          <Typography.Text type="secondary">{p('proposalHint')}</Typography.Text>
        </Toolbar>
        {q.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={p('loadFailed', { error: errorText(q.error) })} />}
        <Table<ProposalLine> rowKey={keyOf} size="middle" bordered columns={columns} dataSource={rows} loading={q.isFetching} pagination={false}
          data-testid="proposal-table"
          locale={{ emptyText: <Empty description={p('noProposals')} /> }}
          rowSelection={{
            selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]),
            getCheckboxProps: (l) => ({ disabled: l.supplierOrgId === null, 'aria-label': `${l.projectName} ${l.filterCode}` }),
          }}
          expandable={{
            expandedRowRender: (l) => (
              <Space wrap size={[16, 4]}>
                {l.devices.map((d) => (
                  <span key={d.deviceId} data-testid="proposal-device">
                    {d.deviceName} <Typography.Text type="secondary">{d.deviceCode} · ×{d.quantity} · {p('predictedAt', { date: day(d.predictedAt), reason: p(`reasons.${d.reason}`) })}</Typography.Text>
                  </span>
                ))}
              </Space>
            ),
          }} />
        <Footer>
          <Input.TextArea aria-label={p('remark')} placeholder={p('remarkPlaceholder')} maxLength={500} rows={2} value={remark}
            onChange={(e) => setRemark(e.target.value)} style={{ flex: 1 }} />
          <Space orientation="vertical" align="end">
            <Typography.Text data-testid="purchase-total">
              {p('lines', { n: chosen.length })} · {p('totalQuantity', { n: total })} · {p('totalAmount', { amount: money(amount) })}
            </Typography.Text>
            <Button type="primary" size="large" disabled={!chosen.length} loading={submit.isPending} onClick={() => submit.mutate()}>
              {chosen.length ? p('submitCount', { n: chosen.length }) : p('selectSome')}
            </Button>
          </Space>
        </Footer>
        {submit.error && <Alert type="error" showIcon style={{ marginTop: '1rem' }} title={p('submitFailed', { error: errorText(submit.error) })} />}
      </Body>
    </PagePanel>
  );
}
