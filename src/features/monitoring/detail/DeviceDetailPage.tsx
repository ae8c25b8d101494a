import { ArrowLeftOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Empty, Flex, Result, Spin, Tabs, Tag, Typography } from 'antd';
import { Right } from '../../../../contract/rights';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { errorText } from '../../../shared/errorText';
import { lazyPage } from '../../../shared/lazyPage';
import { useHasRight } from '../../../shared/user';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { RouteLink } from '../../admin/access/RouteLink';
import { formatDateTime } from '../../admin/kit/cellValue';
import { PanelBody } from '../../admin/ResourceListPage';
import { DEVICE_MONITOR_PATH, DEVICE_ONLINE_PATH, historyQuery } from './detailApi';
import { registerDetailStrings } from './detailStrings';
import { DeviceAlarms } from './DeviceAlarms';
import { HistoryPanel } from './HistoryPanel';
import { CHART_POINTS, rangeOf, type RangePreset, type TimeRange } from './historyView';
import { LiveMeasures } from './LiveMeasures';
import { OnlineChanges, OnlineReport } from './OnlineReport';
import { useDeviceLive } from './useDeviceLive';
import type { Freshness } from './liveDetail';

registerDetailStrings();

const TABS = ['live', 'history', 'alarms', 'online', 'control'] as const;
type Tab = (typeof TABS)[number];
const STATE_COLORS: Record<number, string> = { 0: 'default', 1: 'success', 2: 'error' };
const DAY = 86_400_000;

// The remote control panel (issue 18's) is a chunk of its own, loaded when 控制 is opened.
const RemoteControlPanel = lazyPage(() => import('../../admin/devices/remote/RemoteControlPanel'), 'RemoteControlPanel');

/** The marker over the values: live, stale since the last sample, no data yet, or the hub away. */
function FreshnessTag({ freshness }: { freshness: Freshness | null }) {
  const { t } = useTranslation('admin');
  if (!freshness) return null;
  const [color, text] = freshness.kind === 'live' ? ['success', t('deviceDetail.live')]
    : freshness.kind === 'stale' ? ['warning', t('deviceDetail.stale', { time: formatDateTime(freshness.since) })]
      : freshness.kind === 'never' ? ['default', t('deviceDetail.staleNever')] : ['error', t('deviceDetail.hubDown')];
  return <Tag color={color} icon={<FieldTimeOutlined aria-hidden />} data-freshness={freshness.kind}>{text}</Tag>;
}

/**
 * 设备详情 (/nv_monitor/nv_device_detail/{deviceId}, device-preview): the device with its live
 * values (hub-driven, stale marker, snapshot after reconnect), its history as a zoomable chart
 * with export, its alarms, its online log and availability, and the remote control panel (for
 * device-control). The
 * tab, point and range live in the address (`?tab=history&measure=…&range=7d`).
 */
export function DeviceDetailPage({ title, params }: { title: string; params: Record<string, string> }) {
  const { t } = useTranslation('admin');
  const deviceId = Number(params.deviceId);
  const valid = Number.isSafeInteger(deviceId) && deviceId > 0;
  const { query, freshness, notFound, now } = useDeviceLive(deviceId, valid);
  const canControl = useHasRight(Right.DeviceControl);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const q = useMemo(() => new URLSearchParams(search), [search]);
  const asked = q.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') && (asked !== 'control' || canControl) ? (asked as Tab) : 'live';
  // Rounded to the minute (rangeOf): re-renders do not move a preset range.
  const range = useMemo(() => rangeOf(q, Date.now()), [q]);
  const d = query.data;
  const queryClient = useQueryClient();
  // An address naming the point (a link, a reload) asks for its trend beside the device, not after
  // it, and during the first render rather than after the page's (large) first commit.
  const askedMeasure = Number(q.get('measure'));
  const historyAhead = valid && tab === 'history' && Number.isSafeInteger(askedMeasure) && askedMeasure > 0;
  useState(() => {
    if (historyAhead) void queryClient.prefetchQuery(historyQuery(deviceId, askedMeasure, range, CHART_POINTS));
  });

  const setQuery = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    navigate(`${location}?${next.toString()}`, { replace: true });
  };
  const measures = d?.measures ?? [];
  const measureId = measures.some((m) => m.measureId === askedMeasure) ? askedMeasure
    : (measures.find((m) => m.value !== null && m.measureType === 0) ?? measures.find((m) => m.value !== null) ?? measures[0])?.measureId;
  const alarmVersion = measures.map((m) => m.alarm?.id ?? 0).join(',');
  const week = useMemo<TimeRange>(() => ({ from: Math.floor(now / 60_000) * 60_000 - 7 * DAY, to: Math.floor(now / 60_000) * 60_000 }), [now]);

  const back = <RouteLink to={DEVICE_MONITOR_PATH}><ArrowLeftOutlined aria-hidden /> {t('deviceDetail.back')}</RouteLink>;
  if (!valid || notFound) {
    return (
      <PagePanel data-device-detail="not-found">
        <PageHeading>{title}</PageHeading>
        <PanelBody>
          <Result status="404" title="404" subTitle={t('deviceDetail.notFound', { id: params.deviceId })} extra={back} />
        </PanelBody>
      </PagePanel>
    );
  }

  const tabs: { key: Tab; label: string; children: ReactNode }[] = d ? [
    {
      key: 'live', label: t('deviceDetail.tabs.live'),
      children: <LiveMeasures measures={measures} stale={freshness?.kind === 'stale'} onTrend={(id) => setQuery({ tab: 'history', measure: String(id) })} />,
    },
    {
      key: 'history', label: t('deviceDetail.tabs.history'),
      children: measureId === undefined ? <Empty description={t('deviceDetail.noMeasures')} /> : (
        <HistoryPanel
          deviceId={deviceId}
          deviceName={d.device.name}
          measures={measures}
          measureId={measureId}
          range={range}
          onMeasure={(id) => setQuery({ measure: String(id) })}
          onRange={(r) => setQuery('preset' in r ? { range: r.preset as RangePreset, from: null, to: null } : { range: 'custom', from: String(r.from), to: String(r.to) })}
        />
      ),
    },
    { key: 'alarms', label: t('deviceDetail.tabs.alarms'), children: <DeviceAlarms deviceId={deviceId} version={alarmVersion} /> },
    {
      key: 'online', label: t('deviceDetail.tabs.online'),
      children: (
        <Flex vertical gap="1rem">
          <Flex justify="space-between" align="center">
            <Typography.Title level={5} style={{ margin: 0 }}>{t('deviceDetail.recent')}</Typography.Title>
            <RouteLink to={`${DEVICE_ONLINE_PATH}/${deviceId}`}>{t('deviceDetail.allOnlineData')}</RouteLink>
          </Flex>
          <OnlineReport deviceId={deviceId} range={week} step="day" now={now} />
          <OnlineChanges deviceId={deviceId} />
        </Flex>
      ),
    },
    ...(canControl ? [{
      key: 'control' as const, label: t('deviceDetail.tabs.control'),
      children: <Suspense fallback={<Spin style={{ display: 'block', margin: '2rem auto' }} />}><RemoteControlPanel deviceId={deviceId} /></Suspense>,
    }] : []),
  ] : [];

  return (
    <PagePanel data-device-detail={deviceId}>
      <PageHeading>{title}{d && ` · ${d.device.name}`}</PageHeading>
      <PanelBody>
        <Flex justify="space-between" align="center" style={{ marginBottom: '1rem' }}>
          {back}
          <Flex gap="1rem" align="center">
            <FreshnessTag freshness={freshness} />
            <RouteLink to={`${DEVICE_ONLINE_PATH}/${deviceId}`}>{t('deviceDetail.onlineData')}</RouteLink>
          </Flex>
        </Flex>
        {query.error && <Alert type="error" showIcon title={t('deviceDetail.loadFailed', { error: errorText(query.error) })} />}
        {query.isPending && <Spin style={{ display: 'block', margin: '3rem auto' }} />}
        {d && (
          <>
            <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 4 }} style={{ marginBottom: '1rem' }}>
              <Descriptions.Item label={t('deviceDetail.code')}>{d.device.code}</Descriptions.Item>
              <Descriptions.Item label={t('deviceDetail.project')}>{d.device.projectName || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('deviceDetail.model')}>{d.device.deviceModelName}</Descriptions.Item>
              <Descriptions.Item label={t('deviceDetail.state')}>
                <Tag color={STATE_COLORS[d.device.state] ?? 'default'} data-device-state={d.device.state}>{t(`deviceDetail.states.${d.device.state}`, { defaultValue: String(d.device.state) })}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('deviceDetail.gateway')}>{d.device.gatewayName || t('deviceDetail.none')}</Descriptions.Item>
              <Descriptions.Item label={t('deviceDetail.iotId')}>{d.device.iotId || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('deviceDetail.lastSeen')}>{d.device.lastSeenAt === null ? t('deviceDetail.never') : formatDateTime(d.device.lastSeenAt)}</Descriptions.Item>
            </Descriptions>
            <Tabs activeKey={tab} onChange={(key) => setQuery({ tab: key })} items={tabs} destroyOnHidden />
          </>
        )}
      </PanelBody>
    </PagePanel>
  );
}
