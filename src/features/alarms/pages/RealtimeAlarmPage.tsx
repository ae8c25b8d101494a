import { CheckOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Badge, Button, Flex, Segmented, Select, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { formatAlarmContent } from '../../../../contract/alarm-content';
import type { RealAlarm } from '../../../../contract/alarms';
import type { LiveAlarmFilter, LiveAlarmOrder } from '../../../../contract/live-alarms';
import { Right } from '../../../../contract/rights';
import { errorText } from '../../../shared/errorText';
import { hubStatusAtom } from '../../../shared/hub/hubAtoms';
import { appStore } from '../../../shared/store';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { useHasRight } from '../../../shared/user';
import { formatDateTime } from '../../admin/kit/cellValue';
import { PanelBody } from '../../admin/ResourceListPage';
import { useLiveAlarms } from '../useLiveAlarms';
import { AlarmFilterFields } from './AlarmFilterFields';
import { registerAlarmPageStrings } from './alarmPageStrings';
import { ackAlarms } from './alarmPagesApi';
import { addressNumber, deviceStateKey, LEVEL_COLOURS, PAGE_SIZES, pageSizeOf, rem } from './alarmView';

registerAlarmPageStrings();

interface RealtimeState {
  filter: LiveAlarmFilter;
  order: LiveAlarmOrder;
  page: number;
  size: number;
}

/** The list state of the address (`project`, `device`, `level`, `condition`, `ack`, `order`, `page`, `size`), what is invalid left out. */
function readState(search: string): RealtimeState {
  const q = new URLSearchParams(search);
  const ack = q.get('ack');
  return {
    filter: {
      projectId: addressNumber(q.get('project')), deviceId: addressNumber(q.get('device')),
      warnLevel: addressNumber(q.get('level'), 2), conditionType: addressNumber(q.get('condition'), 15),
      ...(ack === 'unacked' || ack === 'acked' ? { unacked: ack === 'unacked' } : {}),
    },
    order: q.get('order') === 'level' ? 'level' : 'time',
    page: addressNumber(q.get('page')) || 1,
    size: pageSizeOf(q.get('size')),
  };
}

function writeState(s: RealtimeState): string {
  const q = new URLSearchParams();
  const f = s.filter;
  if (f.projectId !== undefined) q.set('project', String(f.projectId));
  if (f.deviceId !== undefined) q.set('device', String(f.deviceId));
  if (f.warnLevel !== undefined) q.set('level', String(f.warnLevel));
  if (f.conditionType !== undefined) q.set('condition', String(f.conditionType));
  if (f.unacked !== undefined) q.set('ack', f.unacked ? 'unacked' : 'acked');
  if (s.order !== 'time') q.set('order', s.order);
  if (s.page > 1) q.set('page', String(s.page));
  if (s.size !== 20) q.set('size', String(s.size));
  return q.toString();
}

/**
 * 实时告警 (/nv_intelligent_alarm/nv_realtime_alarm, the branch's default): the open alarms the
 * user sees, filtered by project, device, warn level, condition and acknowledgement, newest first
 * or by level — the same order and live path as the bell and the wall's ticker (useLiveAlarms over
 * contract/live-alarms.ts): a new alarm arrives over the hub, no polling. Acknowledging (one or
 * the selected) needs alarm-deal and stops the escalation to further contacts.
 */
export function RealtimeAlarmPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => readState(search), [search]);
  const set = (next: Partial<RealtimeState>) => {
    const query = writeState({ ...state, page: 1, ...next });
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  const live = useLiveAlarms(state);
  const hub = useAtomValue(hubStatusAtom, { store: appStore });
  const canDeal = useHasRight(Right.AlarmDeal);
  const [selected, setSelected] = useState<number[]>([]);
  const [acking, setAcking] = useState(false);

  const acknowledge = async (ids: number[]) => {
    setAcking(true);
    try {
      const n = await ackAlarms(ids);
      message.success(t('alarmPages.acked1', { count: n }));
      setSelected([]);
      live.refetch();
    } catch (err) {
      message.error(t('alarmPages.ackFailed', { error: errorText(err) }));
      live.refetch();
    } finally {
      setAcking(false);
    }
  };

  const columns: TableColumnsType<RealAlarm> = [
    {
      key: 'level', title: t('alarmPages.level'), width: rem(96),
      render: (_, a) => <Tag color={LEVEL_COLOURS[a.warnLevel] ?? 'default'} data-warn-level={a.warnLevel}>{t(`alarmPages.levels.${a.warnLevel}`, { defaultValue: String(a.warnLevel) })}</Tag>,
    },
    { key: 'raisedAt', title: t('alarmPages.raisedAt'), width: rem(185), render: (_, a) => formatDateTime(a.raisedAt) },
    { key: 'project', title: t('alarmPages.project'), dataIndex: 'projectName', ellipsis: true, width: rem(200) },
    {
      key: 'device', title: t('alarmPages.device'), ellipsis: true, width: rem(220),
      render: (_, a) => {
        const s = deviceStateKey(a.deviceState);
        return <Badge status={s === 'alarm' ? 'error' : s === 'normal' ? 'success' : 'default'} text={`${a.deviceName} · ${t(`alarmPages.deviceState.${s}`)}`} />;
      },
    },
    { key: 'condition', title: t('alarmPages.condition'), width: rem(150), ellipsis: true, render: (_, a) => `${a.measureName} ${a.condition}` },
    { key: 'content', title: t('alarmPages.content'), render: (_, a) => <span data-alarm-content>{a.alarmContent || formatAlarmContent(a)}</span> },
    {
      key: 'ack', title: t('alarmPages.ackState'), width: rem(190),
      render: (_, a) => (a.ackedAt
        ? <Tooltip title={t('alarmPages.ackedBy', { name: a.ackedByName ?? '', time: formatDateTime(a.ackedAt) })}><Tag color="green">{t('alarmPages.acked')}</Tag></Tooltip>
        : canDeal
          ? <Button size="small" icon={<CheckOutlined />} loading={acking} onClick={() => void acknowledge([a.id])}>{t('alarmPages.ack')}</Button>
          : <Tag>{t('alarmPages.unacked')}</Tag>),
    },
  ];

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Flex wrap gap={rem(8)} align="center" style={{ marginBottom: rem(12) }}>
          <AlarmFilterFields value={state.filter} onChange={(filter) => set({ filter: { ...filter, unacked: state.filter.unacked } })} />
          <Select
            data-testid="alarm-filter-ack" style={{ width: rem(150) }} value={state.filter.unacked === undefined ? 'all' : state.filter.unacked ? 'unacked' : 'acked'}
            options={[{ value: 'all', label: t('alarmPages.allAck') }, { value: 'unacked', label: t('alarmPages.unacked') }, { value: 'acked', label: t('alarmPages.acked') }]}
            onChange={(v: string) => {
              const { unacked: _u, ...rest } = state.filter;
              set({ filter: v === 'all' ? rest : { ...rest, unacked: v === 'unacked' } });
            }}
          />
          <Segmented
            value={state.order}
            options={[{ value: 'time', label: t('alarmPages.orderTime') }, { value: 'level', label: t('alarmPages.orderLevel') }]}
            onChange={(order) => set({ order: order as LiveAlarmOrder })}
          />
          <Flex gap={rem(8)} align="center" style={{ marginInlineStart: 'auto' }}>
            {canDeal && (
              <Button type="primary" disabled={!selected.length} loading={acking} onClick={() => void acknowledge(selected)}>
                {t('alarmPages.ackSelected', { count: selected.length })}
              </Button>
            )}
            <Badge status={hub === 'connected' ? 'processing' : 'warning'} text={t('alarmPages.live')} data-hub={hub} />
            <Button icon={<ReloadOutlined />} onClick={live.refetch} aria-label={t('alarmPages.refresh')} />
          </Flex>
        </Flex>
        {(hub === 'reconnecting' || hub === 'disconnected') && <Alert type="warning" showIcon style={{ marginBottom: rem(12) }} message={t('alarmPages.liveDown')} />}
        {!canDeal && <Typography.Paragraph type="secondary">{t('alarmPages.noDealRight')}</Typography.Paragraph>}
        {live.error != null && <Alert type="error" showIcon style={{ marginBottom: rem(12) }} message={t('alarmPages.loadFailed', { error: errorText(live.error) })} />}
        <Table<RealAlarm>
          data-testid="realtime-alarms"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={live.list}
          loading={live.list === undefined}
          onRow={(a) => ({ 'data-alarm-id': a.id } as React.HTMLAttributes<HTMLElement>)}
          rowSelection={canDeal ? {
            selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]),
            getCheckboxProps: (a) => ({ disabled: !!a.ackedAt }),
          } : undefined}
          pagination={{
            current: state.page, pageSize: state.size, total: live.count, pageSizeOptions: PAGE_SIZES, showSizeChanger: true,
            showTotal: (count) => t('alarmPages.total', { count }),
            onChange: (page, size) => set({ filter: state.filter, page, size }),
          }}
        />
      </PanelBody>
    </PagePanel>
  );
}
