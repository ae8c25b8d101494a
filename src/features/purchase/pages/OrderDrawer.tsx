import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, Empty, Form, Input, Modal, Space, Spin, Steps, Typography } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import type { StepsProps } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderAction, OrderState } from '../../../../contract/purchase/order-states';
import type { InstallEntry, OrderDetail, OrderDetailLine } from '../../../../contract/purchase/orders';
import { errorText } from '../../../shared/errorText';
import { InstallDialog } from './InstallDialog';
import { fetchCanOperate, fetchInstall, fetchOrder, moveOrder } from './purchaseApi';
import { StateTag, money } from './purchaseParts';

const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/** The order's timeline: created → confirmed → received, or ended by a cancellation. */
function timelineItems(o: OrderDetail, label: (s: OrderState) => string): { items: NonNullable<StepsProps['items']>; current: number; status: StepsProps['status'] } {
  const done = new Map(o.timeline.map((s) => [s.state, s]));
  const path: OrderState[] = o.state === 'cancelled' ? [...o.timeline.map((s) => s.state)] : ['created', 'confirmed', 'finished'];
  const items = path.map((state) => {
    const step = done.get(state);
    return {
      title: label(state),
      content: step ? (
        <span data-testid={`timeline-${state}`}>
          {time(step.at)}<br />{step.by}{step.note ? <><br /><Typography.Text type="secondary">{step.note}</Typography.Text></> : null}
        </span>
      ) : null,
    };
  });
  const current = o.timeline.length - 1;
  return { items, current, status: o.state === 'cancelled' ? 'error' : o.state === 'finished' ? 'finish' : 'process' };
}

/** One order in a drawer: timeline, lines, the actions can-operate allows now, and its installations. */
export function OrderDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const p = (k: string, o?: Record<string, unknown>) => t(`purchaseUi.${k}`, o ?? {});
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const order = useQuery({ queryKey: ['purchase', 'order', id], queryFn: ({ signal }) => fetchOrder(id, signal) });
  const can = useQuery({ queryKey: ['purchase', 'can-operate', id], queryFn: ({ signal }) => fetchCanOperate(id, signal) });
  const installId = order.data?.installId ?? null;
  const install = useQuery({
    queryKey: ['purchase', 'install', installId], enabled: installId !== null,
    queryFn: ({ signal }) => fetchInstall(installId!, signal),
  });
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const [installing, setInstalling] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const move = useMutation({
    mutationFn: ({ action, reason }: { action: OrderAction; reason?: string }) => moveOrder(action, id, reason),
    onSuccess: (_, { action }) => {
      setAsking(null);
      form.resetFields();
      void message.success(p(`done.${action}`));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['purchase'] }),
  });

  const o = order.data;
  const label = (s: OrderState) => p(`states.${s}`);
  const actions = can.data?.actions ?? [];
  const lineColumns = [
    { title: p('project'), dataIndex: 'projectName' },
    { title: p('filter'), key: 'filter', render: (_: unknown, l: OrderDetailLine) => `${l.filterName} (${l.filterCode})` },
    { title: p('quantity'), dataIndex: 'quantity', align: 'right' as const },
    { title: p('unitPrice'), dataIndex: 'unitPrice', align: 'right' as const, render: (v: number) => money(v) },
    { title: p('dueAt'), dataIndex: 'dueAt', render: (v: number | null) => (v === null ? '—' : dayjs(v).format('YYYY-MM-DD')) },
    { title: p('installed'), key: 'installed', align: 'right' as const, render: (_: unknown, l: OrderDetailLine) => p('lineInstalled', { installed: l.installed, quantity: l.quantity }) },
  ];
  const entryColumns = [
    { title: p('device'), key: 'device', render: (_: unknown, e: InstallEntry) => <span>{e.deviceName} <Typography.Text type="secondary">{e.deviceCode}</Typography.Text></span> },
    { title: p('project'), dataIndex: 'projectName' },
    { title: p('filter'), dataIndex: 'filterName' },
    { title: p('filterCount'), dataIndex: 'quantity', align: 'right' as const },
    { title: p('installedAt'), dataIndex: 'installedAt', render: time },
    { title: p('installer'), dataIndex: 'installer' },
    { title: p('recordedBy'), dataIndex: 'recordedBy' },
  ];
  const waitingFor = o && (o.state === 'created' ? 'supplierSide' : o.state === 'confirmed' ? 'buyerSide' : null);

  return (
    <Drawer open size="64rem" title={o ? p('orderTitle', { code: o.code }) : ' '} onClose={onClose} data-testid="order-drawer"
      extra={o && <StateTag state={o.state} label={label(o.state)} />}>
      {order.error && <Alert type="error" showIcon title={p('loadFailed', { error: errorText(order.error) })} />}
      {!o && !order.error && <Spin style={{ display: 'block', margin: '4rem auto' }} />}
      {o && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <div>
            <Typography.Title level={5}>{p('timeline')}</Typography.Title>
            <Steps data-testid="order-timeline" {...timelineItems(o, (s) => p(`steps.${s}`))} />
          </div>
          <Descriptions size="small" column={3} bordered items={[
            { key: 'buyer', label: p('buyer'), children: `${o.buyerOrgName} · ${o.buyerUserName}` },
            { key: 'supplier', label: p('supplier'), children: o.supplierOrgName },
            { key: 'amount', label: p('amount'), children: `¥${money(o.amount)}` },
            ...(o.remark ? [{ key: 'remark', label: p('remark'), span: 3, children: o.remark }] : []),
          ]} />
          <Space wrap data-testid="order-actions">
            {actions.includes('confirm') && <Button type="primary" onClick={() => setAsking('confirm')}>{p('confirm')}</Button>}
            {actions.includes('finish') && <Button type="primary" onClick={() => setAsking('finish')}>{p('finish')}</Button>}
            {can.data?.install && <Button type="primary" onClick={() => setInstalling(true)}>{p('install')}</Button>}
            {actions.includes('cancel') && <Button danger onClick={() => setAsking('cancel')}>{p('cancel')}</Button>}
            {can.data && !actions.length && !can.data.install && (
              <Typography.Text type="secondary">{waitingFor && !can.data.sides.length ? p('waiting', { who: p(waitingFor) }) : p('noActions')}</Typography.Text>
            )}
          </Space>
          {move.error && <Alert type="error" showIcon title={p('actionFailed', { error: errorText(move.error) })} />}
          <div>
            <Typography.Title level={5}>{p('lineTable')}</Typography.Title>
            <Table<OrderDetailLine> rowKey="id" size="small" pagination={false} columns={lineColumns} dataSource={o.lines} />
          </div>
          {installId !== null && (
            <div>
              <Typography.Title level={5}>{p('entries')}</Typography.Title>
              <Table<InstallEntry> rowKey="id" size="small" pagination={false} columns={entryColumns} dataSource={install.data?.entries ?? []}
                loading={install.isFetching} data-testid="install-entries" locale={{ emptyText: <Empty description={p('noEntries')} /> }} />
            </div>
          )}
        </Space>
      )}
      <Modal open={asking === 'confirm' || asking === 'finish'} title={asking && p(asking)} okText={p('ok')} cancelText={p('cancelButton')}
        confirmLoading={move.isPending} onCancel={() => setAsking(null)} onOk={() => asking && move.mutate({ action: asking })}>
        {o && asking && asking !== 'cancel' && p(`${asking}Ask`, { code: o.code })}
      </Modal>
      <Modal open={asking === 'cancel'} title={o && p('cancelTitle', { code: o.code })} okText={p('cancel')} okButtonProps={{ danger: true }}
        cancelText={p('close')} confirmLoading={move.isPending} onCancel={() => setAsking(null)}
        onOk={() => void form.validateFields().then((v) => move.mutate({ action: 'cancel', reason: v.reason.trim() }))}>
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label={p('cancelReason')} rules={[{ required: true, whitespace: true, message: p('cancelReasonRequired') }]}>
            <Input.TextArea maxLength={200} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      {o && installing && installId !== null && (
        <InstallDialog order={o} installId={installId} onClose={() => setInstalling(false)}
          onRecorded={() => void queryClient.invalidateQueries({ queryKey: ['purchase'] })} />
      )}
    </Drawer>
  );
}
