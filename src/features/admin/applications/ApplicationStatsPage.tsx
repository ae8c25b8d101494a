import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Segmented, Spin } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import styled, { useTheme } from 'styled-components';
import { echarts } from '../../../../screens/widgets/shared/echartsCore';
import { useEChart } from '../../../../screens/widgets/shared/useEChart';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { PanelBody } from '../ResourceListPage';
import { fetchLoginStats, fetchUsage } from './applicationApi';
import { lastDays, loginSeries } from './loginChart';

echarts.use([BarChart, LineChart]);

const PERIODS = [7, 30, 90] as const;
const DAYS = 'days';

const Charts = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  gap: 1.5rem;
  @media (max-width: 1200px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Card = styled.section`
  padding: 1rem 1.25rem;
  border-radius: 0.375rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
`;

const CardHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  margin-bottom: 0.5rem;
  h2 {
    margin: 0;
    font-size: 1rem;
    color: ${({ theme }) => theme.textStrong};
  }
`;

const ChartBox = styled.div`
  height: 22rem;
`;

/** One chart for the element's lifetime (created on mount, disposed on unmount), empty and loading states over it. */
function Chart({ option, loading, empty, label }: { option: EChartsCoreOption | null; loading: boolean; empty: boolean; label: string }) {
  const { ref } = useEChart(option, 1, { notMerge: true, renderer: 'svg' });
  return (
    <Spin spinning={loading}>
      <div style={{ position: 'relative' }}>
        <ChartBox ref={ref} role="img" aria-label={label} />
        {empty && !loading && <Empty style={{ position: 'absolute', inset: '35% 0 auto' }} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      </div>
    </Spin>
  );
}

/**
 * /nv_application/nv_application_static: per application its users and joined organisations
 * (bars), and its sign-ins per day over the last 7, 30 or 90 days (lines; the period in the address).
 */
export function ApplicationStatsPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const asked = Number(new URLSearchParams(search).get(DAYS));
  const days = (PERIODS as readonly number[]).includes(asked) ? asked : 30;
  const usage = useQuery({ queryKey: ['apps', 'usage'], queryFn: ({ signal }) => fetchUsage(signal) });
  const logins = useQuery({ queryKey: ['apps', 'login-stats', days], queryFn: ({ signal }) => fetchLoginStats(days, signal) });

  const axis = useMemo(() => ({
    axisLabel: { color: theme.textMuted },
    axisLine: { lineStyle: { color: theme.surfaceBorder } },
    splitLine: { lineStyle: { color: theme.surfaceBorder } },
  }), [theme]);
  const common = useMemo(() => ({
    backgroundColor: 'transparent',
    textStyle: { color: theme.text },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { color: theme.text } },
    grid: { left: 48, right: 24, top: 40, bottom: 40 },
  }), [theme]);

  const usersOption = useMemo<EChartsCoreOption | null>(() => usage.data ? ({
    ...common,
    xAxis: { type: 'category', data: usage.data.map((a) => a.name), ...axis, axisLabel: { ...axis.axisLabel, interval: 0, rotate: usage.data.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: [
      { type: 'bar', name: t('apps.users'), data: usage.data.map((a) => a.users), barMaxWidth: 36, itemStyle: { color: theme.primary } },
      { type: 'bar', name: t('apps.orgs'), data: usage.data.map((a) => a.orgs), barMaxWidth: 36 },
    ],
  }) : null, [usage.data, common, axis, t, theme]);

  const lines = useMemo(() => logins.data && loginSeries(logins.data, lastDays(days, new Date()), usage.data ?? [], t('apps.noApp')), [logins.data, usage.data, days, t]);
  const loginsOption = useMemo<EChartsCoreOption | null>(() => lines ? ({
    ...common,
    xAxis: { type: 'category', boundaryGap: false, data: lines.days.map((d) => d.slice(5)), ...axis },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: lines.series.map((s) => ({ type: 'line', name: s.name, data: s.data, showSymbol: days <= 30 })),
  }) : null, [lines, common, axis, days]);

  const failed = usage.error ?? logins.error;
  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        {failed && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('apps.loadFailed', { error: failed.message })} />}
        <Charts>
          <Card>
            <CardHead><h2>{t('apps.usersTitle')}</h2></CardHead>
            <Chart option={usersOption} loading={usage.isPending} empty={!usage.data?.length} label={t('apps.usersTitle')} />
          </Card>
          <Card>
            <CardHead>
              <h2>{t('apps.loginsTitle')}</h2>
              <Segmented
                aria-label={t('apps.days')}
                value={days}
                options={PERIODS.map((p) => ({ value: p, label: t('apps.lastDays', { count: p }) }))}
                onChange={(value) => navigate(`${location}?${new URLSearchParams({ [DAYS]: String(value) })}`, { replace: true })}
              />
            </CardHead>
            <Chart option={loginsOption} loading={logins.isPending} empty={!lines?.series.length} label={t('apps.loginsTitle')} />
          </Card>
        </Charts>
      </PanelBody>
    </PagePanel>
  );
}
