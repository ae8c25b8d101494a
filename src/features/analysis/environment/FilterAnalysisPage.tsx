import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Segmented, Tag } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import { LineChart } from 'echarts/charts';
import { MarkAreaComponent } from 'echarts/components';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTRATION_PERIODS, type FilterStage } from '../../../../contract/environment-analysis';
import { echarts } from '../../../../screens/widgets/shared/echartsCore';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { PanelBody } from '../../admin/ResourceListPage';
import { fetchFiltration } from './environmentApi';
import { registerEnvironmentStrings } from './environmentStrings';
import { Card, Chart, Muted, Toolbar, percent, shortDate, shortTime, useChartStyle, useProjectChoice, useSearchParam } from './envShared';

registerEnvironmentStrings();
echarts.use([LineChart, MarkAreaComponent]);

type Period = (typeof FILTRATION_PERIODS)[number];
const stageKey = (s: FilterStage) => `${s.deviceId}:${s.measureId}`;

/**
 * /nv_environment_analysis/nv_filter_analysis: filtration efficiency per stage (1 − downstream ÷
 * upstream PM2.5) over the period, the stages whose efficiency dropped (a leak or bypass) first
 * and flagged, and the chosen stage's curve with its drops marked.
 */
export function FilterAnalysisPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const e = (k: string, o?: Record<string, unknown>) => t(`envAnalysis.${k}`, o ?? {});
  const { projectId, picker } = useProjectChoice();
  const [rawPeriod, setPeriod] = useSearchParam('period');
  const period: Period = (FILTRATION_PERIODS as readonly string[]).includes(rawPeriod ?? '') ? rawPeriod as Period : 'week';
  const [chosen, setChosen] = useState<string | null>(null);
  const q = useQuery({ queryKey: ['env', 'filtration', projectId, period], placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchFiltration(projectId, period, signal) });
  const { axis, common, theme } = useChartStyle();
  const stages = q.data?.stages ?? [];
  const stage = stages.find((s) => stageKey(s) === chosen) ?? stages[0];

  const option = useMemo<EChartsCoreOption | null>(() => {
    if (!stage) return null;
    return {
      ...common,
      tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`) },
      xAxis: { type: 'category', data: stage.series.map((p) => (period === 'month' ? shortDate(p.t) : shortTime(p.t))), boundaryGap: false, ...axis },
      yAxis: { type: 'value', max: 1, axisLabel: { ...axis.axisLabel, formatter: (v: number) => `${Math.round(v * 100)}%` }, axisLine: axis.axisLine, splitLine: axis.splitLine },
      series: [{
        type: 'line', name: `${stage.deviceName} · ${t('envAnalysis.stage', { n: stage.stage })}`, showSymbol: stage.series.length <= 31,
        data: stage.series.map((p) => p.efficiency), itemStyle: { color: theme.primary }, lineStyle: { width: 2 },
        markArea: {
          silent: true, itemStyle: { color: 'rgba(255, 77, 79, 0.18)' },
          data: stage.drops.map((d) => {
            const bucket = q.data!.bucketMs;
            const first = stage.series.findIndex((p) => p.t + bucket > d.start);
            const endT = d.end ?? Infinity;
            let last = stage.series.length - 1;
            while (last > 0 && stage.series[last].t > endT) last--;
            return [{ xAxis: Math.max(0, first), name: t('envAnalysis.leaking') }, { xAxis: Math.max(first, last) }];
          }),
        },
      }],
    };
  }, [stage, common, axis, theme, t, period, q.data]);

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Toolbar>
          {picker}
          <Segmented aria-label={e('period')} value={period} onChange={(v) => setPeriod(String(v))}
            options={FILTRATION_PERIODS.map((p) => ({ value: p, label: e(p) }))} />
          <Muted>{e('efficiencyFormula')}</Muted>
        </Toolbar>
        {q.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={e('loadFailed', { error: q.error.message })} />}
        {q.data && q.data.flagged > 0 && (
          <Alert type="warning" showIcon style={{ marginBottom: '1rem' }} data-testid="filter-flagged" title={e('flagged', { count: q.data.flagged })} />
        )}
        <Card style={{ marginBottom: '1rem' }}>
          <h2>{e('efficiencyTitle')} {stage && <Muted>{stage.projectName} · {stage.deviceName} · {e('stage', { n: stage.stage })}</Muted>}</h2>
          <Chart option={option} loading={q.isFetching} empty={!stage} label={e('efficiencyTitle')} height="18rem" />
        </Card>
        <Table<FilterStage>
          rowKey={stageKey} size="middle" dataSource={stages} loading={q.isFetching} scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          onRow={(r) => ({ onClick: () => setChosen(stageKey(r)), style: { cursor: 'pointer' } })}
          rowClassName={(r) => (stage && stageKey(r) === stageKey(stage) ? 'ant-table-row-selected' : '')}
          columns={[
            { title: e('device'), dataIndex: 'deviceName' },
            { title: e('project'), dataIndex: 'projectName' },
            { title: e('stages'), dataIndex: 'stage', render: (n: number) => e('stage', { n }) },
            { title: e('point'), dataIndex: 'measureName' },
            { title: e('upstream'), dataIndex: 'upstream', render: (u: FilterStage['upstream']) => e(`upstreams.${u}`) },
            { title: e('efficiency'), dataIndex: 'efficiency', align: 'right', render: (v: number | null) => percent(v) },
            { title: e('latest'), dataIndex: 'latest', align: 'right', render: (v: number | null) => percent(v) },
            { title: e('drops'), key: 'drops', render: (_, r) => (
              <span data-testid="stage-state">
                {r.leaking ? <Tag color="error">{e('leaking')}</Tag> : r.drops.length ? <Tag color="warning">{e('dropped')}</Tag> : <Tag color="success">{e('normal')}</Tag>}
                {r.drops.slice(-1).map((d) => (
                  <Muted key={d.start}>
                    {e('dropDetail', { start: shortTime(d.start), efficiency: percent(d.efficiency), baseline: percent(d.baseline) })}
                    {' '}{d.end === null ? e('ongoing') : e('until', { end: shortTime(d.end) })}
                  </Muted>
                ))}
              </span>
            ) },
          ]}
        />
      </PanelBody>
    </PagePanel>
  );
}
