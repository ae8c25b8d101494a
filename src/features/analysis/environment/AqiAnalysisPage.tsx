import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Segmented, Tag } from 'antd';
import { Table } from '../../admin/kit/CardTable';
import { GaugeChart, LineChart } from 'echarts/charts';
import { MarkAreaComponent } from 'echarts/components';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { AQI_LEVELS, AQI_MAX, type AqiLevel } from '../../../../contract/analysis/aqi';
import { AQI_INDICATORS, AQI_POLLUTANT_NAMES, type AqiIndicator, type AqiPollutant } from '../../../../contract/analysis/aqi-tables';
import { ENV_PERIODS, type AqiReportOut, type AqiSide, type EnvPeriod } from '../../../../contract/environment-analysis';
import { echarts } from '../../../../screens/widgets/shared/echartsCore';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { PanelBody } from '../../admin/ResourceListPage';
import { fetchAqi } from './environmentApi';
import { registerEnvironmentStrings } from './environmentStrings';
import { Card, Cards, Chart, Figures, Muted, Toolbar, shortDate, shortTime, useChartStyle, useProjectChoice, useSearchParam } from './envShared';

registerEnvironmentStrings();
echarts.use([GaugeChart, LineChart, MarkAreaComponent]);

const LEVELS = [1, 2, 3, 4, 5, 6] as const;
/** Dark text on the light category colours (良 yellow, 优 green), white on the rest. */
const onLevel = (level: number) => (level <= 2 ? '#1f1f1f' : '#ffffff');

const Badge = styled.span<{ $bg: string; $fg: string }>`
  display: inline-block;
  padding: 0.125rem 0.5rem;
  border-radius: 0.25rem;
  font-size: 0.875rem;
  font-weight: 600;
  line-height: 1.5;
  vertical-align: middle;
  background: ${({ $bg }) => $bg};
  color: ${({ $fg }) => $fg};
`;

/** The category in its standard colour (HJ 633 Appendix A). */
function LevelTag({ level, lng }: { level: number | null; lng: string }) {
  if (!level) return null;
  const info = AQI_LEVELS[level as AqiLevel];
  return <Badge $bg={info.colour} $fg={onLevel(level)}>{lng === 'en' ? info.en : info.name}</Badge>;
}

/** The AQI dial: the six category colours round the scale, the needle at the value. */
function Gauge({ report, label }: { report: AqiReportOut | null; label: string }) {
  const { theme } = useChartStyle();
  const option = useMemo<EChartsCoreOption | null>(() => report ? ({
    backgroundColor: 'transparent',
    series: [{
      type: 'gauge', min: 0, max: AQI_MAX, splitNumber: 5, radius: '92%', center: ['50%', '56%'],
      axisLine: { lineStyle: { width: 14, color: LEVELS.map((l) => [Math.min(1, AQI_LEVELS[l].upTo / AQI_MAX), AQI_LEVELS[l].colour]) } },
      pointer: { width: 5, itemStyle: { color: theme.textStrong } },
      axisTick: { show: false }, splitLine: { length: 14, lineStyle: { color: theme.surface, width: 2 } },
      axisLabel: { color: theme.textMuted, distance: 20, fontSize: 11 },
      detail: { valueAnimation: false, fontSize: 30, fontWeight: 700, offsetCenter: [0, '62%'], color: theme.textStrong,
        formatter: () => (report.aqi === null ? 'NA' : String(report.aqi)) },
      data: [{ value: report.aqi ?? report.maxIaqi ?? 0 }],
    }],
  }) : null, [report, theme]);
  return <Chart option={option} loading={false} empty={!report} label={label} height="13rem" />;
}

function SideCard({ side, lng }: { side: AqiSide; lng: string }) {
  const { t } = useTranslation('admin');
  const e = (k: string, o?: Record<string, unknown>) => t(`envAnalysis.${k}`, o ?? {});
  const h = side.latestHour;
  const name = (i: AqiIndicator) => (lng === 'en' ? AQI_INDICATORS[i].en : AQI_INDICATORS[i].zh);
  const primary = (r: AqiReportOut | null) => (r && r.primaryPollutants.length ? r.primaryPollutants.map((p) => AQI_POLLUTANT_NAMES[p]).join('、') : e('none'));
  const rows = h ? [
    ...h.parts.map((p) => ({ key: p.indicator, indicator: p.indicator, concentration: p.concentration, iaqi: p.iaqi as number | null, note: p.note })),
    ...h.missing.map((m) => ({ key: m, indicator: m, concentration: null as number | null, iaqi: null as number | null, note: undefined })),
  ] : [];
  return (
    <Card data-testid={`aqi-side-${side.side}`}>
      <h2>{e(`sides.${side.side}`)} <Muted>{e('devicesCount', { count: side.devices })} · {e('pollutantsMeasured')}: {side.pollutants.map((p) => AQI_POLLUTANT_NAMES[p]).join(' ') || '—'}</Muted></h2>
      {!h ? <Muted>{e('noSideData')}</Muted> : (
        <>
          <div style={{ display: 'grid', gridTemplateColumns: 'minmax(12rem, 1fr) minmax(0, 1.4fr)', gap: '1rem', alignItems: 'center' }}>
            <Gauge report={h} label={`${e(`sides.${side.side}`)} AQI`} />
            <Figures style={{ gridTemplateColumns: '1fr 1fr' }}>
              <div><dt>{e('latestHour', { time: shortTime(h.t) })}</dt><dd data-testid={`aqi-value-${side.side}`}>{h.aqi ?? 'NA'}</dd></div>
              <div><dt>{e('category')}</dt><dd><LevelTag level={h.level} lng={lng} /></dd></div>
              <div><dt>{e('primary')}</dt><dd style={{ fontSize: '1.1rem' }}>{primary(h)}</dd></div>
              <div><dt>{e('last24h')}</dt><dd data-testid={`aqi-24h-${side.side}`}>{side.last24h?.aqi ?? 'NA'} <LevelTag level={side.last24h?.level ?? null} lng={lng} /></dd></div>
              <div><dt>{e('exceedance')}</dt><dd>{e('hoursOf', { n: side.exceedanceHours, total: side.hoursWithAqi })}</dd></div>
              <div><dt>{e('byPollutant')}</dt><dd style={{ fontSize: '0.95rem' }}>
                {Object.entries(side.exceedanceByPollutant).map(([p, n]) => `${AQI_POLLUTANT_NAMES[p as AqiPollutant]} ${n}h`).join('，') || '—'}
              </dd></div>
            </Figures>
          </div>
          {h.aqi === null && h.maxIaqi !== null && <Alert type="info" showIcon style={{ margin: '0.5rem 0' }} title={e('aqiNa')} />}
          <Table size="small" pagination={false} style={{ marginTop: '0.75rem' }} dataSource={rows} columns={[
            { title: e('indicator'), dataIndex: 'indicator', render: (i: AqiIndicator) => name(i) },
            { title: e('concentration'), dataIndex: 'concentration', align: 'right',
              render: (c: number | null, r) => (c === null ? <Tag>{e('missing')}</Tag> : `${c} ${AQI_INDICATORS[r.indicator].unit}`) },
            { title: e('iaqi'), dataIndex: 'iaqi', align: 'right', render: (v: number | null, r) => (v === null ? '—' : (
              <span>{v}{r.note ? <Muted> ({e(`notes.${r.note}`)})</Muted> : null}</span>
            )) },
          ]} />
          <Muted style={{ display: 'block', marginTop: '0.5rem' }}>
            {e('means')}: {Object.entries(side.means).map(([p, v]) => `${AQI_POLLUTANT_NAMES[p as AqiPollutant]} ${v}`).join('，') || '—'}
          </Muted>
        </>
      )}
    </Card>
  );
}

/**
 * /nv_environment_analysis/nv_aqi_analysis: the AQI of outdoor and indoor air under the standard in
 * force (named on the page), each pollutant's IAQI, the primary pollutant, exceedance hours and the
 * hourly or daily trend of the period chosen (`?period=`).
 */
export function AqiAnalysisPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language?.startsWith('en') ? 'en' : 'zh';
  const e = (k: string, o?: Record<string, unknown>) => t(`envAnalysis.${k}`, o ?? {});
  const { projectId, picker } = useProjectChoice();
  const [rawPeriod, setPeriod] = useSearchParam('period');
  const period: EnvPeriod = (ENV_PERIODS as readonly string[]).includes(rawPeriod ?? '') ? rawPeriod as EnvPeriod : 'day';
  const q = useQuery({ queryKey: ['env', 'aqi', projectId, period], placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchAqi(projectId, period, signal) });
  const { axis, common, theme } = useChartStyle();
  const hourly = period === 'day' || period === 'week';

  const option = useMemo<EChartsCoreOption | null>(() => {
    if (!q.data) return null;
    const pick = (s: AqiSide) => (hourly ? s.hourly : s.daily);
    const times = pick(q.data.sides[0]).map((r) => r.t);
    const bands = LEVELS.filter((l) => l >= 3).map((l) => [{ yAxis: AQI_LEVELS[(l - 1) as AqiLevel].upTo, itemStyle: { color: AQI_LEVELS[l].colour, opacity: 0.06 } }, { yAxis: Math.min(AQI_MAX, AQI_LEVELS[l].upTo) }]);
    return {
      ...common,
      xAxis: { type: 'category', data: times.map((tm) => (hourly ? shortTime(tm) : shortDate(tm))), boundaryGap: false, ...axis },
      yAxis: { type: 'value', name: 'AQI', min: 0, ...axis },
      series: q.data.sides.map((s, i) => ({
        // An hour or day without a published AQI (a pollutant missing) shows its largest IAQI as a hollow point.
        type: 'line', name: t(`envAnalysis.sides.${s.side}`), showSymbol: !hourly, connectNulls: false,
        data: pick(s).map((r) => (r.aqi !== null ? r.aqi : r.maxIaqi === null ? null
          : { value: r.maxIaqi, symbol: 'emptyCircle', symbolSize: 5, itemStyle: { opacity: 0.6 } })),
        lineStyle: { width: 2 }, itemStyle: { color: i === 0 ? '#fa8c16' : theme.primary },
        ...(i === 0 ? { markArea: { silent: true, data: bands } } : {}),
      })),
    };
  }, [q.data, hourly, common, axis, theme, t]);

  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Toolbar>
          {picker}
          <Segmented aria-label={e('period')} value={period} onChange={(v) => setPeriod(String(v))}
            options={ENV_PERIODS.map((p) => ({ value: p, label: e(p) }))} />
          {q.data && (
            <Tag color="blue" data-testid="aqi-standard" style={{ fontSize: '0.875rem', padding: '0.25rem 0.5rem' }}>
              {e('standard', { name: lng === 'en' ? q.data.standard.en : q.data.standard.zh })}
            </Tag>
          )}
        </Toolbar>
        {q.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={e('loadFailed', { error: q.error.message })} />}
        {q.data?.skipped.length ? <Alert type="warning" showIcon style={{ marginBottom: '1rem' }} title={e('skipped', { names: q.data.skipped.map((s) => `${s.name} (${s.unit})`).join('、') })} /> : null}
        <Cards $min="34rem">
          {q.data?.sides.map((s) => <SideCard key={s.side} side={s} lng={lng} />)}
        </Cards>
        <Card>
          <h2>{e('trendTitle')} · {e('compare')} <Muted>{hourly ? e('hourly') : e('daily')}</Muted></h2>
          <Chart option={option} loading={q.isFetching} empty={!q.data} label={e('trendTitle')} />
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', marginTop: '0.5rem' }}>
            {LEVELS.map((l) => (
              <Badge key={l} $bg={AQI_LEVELS[l].colour} $fg={onLevel(l)}>
                {lng === 'en' ? AQI_LEVELS[l].en : AQI_LEVELS[l].name} {l === 1 ? '0–50' : l === 6 ? '>300' : `${AQI_LEVELS[(l - 1) as AqiLevel].upTo + 1}–${AQI_LEVELS[l].upTo}`}
              </Badge>
            ))}
          </div>
        </Card>
      </PanelBody>
    </PagePanel>
  );
}
