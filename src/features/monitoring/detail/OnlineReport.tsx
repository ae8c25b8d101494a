import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Spin, Statistic, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import { BarChart } from 'echarts/charts';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import type { AvailabilitySpan, AvailabilityStep } from '../../../../contract/device-detail';
import { DeviceState } from '../../../../contract/enums';
import { echarts } from '../../../../screens/widgets/shared/echartsCore';
import { useEChart } from '../../../../screens/widgets/shared/useEChart';
import { errorText } from '../../../shared/errorText';
import { formatDateTime } from '../../admin/kit/cellValue';
import { detailKeys, fetchAvailability, fetchOnlineChanges, type OnlineChange } from './detailApi';
import { durationText } from './durationText';
import { remScale, type TimeRange } from './historyView';
import { timelineOf } from './onlineView';

echarts.use([BarChart]);

/** State colours: online, alarm, offline, unknown. */
export const STATE_COLORS: Record<string, string> = { 1: '#52c41a', 2: '#fa8c16', 0: '#8c8c8c', unknown: 'transparent' };
const STATE_TAGS: Record<number, string> = { 0: 'default', 1: 'success', 2: 'warning' };
/** Most changes the timeline draws (one page of the server's largest). */
const TIMELINE_CHANGES = 500;

const Stats = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: 0.75rem;
  margin-bottom: 1rem;
  > div {
    padding: 0.75rem 1rem;
    border-radius: 0.375rem;
    border: 1px solid ${({ theme }) => theme.surfaceBorder};
    background: ${({ theme }) => theme.inputBg};
  }
`;

const Bar = styled.div`
  display: flex;
  height: 1.5rem;
  border-radius: 0.25rem;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: repeating-linear-gradient(45deg, transparent 0 6px, ${({ theme }) => theme.surfaceBorder} 6px 8px);
`;

const Legend = styled.span<{ $color: string }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.textMuted};
  &::before {
    content: '';
    width: 0.75rem;
    height: 0.75rem;
    border-radius: 2px;
    background: ${({ $color }) => $color};
    border: 1px solid ${({ theme }) => theme.surfaceBorder};
  }
`;

function useDuration() {
  const { t, i18n } = useTranslation('admin');
  const units = { days: t('deviceDetail.days'), hours: t('deviceDetail.hours'), minutes: t('deviceDetail.minutes'), seconds: t('deviceDetail.seconds') };
  return (ms: number) => durationText(ms, units, i18n.language === 'en' ? ' ' : '');
}

const percentText = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)}%`);

/** The availability per period as bars (green at 99 % and above, orange from 90 %, red below). */
function PeriodBars({ periods, step }: { periods: readonly AvailabilitySpan[]; step: AvailabilityStep }) {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const option = useMemo<EChartsCoreOption>(() => {
    const label = (p: AvailabilitySpan) => {
      const d = new Date(p.from);
      const md = `${d.getMonth() + 1}-${d.getDate()}`;
      return step === 'month' ? `${d.getFullYear()}-${d.getMonth() + 1}` : md;
    };
    const px = (n: number) => Math.round(n * remScale());
    const axis = { axisLabel: { color: theme.textMuted, fontSize: px(12) }, axisLine: { lineStyle: { color: theme.surfaceBorder } }, splitLine: { lineStyle: { color: theme.surfaceBorder } } };
    return {
      backgroundColor: 'transparent',
      grid: { left: px(48), right: px(16), top: px(16), bottom: px(32) },
      tooltip: { trigger: 'axis', textStyle: { fontSize: px(14) }, valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v.toFixed(2)}%` : '—') },
      xAxis: { type: 'category', data: periods.map(label), ...axis },
      yAxis: { type: 'value', min: 0, max: 100, ...axis, axisLabel: { ...axis.axisLabel, formatter: '{value}%' } },
      series: [{
        type: 'bar', name: t('deviceDetail.availability'), barMaxWidth: px(28),
        data: periods.map((p) => ({
          value: p.availability,
          itemStyle: { color: p.availability === null ? theme.surfaceBorder : p.availability >= 99 ? '#52c41a' : p.availability >= 90 ? '#fa8c16' : '#f5222d' },
        })),
      }],
    };
  }, [periods, step, theme, t]);
  const { ref } = useEChart(option, 1, { notMerge: true, renderer: 'svg' });
  return <div ref={ref} style={{ height: '14rem' }} role="img" aria-label={t('deviceDetail.perPeriod')} data-period-bars={periods.length} />;
}

/**
 * A device's online account over `range`: availability, online / in-alarm / offline / unknown
 * time and changes (computed by the server from the transitions, the state carried in from before
 * included), a timeline of its states, and per period bars when `step` breaks the range down.
 */
export function OnlineReport({ deviceId, range, step, now }: { deviceId: number; range: TimeRange; step: AvailabilityStep; now: number }) {
  const { t } = useTranslation('admin');
  const duration = useDuration();
  const account = useQuery({
    queryKey: detailKeys.availability(deviceId, range.from, range.to, step),
    queryFn: ({ signal }) => fetchAvailability({ deviceId, ...range, step }, signal),
  });
  const changes = useQuery({
    queryKey: detailKeys.online(deviceId, range.from, range.to, 1, TIMELINE_CHANGES),
    queryFn: ({ signal }) => fetchOnlineChanges({ deviceId, from: range.from, to: range.to, Page: 1, Size: TIMELINE_CHANGES }, signal),
  });
  const a = account.data;
  const segments = useMemo(() => (a && changes.data && changes.data.count <= TIMELINE_CHANGES
    ? timelineOf(changes.data.list, a.stateAtFrom, range, now) : null), [a, changes.data, range, now]);
  const span = Math.max(1, Math.min(range.to, now) - range.from);
  const stateName = (s: number | null) => (s === null ? t('deviceDetail.unknownTime') : t(`deviceDetail.states.${s}`));

  if (account.error) return <Alert type="error" showIcon title={t('deviceDetail.loadFailed', { error: errorText(account.error) })} />;
  return (
    <Spin spinning={account.isFetching}>
      <div data-online-report data-availability={a?.total.availability ?? ''}>
        <Stats>
          <div><Statistic title={t('deviceDetail.availability')} value={a ? percentText(a.total.availability) : '—'} /></div>
          <div><Statistic title={t('deviceDetail.onlineTime')} value={a ? duration(a.total.onlineMs) : '—'} /></div>
          <div><Statistic title={t('deviceDetail.alarmTime')} value={a ? duration(a.total.alarmMs) : '—'} /></div>
          <div><Statistic title={t('deviceDetail.offlineTime')} value={a ? duration(a.total.offlineMs) : '—'} /></div>
          <div><Statistic title={t('deviceDetail.unknownTime')} value={a ? duration(a.total.unknownMs) : '—'} /></div>
          <div><Statistic title={t('deviceDetail.changeCount')} value={a?.total.changes ?? '—'} /></div>
        </Stats>
        {a && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: '0.5rem' }}>
            {a.stateAtFrom === null ? t('deviceDetail.carriedUnknown') : t('deviceDetail.carried', { state: stateName(a.stateAtFrom) })}
          </Typography.Paragraph>
        )}
        {segments && (
          <>
            <Bar data-online-timeline>
              {segments.map((s) => (
                <Tooltip key={s.from} title={`${stateName(s.state)} · ${formatDateTime(s.from)} ~ ${formatDateTime(s.to)} · ${duration(s.to - s.from)}`}>
                  <div style={{ width: `${((s.to - s.from) / span) * 100}%`, background: STATE_COLORS[s.state ?? 'unknown'] }} />
                </Tooltip>
              ))}
            </Bar>
            <Flex justify="space-between" style={{ margin: '0.25rem 0 1rem' }}>
              <Typography.Text type="secondary" style={{ fontSize: '0.75rem' }}>{formatDateTime(range.from)}</Typography.Text>
              <Flex gap="1rem">
                <Legend $color={STATE_COLORS[1]}>{t('deviceDetail.states.1')}</Legend>
                <Legend $color={STATE_COLORS[2]}>{t('deviceDetail.states.2')}</Legend>
                <Legend $color={STATE_COLORS[0]}>{t('deviceDetail.states.0')}</Legend>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: '0.75rem' }}>{formatDateTime(Math.min(range.to, now))}</Typography.Text>
            </Flex>
          </>
        )}
        {a && step !== 'none' && a.periods.length > 1 && (
          <>
            <Typography.Title level={5} style={{ margin: '0 0 0.25rem' }}>{t('deviceDetail.perPeriod')}</Typography.Title>
            <PeriodBars periods={a.periods} step={step} />
          </>
        )}
      </div>
    </Spin>
  );
}

/** The device's state changes, newest first, with how long each state held; within `range` when given. */
export function OnlineChanges({ deviceId, range }: { deviceId: number; range?: TimeRange }) {
  const { t } = useTranslation('admin');
  const duration = useDuration();
  const [page, setPage] = useState({ Page: 1, Size: 10 });
  const key = `${range?.from}:${range?.to}`;
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setPage((p) => ({ ...p, Page: 1 }));
  }
  const list = useQuery({
    queryKey: detailKeys.online(deviceId, range?.from, range?.to, page.Page, page.Size),
    queryFn: ({ signal }) => fetchOnlineChanges({ deviceId, from: range?.from, to: range?.to, ...page }, signal),
    placeholderData: (previous) => previous,
  });
  const columns = useMemo<TableColumnsType<OnlineChange>>(() => [
    { key: 'state', title: t('deviceDetail.state'), width: '6.5rem', render: (_, c) => <Tag color={STATE_TAGS[c.state] ?? 'default'}>{t(`deviceDetail.states.${c.state}`, { defaultValue: String(c.state) })}</Tag> },
    { key: 'from', title: t('deviceDetail.from'), width: '12rem', render: (_, c) => formatDateTime(c.ts) },
    { key: 'until', title: t('deviceDetail.until'), width: '12rem', render: (_, c) => (c.until === null ? <Typography.Text type="secondary">{t('deviceDetail.ongoing')}</Typography.Text> : formatDateTime(c.until)) },
    { key: 'duration', title: t('deviceDetail.duration'), render: (_, c) => duration(c.durationMs) },
  ], [t, duration]);
  return (
    <div data-online-changes>
      <Typography.Title level={5} style={{ margin: '0 0 0.5rem' }}>{t('deviceDetail.changes')}</Typography.Title>
      {list.error && <Alert type="error" showIcon style={{ marginBottom: '0.75rem' }} title={t('deviceDetail.loadFailed', { error: errorText(list.error) })} />}
      <Table<OnlineChange>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('deviceDetail.noChanges') }}
        rowClassName={(c) => (c.state === DeviceState.Offline ? 'online-offline-row' : '')}
        pagination={{
          current: page.Page, pageSize: page.Size, total: list.data?.count ?? 0, showSizeChanger: true, pageSizeOptions: [10, 20, 50],
          hideOnSinglePage: true, onChange: (Page, Size) => setPage({ Page: Size === page.Size ? Page : 1, Size }),
        }}
      />
    </div>
  );
}
