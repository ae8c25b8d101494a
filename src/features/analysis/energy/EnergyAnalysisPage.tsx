import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Segmented, Tooltip } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { BarChart, LineChart } from 'echarts/charts';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { ENERGY_PERIODS, type EnergyChange, type EnergyFigures, type EnergyPeriod, type EnergyProjectRow } from '../../../../contract/energy-analysis';
import { echarts } from '../../../../screens/widgets/shared/echartsCore';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { PanelBody } from '../../admin/ResourceListPage';
import { Card, Muted, Toolbar, useChartStyle } from '../environment/envShared';
import { EnergyChart } from './EnergyChart';
import { fetchEnergyProjects } from './energyApi';
import { EnergyDevicesDrawer } from './EnergyDevicesDrawer';
import { Change, Head } from './energyParts';
import { byNumber, dateOf, fmt, pct, periodOf, ratioOf, siteDateOf, trendLabel } from './energyFormat';
import { registerEnergyStrings } from './energyStrings';

registerEnergyStrings();
echarts.use([BarChart, LineChart]);

/** How many projects the ranking chart shows (the table has them all). */
const RANKED = 15;

const TotalCards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
  gap: 1rem;
  margin-bottom: 1rem;
`;

const Total = styled.section`
  padding: 1rem 1.25rem;
  border-radius: 0.375rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 0.875rem;
    font-weight: 500;
    color: ${({ theme }) => theme.textMuted};
  }
  .value {
    margin: 0.375rem 0 0.25rem;
    font-size: 1.625rem;
    font-weight: 600;
    color: ${({ theme }) => theme.textStrong};
    white-space: nowrap;
  }
  .unit {
    margin-left: 0.375rem;
    font-size: 0.875rem;
    font-weight: 400;
    color: ${({ theme }) => theme.textMuted};
  }
  .line {
    display: block;
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.textMuted};
    line-height: 1.6;
  }
`;

const Charts = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: 1rem;
  margin-bottom: 1rem;
  @media (max-width: 1200px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** Several query parameters of the address, replaced together in place (the choice survives a reload and a link). */
export function useAddressParams(): [URLSearchParams, (patch: Record<string, string | null>) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    const qs = next.toString();
    navigate(qs ? `${location}?${qs}` : location, { replace: true });
  };
  return [params, set];
}

function TotalCard({ id, title, value, unit, change, lines }: {
  id: string; title: string; value: string; unit: string; change: ReactNode; lines: ReactNode[];
}) {
  return (
    <Total data-testid={`energy-total-${id}`}>
      <h2>{title}</h2>
      <div className="value"><span data-testid={`energy-total-${id}-value`}>{value}</span><span className="unit">{unit}</span></div>
      {change}
      {lines.map((l, i) => <span key={i} className="line">{l}</span>)}
    </Total>
  );
}

/**
 * /nv_energy_analysis/index (issue 20): the visible projects' electricity, cost, energy per
 * 1,000 m³, SFP, fan-system efficiency and the saving of timely filter changes over a day, week,
 * month or year (`?period=&date=`), each against the period before; the trend, the ranking, the
 * project table, and a project's devices in a drawer (`?projectId=`).
 */
export function EnergyAnalysisPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language?.startsWith('en') ? 'en-US' : 'zh-CN';
  const e = (k: string, o?: Record<string, unknown>) => t(`energyAnalysis.${k}`, o ?? {});
  const [params, setParams] = useAddressParams();
  const period = periodOf(params.get('period'));
  const date = dateOf(params.get('date'));
  const rawProject = params.get('projectId');
  const projectId = rawProject && /^\d+$/.test(rawProject) ? Number(rawProject) : undefined;
  const q = useQuery({ queryKey: ['energy', 'projects', period, date], placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchEnergyProjects(period, date, signal) });
  const data = q.data;
  const { axis, common, theme } = useChartStyle();
  const f = (v: number | null | undefined, digits = 1) => fmt(v, digits, locale);
  const u = (k: string) => e(`units.${k}`);

  const trendOption = useMemo<EChartsCoreOption | null>(() => {
    if (!data) return null;
    const selected = siteDateOf(data.start);
    // Days or months still to come are left empty, not drawn as nothing used.
    const now = Date.now();
    return {
      ...common,
      legend: { ...common.legend, data: [e('energy'), e('cost')] },
      grid: { left: 64, right: 64, top: 40, bottom: 32 },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => f(v, 1) },
      xAxis: { type: 'category', data: data.trend.map((p) => trendLabel(p.start, data.period)), ...axis },
      yAxis: [
        { type: 'value', name: u('kWh'), ...axis },
        { type: 'value', name: u('yuan'), ...axis, splitLine: { show: false } },
      ],
      series: [
        { type: 'bar', name: e('energy'), barMaxWidth: 28,
          data: data.trend.map((p) => (p.start > now ? null : { value: Math.round(p.energyKWh * 10) / 10,
            // The day chosen stands out among the seven before it.
            itemStyle: { color: theme.primary, opacity: data.period === 'day' && siteDateOf(p.start) !== selected ? 0.45 : 1 } })) },
        { type: 'line', name: e('cost'), yAxisIndex: 1, symbolSize: 5, itemStyle: { color: '#fa8c16' },
          data: data.trend.map((p) => (p.cost === null || p.start > now ? null : Math.round(p.cost * 100) / 100)) },
      ],
    };
  }, [data, common, axis, theme, locale, t]);

  const ranked = useMemo(() => (data ? [...data.projects].sort((a, b) => a.rank - b.rank).slice(0, RANKED) : []), [data]);
  const rankOption = useMemo<EChartsCoreOption | null>(() => {
    if (!data) return null;
    const rows = [...ranked].reverse();
    return {
      ...common,
      legend: { show: false },
      grid: { left: 8, right: 72, top: 16, bottom: 24, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => `${f(v, 1)} ${u('kWh')}` },
      xAxis: { type: 'value', name: u('kWh'), ...axis },
      yAxis: { type: 'category', data: rows.map((p) => p.name), ...axis, axisLabel: { ...axis.axisLabel, width: 150, overflow: 'truncate' } },
      series: [{
        type: 'bar', name: e('energy'), barMaxWidth: 22, cursor: 'pointer',
        data: rows.map((p) => ({ value: Math.round(p.energyKWh * 10) / 10, projectId: p.projectId })),
        itemStyle: { color: theme.primary, borderRadius: [0, 3, 3, 0] },
        label: { show: true, position: 'right', color: theme.textMuted, formatter: (p: { value: number }) => f(p.value, 0) },
      }],
    };
  }, [data, ranked, common, axis, theme, locale, t]);

  const open = (id: number) => setParams({ projectId: String(id) });
  const columns: ColumnsType<EnergyProjectRow> = [
    { title: e('rank'), dataIndex: 'rank', width: 72, align: 'right', sorter: byNumber((r) => r.rank), defaultSortOrder: 'ascend' },
    { title: e('project'), dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name, 'zh-CN'),
      render: (name: string, r) => <Button type="link" style={{ padding: 0 }} onClick={() => open(r.projectId)}>{name}</Button> },
    { title: e('devices'), dataIndex: 'devices', align: 'right', sorter: byNumber((r) => r.devices) },
    { title: <Head label={e('energy')} unit={u('kWh')} />, dataIndex: 'energyKWh', align: 'right', sorter: byNumber((r) => r.energyKWh), render: (v: number) => f(v) },
    { title: e('change'), key: 'change', align: 'right', sorter: byNumber((r) => r.change.energyKWh.ratio),
      render: (_, r) => <Change ratio={r.change.energyKWh.ratio} better="down" /> },
    { title: <Head label={e('costCol')} unit={u('yuan')} />, dataIndex: 'cost', align: 'right', sorter: byNumber((r) => r.cost), render: (v: number | null) => f(v, 2) },
    { title: <Head label={e('airMovedCol')} unit={u('m3')} />, dataIndex: 'airMovedM3', align: 'right', sorter: byNumber((r) => r.airMovedM3), render: (v: number) => f(v, 0), responsive: ['xl'] },
    { title: <Head label={e('resistance')} unit={u('pa')} />, dataIndex: 'meanResistancePa', align: 'right', sorter: byNumber((r) => r.meanResistancePa), render: (v: number | null) => f(v) },
    { title: <Head label={e('per1000Col')} unit={u('per1000')} />, dataIndex: 'kWhPer1000m3', align: 'right', sorter: byNumber((r) => r.kWhPer1000m3), render: (v: number | null) => f(v, 3) },
    { title: <Head label="SFP" unit={u('sfp')} />, dataIndex: 'specificFanPowerW', align: 'right', sorter: byNumber((r) => r.specificFanPowerW), render: (v: number | null) => f(v, 0) },
    { title: e('efficiencyCol'), dataIndex: 'efficiency', align: 'right', sorter: byNumber((r) => r.efficiency), render: (v: number | null) => pct(v) },
    { title: <Head label={e('savingCol')} unit={u('kWh')} />, dataIndex: 'savingKWh', align: 'right', sorter: byNumber((r) => r.savingKWh), render: (v: number) => f(v) },
  ];

  const totals = data?.totals;
  const prev = totals?.previous;
  const previousLine = (pick: (x: EnergyFigures) => number | null, digits: number, unit: string) =>
    prev && pick(prev) !== null ? e('previousValue', { value: `${f(pick(prev), digits)} ${unit}` }) : e('noPrevious');
  const changeOf = (c: EnergyChange | undefined, better: 'up' | 'down', id: string) => (
    <span className="line">{e('vsPrevious')} <Change ratio={c?.ratio ?? null} better={better} testId={`energy-total-${id}-change`} /></span>
  );
  const derived = (pick: (x: EnergyFigures) => number | null): EnergyChange | undefined =>
    totals && prev ? { change: (pick(totals) ?? 0) - (pick(prev) ?? 0), ratio: ratioOf(pick(totals), pick(prev)) } : undefined;
  const rangeOf = (from: number, to: number) => e('range', { from: siteDateOf(from), to: siteDateOf(to - 1) });
  const step = (ms: number) => setParams({ date: siteDateOf(ms) });
  const picker = period === 'month' || period === 'year' ? period : 'date';
  const trendTitle = { day: 'trendDay', week: 'trendWeek', month: 'trendMonth', year: 'trendYear' }[period];

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Toolbar>
          <Segmented<EnergyPeriod> aria-label={e('period')} value={period} onChange={(v) => setParams({ period: v === 'month' ? null : v })}
            options={ENERGY_PERIODS.map((p) => ({ value: p, label: e(`periods.${p}`) }))} />
          <span style={{ display: 'inline-flex', gap: '0.25rem', alignItems: 'center' }}>
            <Tooltip title={e('previousPeriod')}>
              <Button aria-label={e('previousPeriod')} icon={<LeftOutlined />} disabled={!data} onClick={() => data && step(data.previousStart)} />
            </Tooltip>
            <DatePicker aria-label={e('date')} picker={picker} allowClear={false} style={{ width: '10rem' }}
              value={dayjs(date ?? (data ? siteDateOf(data.start) : undefined))}
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
              onChange={(d) => d && setParams({ date: d.format('YYYY-MM-DD') })} />
            <Tooltip title={e('nextPeriod')}>
              <Button aria-label={e('nextPeriod')} icon={<RightOutlined />} disabled={!data || data.end > Date.now()}
                onClick={() => data && step(data.end)} />
            </Tooltip>
            <Button disabled={!date} onClick={() => setParams({ date: null })}>{e('today')}</Button>
          </span>
          {data && (
            <Muted data-testid="energy-range">
              {rangeOf(data.start, data.end)} · {e('comparedWith', { from: siteDateOf(data.previousStart), to: siteDateOf(data.previousEnd - 1) })}
            </Muted>
          )}
        </Toolbar>
        {q.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={e('loadFailed', { error: q.error.message })} />}
        <TotalCards aria-busy={q.isFetching}>
          <TotalCard id="energy" title={e('energy')} value={f(totals?.energyKWh)} unit={u('kWh')}
            change={changeOf(totals?.change.energyKWh, 'down', 'energy')} lines={[previousLine((x) => x.energyKWh, 1, u('kWh'))]} />
          <TotalCard id="cost" title={e('cost')} value={f(totals?.cost, 2)} unit={u('yuan')}
            change={changeOf(totals?.change.cost, 'down', 'cost')}
            lines={[<span key="p" data-testid="energy-price">{data ? e('price', { price: data.price.toFixed(2) }) : '—'}</span>]} />
          <TotalCard id="per1000" title={e('per1000')} value={f(totals?.kWhPer1000m3, 3)} unit={u('per1000')}
            change={changeOf(totals?.change.kWhPer1000m3, 'down', 'per1000')}
            lines={[e('airMoved', { value: `${f(totals?.airMovedM3, 0)} ${u('m3')}` })]} />
          <TotalCard id="sfp" title={e('sfp')} value={f(totals?.specificFanPowerW, 0)} unit={u('sfp')}
            change={changeOf(derived((x) => x.specificFanPowerW), 'down', 'sfp')}
            lines={[e('meanAir', { value: `${f(totals?.meanAirVolumeM3h, 0)} ${u('m3h')}` })]} />
          <TotalCard id="efficiency" title={e('efficiency')} value={totals ? pct(totals.efficiency) : '—'} unit=""
            change={changeOf(derived((x) => x.efficiency), 'up', 'efficiency')}
            lines={[e('powers', { air: `${f(totals?.meanAirPowerW == null ? null : totals.meanAirPowerW / 1000, 1)} ${u('kw')}`,
              electric: `${f(totals?.meanElectricPowerW == null ? null : totals.meanElectricPowerW / 1000, 1)} ${u('kw')}` })]} />
          <TotalCard id="saving" title={e('saving')} value={f(totals?.savingKWh)} unit={u('kWh')}
            change={changeOf(totals?.change.savingKWh, 'down', 'saving')}
            lines={[<Tooltip key="c" title={e('savingHint')}><span>{e('savingCost', { cost: f(totals?.savingCost, 2) })}</span></Tooltip>]} />
        </TotalCards>
        <Charts>
          <Card>
            <h2>{e('trend')} <Muted>{e(trendTitle)}</Muted></h2>
            <EnergyChart option={trendOption} loading={q.isFetching} empty={!data?.trend.length} label={e('trend')} height="18rem" />
          </Card>
          <Card>
            <h2>{e('ranking')} {data && data.projects.length > RANKED && <Muted>{e('rankingTop', { n: RANKED })}</Muted>}</h2>
            <EnergyChart option={rankOption} loading={q.isFetching} empty={!ranked.length} label={e('ranking')} height="18rem"
              onPick={(d) => { const id = (d as { projectId?: number } | undefined)?.projectId; if (id) open(id); }} />
          </Card>
        </Charts>
        <Card>
          <h2>{e('projects')}</h2>
          <div data-testid="energy-projects">
            <Table<EnergyProjectRow> rowKey="projectId" size="middle" columns={columns} dataSource={data?.projects} loading={q.isFetching}
              pagination={false} scroll={{ x: 'max-content' }} />
          </div>
          <Muted style={{ display: 'block', marginTop: '0.75rem' }}>{e('formula')}</Muted>
        </Card>
      </PanelBody>
      <EnergyDevicesDrawer projectId={projectId} period={period} date={date} onClose={() => setParams({ projectId: null })} />
    </PagePanel>
  );
}
