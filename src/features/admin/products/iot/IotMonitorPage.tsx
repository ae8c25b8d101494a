import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Flex, Form, Input, Segmented, Select, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import { Table } from '../../kit/CardTable';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { HubTopic } from '../../../../../contract/hub';
import { IOT_MONITOR_TYPES, type IotDeviceRow } from '../../../../../contract/iot-monitor';
import { errorText } from '../../../../shared/errorText';
import { alarmRefreshAtom } from '../../../../shared/refreshSignals';
import { createScreenClient } from '../../../../shared/screen/createScreenClient';
import { appStore } from '../../../../shared/store';
import { PageHeading, PagePanel } from '../../../../shared/ui/PagePanel';
import { formatDateTime } from '../../kit/cellValue';
import { PanelBody } from '../../ResourceListPage';
import { fetchIotMonitor, fetchProjectNames, iotKeys, type IotFilter } from './iotApi';
import { registerIotMonitorStrings } from './iotStrings';
import { agoOf, IOT_REFRESH_MS, percentOf, signalBars, STATE_BADGES, stateKey } from './iotView';

registerIotMonitorStrings();

const PAGE_SIZES = [20, 50, 100];
const STATES = [{ key: 'online', value: 1 }, { key: 'offline', value: 0 }, { key: 'alarm', value: 2 }] as const;

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 1rem;
  margin-bottom: 1.25rem;
`;

const Card = styled.button<{ $accent: string; $active: boolean }>`
  all: unset;
  box-sizing: border-box;
  cursor: pointer;
  padding: 1rem 1.25rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ $active, $accent, theme: th }) => ($active ? $accent : th.surfaceBorder)};
  border-inline-start: 4px solid ${({ $accent }) => $accent};
  background: ${({ $active, theme: th }) => ($active ? th.surfaceBorder : 'transparent')};
  &:focus-visible { outline: 2px solid ${({ $accent }) => $accent}; outline-offset: 2px; }
  &:hover { border-color: ${({ $accent }) => $accent}; }
`;

const CardLabel = styled.div`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.textMuted};
`;

const CardValue = styled.div<{ $accent: string }>`
  margin: 0.25rem 0;
  font-size: 2rem;
  font-weight: 600;
  line-height: 1.2;
  color: ${({ $accent }) => $accent};
  font-variant-numeric: tabular-nums;
`;

const typeKey = (type: number) => `iotMonitor.types.${type}`;

const Bars = styled.span<{ $alarm: boolean }>`
  display: inline-flex;
  align-items: flex-end;
  gap: 0.125rem;
  height: 0.875rem;
  margin-inline-end: 0.5rem;
  vertical-align: -0.0625rem;
  i { width: 0.1875rem; border-radius: 1px; background: ${({ theme }) => theme.surfaceBorder}; }
  i[data-on] { background: ${({ $alarm }) => ($alarm ? '#f5484d' : '#27b36a')}; }
`;

/** A signal strength (tag 1) as bars and its value, red while its alarm is open. */
function SignalCell({ signal }: { signal: NonNullable<IotDeviceRow['signal']> }) {
  const { t } = useTranslation('admin');
  if (signal.value === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const level = signalBars(signal.value);
  return (
    <span title={t(`iotMonitor.signalLevels.${level.key}`)} data-signal={signal.value}>
      <Bars $alarm={signal.alarm} aria-hidden>
        {[1, 2, 3, 4].map((n) => <i key={n} style={{ height: `${n * 25}%` }} data-on={n <= level.bars ? '' : undefined} />)}
      </Bars>
      <Typography.Text type={signal.alarm ? 'danger' : undefined}>{`${signal.value}${signal.unit ? ` ${signal.unit}` : ''}`}</Typography.Text>
    </span>
  );
}

const optionalNumber = (text: string | null) => {
  if (text === null || text === '') return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

/** The filter of the address (`type`, `state`, `project`, `q`, `page`, `size`), what is invalid left out. */
function readFilter(search: string): IotFilter {
  const q = new URLSearchParams(search);
  const type = optionalNumber(q.get('type'));
  const state = optionalNumber(q.get('state'));
  const size = Number(q.get('size'));
  return {
    deviceTypeId: type !== undefined && (IOT_MONITOR_TYPES as readonly number[]).includes(type) ? type : undefined,
    state: state !== undefined && state <= 2 ? state : undefined,
    projectId: optionalNumber(q.get('project')) || undefined,
    keyword: q.get('q')?.trim().slice(0, 64) || undefined,
    page: optionalNumber(q.get('page')) || 1,
    size: PAGE_SIZES.includes(size) ? size : 20,
  };
}

function writeFilter(f: IotFilter): string {
  const q = new URLSearchParams();
  if (f.deviceTypeId !== undefined) q.set('type', String(f.deviceTypeId));
  if (f.state !== undefined) q.set('state', String(f.state));
  if (f.projectId !== undefined) q.set('project', String(f.projectId));
  if (f.keyword) q.set('q', f.keyword);
  if (f.page > 1) q.set('page', String(f.page));
  if (f.size !== 20) q.set('size', String(f.size));
  return q.toString();
}

/**
 * 物联网监控 (/nv_iot/nv_iot_monitor, the IoT branch's default page): the 4G-DTUs, relays and RoLa
 * gateways the user sees — counts online, offline and in alarm (a card filters the table by its
 * state), and the devices alarms first with model, project, gateway, signal strength (tag 1) and
 * last data. Asks again every IOT_REFRESH_MS, at once when the hub pushes an alarm, and within a
 * second of a device's state change.
 */
export function IotMonitorPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const { token } = theme.useToken();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filter = useMemo(() => readFilter(search), [search]);
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  const setFilter = (next: Partial<IotFilter>) => {
    const merged = { ...filter, page: 1, ...next };
    const query = writeFilter(merged);
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };

  const monitor = useQuery({
    queryKey: iotKeys.monitor(filter),
    queryFn: ({ signal }) => fetchIotMonitor(filter, signal),
    refetchInterval: IOT_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const projects = useQuery({ queryKey: iotKeys.projects, queryFn: ({ signal }) => fetchProjectNames(signal), staleTime: 60_000 });

  // An alarm raised or cleared anywhere (the hub's measureWarning push) may change a state here.
  const alarmSignal = useAtomValue(alarmRefreshAtom, { store: appStore });
  const firstSignal = useRef(alarmSignal);
  const { refetch } = monitor;
  useEffect(() => {
    if (alarmSignal !== firstSignal.current) void refetch();
  }, [alarmSignal, refetch]);
  // A device's state change (the hub's statistics topic) asks again, at most once a second.
  useEffect(() => {
    const client = createScreenClient(appStore);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void refetch();
      }, 1_000);
    };
    const offs = [client.subscribe(HubTopic.statistics), client.on('deviceState', soon), client.onResync(soon)];
    return () => {
      for (const off of offs) off();
      clearTimeout(timer);
    };
  }, [refetch]);

  const data = monitor.data;
  const counts = data?.counts;
  const accents = { total: token.colorPrimary, online: token.colorSuccess, offline: token.colorTextTertiary, alarm: token.colorError };

  const columns = useMemo<TableColumnsType<IotDeviceRow>>(() => [
    {
      key: 'state', title: t('iotMonitor.state'), width: 100,
      render: (_, d) => <Badge status={STATE_BADGES[stateKey(d.state)]} text={t(`iotMonitor.${stateKey(d.state)}`)} data-device-state={stateKey(d.state)} />,
    },
    {
      key: 'device', title: t('iotMonitor.device'), ellipsis: true,
      render: (_, d) => <Flex vertical><span>{d.name}</span><Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{d.code}</Typography.Text></Flex>,
    },
    { key: 'type', title: t('iotMonitor.type'), width: 140, render: (_, d) => t(typeKey(d.deviceTypeId), { defaultValue: String(d.deviceTypeId) }) },
    { key: 'model', title: t('iotMonitor.model'), dataIndex: 'deviceModelName', ellipsis: true },
    { key: 'project', title: t('iotMonitor.project'), ellipsis: true, render: (_, d) => d.projectName ?? '—' },
    {
      key: 'gateway', title: t('iotMonitor.gateway'), width: 150, ellipsis: true,
      render: (_, d) => (d.gatewayId === null
        ? <Tooltip title={t('iotMonitor.ownAccessHint')}><Typography.Text type="secondary">{t('iotMonitor.ownAccess')}</Typography.Text></Tooltip>
        : d.gatewayName ?? `#${d.gatewayId}`),
    },
    {
      key: 'iot', title: t('iotMonitor.iotId'), width: 200,
      render: (_, d) => <Flex vertical><span>{d.iotId || '—'}</span>{d.iccid && <Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{d.iccid}</Typography.Text>}</Flex>,
    },
    {
      key: 'signal', title: t('iotMonitor.signal'), width: 130,
      render: (_, d) => (d.signal ? <SignalCell signal={d.signal} /> : <Typography.Text type="secondary">—</Typography.Text>),
    },
    {
      key: 'lastSeen', title: t('iotMonitor.lastSeen'), width: 190,
      render: (_, d) => {
        if (d.lastSeenAt === null) return <Typography.Text type="secondary">{t('iotMonitor.never')}</Typography.Text>;
        const ago = agoOf(d.lastSeenAt, data?.now ?? Date.now());
        return <Flex vertical><span>{formatDateTime(d.lastSeenAt)}</span><Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{t(`iotMonitor.${ago.key}`, { count: ago.count })}</Typography.Text></Flex>;
      },
    },
    {
      key: 'alarms', title: t('iotMonitor.alarms'), width: 130, align: 'center',
      render: (_, d) => (d.activeAlarms ? <Badge count={d.activeAlarms} overflowCount={99} /> : <Typography.Text type="secondary">0</Typography.Text>),
    },
  ], [t, data?.now]);

  const card = (key: 'total' | 'online' | 'offline' | 'alarm', value: number | undefined, state?: number) => {
    const active = state === undefined ? filter.state === undefined : filter.state === state;
    return (
      <Card
        key={key}
        type="button"
        $accent={accents[key]}
        $active={active && state !== undefined}
        aria-pressed={state === undefined ? undefined : active}
        data-iot-count={key}
        onClick={() => setFilter({ state: state === undefined || active ? undefined : state })}
      >
        <CardLabel>{key === 'total' ? t('iotMonitor.total') : t(`iotMonitor.${key}`)}</CardLabel>
        <CardValue $accent={accents[key]}>{value ?? '—'}</CardValue>
        <CardLabel>
          {key === 'total'
            ? (data?.byType ?? []).map((b) => `${t(typeKey(b.deviceTypeId))} ${b.total}`).join(' · ') || '\u00a0'
            : counts ? t('iotMonitor.share', { percent: percentOf(value ?? 0, counts.total) }) : '\u00a0'}
        </CardLabel>
      </Card>
    );
  };

  return (
    <PagePanel data-iot-monitor>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Cards>
          {card('total', counts?.total)}
          {STATES.map((s) => card(s.key, counts?.[s.key], s.value))}
        </Cards>
        <Flex justify="space-between" align="center" wrap gap="0.75rem" style={{ marginBottom: '1rem' }}>
          <Form layout="inline" component="div" role="search" style={{ rowGap: '0.75rem' }}>
            <Form.Item style={{ marginBottom: 0 }}>
              <Segmented
                aria-label={t('iotMonitor.type')}
                value={filter.deviceTypeId ?? 0}
                onChange={(v) => setFilter({ deviceTypeId: v ? Number(v) : undefined })}
                options={[
                  { value: 0, label: `${t('iotMonitor.allTypes')} ${counts?.total ?? ''}`.trim() },
                  ...IOT_MONITOR_TYPES.map((type) => ({ value: type, label: `${t(typeKey(type))} ${data?.byType.find((b) => b.deviceTypeId === type)?.total ?? ''}`.trim() })),
                ]}
              />
            </Form.Item>
            <Form.Item label={t('iotMonitor.state')} htmlFor="iot-state" style={{ marginBottom: 0 }}>
              <Select
                id="iot-state"
                allowClear
                style={{ width: '8rem' }}
                placeholder={t('iotMonitor.allStates')}
                value={filter.state}
                onChange={(v?: number) => setFilter({ state: v })}
                options={STATES.map((s) => ({ value: s.value, label: t(`iotMonitor.${s.key}`) }))}
              />
            </Form.Item>
            <Form.Item label={t('iotMonitor.project')} htmlFor="iot-project" style={{ marginBottom: 0 }}>
              <Select
                id="iot-project"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: '12rem' }}
                placeholder={t('iotMonitor.allProjects')}
                loading={projects.isPending}
                value={filter.projectId}
                onChange={(v?: number) => setFilter({ projectId: v })}
                options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
            <Form.Item style={{ marginBottom: 0 }}>
              <Input.Search
                aria-label={t('iotMonitor.keyword')}
                placeholder={t('iotMonitor.keyword')}
                allowClear
                maxLength={64}
                style={{ width: '15rem' }}
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
                onSearch={(v) => setFilter({ keyword: v.trim() || undefined })}
                enterButton={t('iotMonitor.search')}
              />
            </Form.Item>
          </Form>
          <Flex gap="0.75rem" align="center">
            {data && (
              <Typography.Text type="secondary" data-iot-updated>
                {t('iotMonitor.updated', { time: formatDateTime(data.now).slice(11), seconds: IOT_REFRESH_MS / 1000 })}
              </Typography.Text>
            )}
            <Button icon={<ReloadOutlined aria-hidden />} loading={monitor.isFetching} onClick={() => void monitor.refetch()}>{t('iotMonitor.refresh')}</Button>
          </Flex>
        </Flex>
        {monitor.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('iotMonitor.loadFailed', { error: errorText(monitor.error) })} />}
        <Table<IotDeviceRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={monitor.isPending}
          locale={{ emptyText: t('iotMonitor.empty') }}
          pagination={{
            current: filter.page, pageSize: filter.size, total: data?.count ?? 0, pageSizeOptions: PAGE_SIZES, showSizeChanger: true,
            onChange: (page, size) => setFilter({ page: size === filter.size ? page : 1, size }),
          }}
        />
      </PanelBody>
    </PagePanel>
  );
}
