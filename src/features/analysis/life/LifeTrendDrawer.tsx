import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Tag } from 'antd';
import { LineChart } from 'echarts/charts';
import { MarkLineComponent } from 'echarts/components';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import type { DeviceLifeRow } from '../../../../contract/life';
import { echarts } from '../../../../screens/widgets/shared/echartsCore';
import { errorText } from '../../../shared/errorText';
import { Card, Chart, Muted, useChartStyle } from '../environment/envShared';
import { fetchLifeTrend, lifeKeys } from './lifeApi';
import { STATE_COLOR, useLifeText, ymd } from './lifeShared';

echarts.use([LineChart, MarkLineComponent]);

const num = (v: unknown, digits = 1) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(digits) : null);
/** The y range and step of the chart: the readings, the fit and the final resistance, on round steps. */
function niceRange(d: { days: { pa: number | null }[]; fit: { pa: number }[]; finalPa: number }) {
  const values = [...d.days.map((p) => p.pa).filter((v): v is number => v !== null), ...d.fit.map((p) => p.pa), d.finalPa];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const raw = Math.max(1, (hi - lo) / 5);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const interval = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  return { min: Math.max(0, Math.floor(lo / interval) * interval), max: Math.ceil(hi / interval) * interval, interval };
}

const WHY_KEYS = ['resistance', 'dust', 'serviceDays'] as const;

/**
 * A device's filter life in a drawer: the cycle's daily mean resistance, the fitted trend up to
 * the predicted date, the initial and final resistance and the predicted date marked, with the
 * figures behind the prediction and why a criterion could not predict. The chart is disposed
 * with the drawer (it is unmounted when closed).
 */
export function LifeTrendDrawer({ row, onClose }: { row: DeviceLifeRow; onClose: () => void }) {
  const { t, lang } = useLifeText();
  const q = useQuery({ queryKey: [...lifeKeys.all, 'trend', row.deviceId], queryFn: ({ signal }) => fetchLifeTrend(row.deviceId, signal) });
  const { axis, common, theme } = useChartStyle();
  const life = q.data?.row ?? row;
  const detail = life.detail;

  const option = useMemo<EChartsCoreOption | null>(() => {
    const d = q.data;
    if (!d) return null;
    const predicted = d.row.predictedAt;
    const marks: object[] = [
      { yAxis: d.finalPa, name: t('finalLine', { pa: d.finalPa }), lineStyle: { color: '#ff4d4f', type: 'solid' }, label: { formatter: t('finalLine', { pa: d.finalPa }), position: 'insideStartTop', color: '#ff4d4f' } },
    ];
    // The initial resistance where the readings reach down to it (a line off the scale is left out).
    if (d.initialPa >= niceRange(d).min) marks.push(
      { yAxis: d.initialPa, lineStyle: { color: theme.textMuted, type: 'dotted' }, label: { formatter: `${t('initialLine')} ${d.initialPa} Pa`, position: 'insideStartBottom', color: theme.textMuted } },
    );
    if (predicted !== null) {
      marks.push({ xAxis: predicted, lineStyle: { color: '#faad14', type: 'dashed' }, label: { formatter: `${t('predictedMark')} ${ymd(predicted)}`, position: 'insideEndTop', color: '#faad14' } });
    }
    return {
      ...common,
      grid: { left: 56, right: 32, top: 48, bottom: 40 },
      tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => (v === null || v === undefined ? '—' : `${Number(v).toFixed(1)} Pa`) },
      xAxis: { type: 'time', ...axis, axisLabel: { ...axis.axisLabel, formatter: '{MM}-{dd}', hideOverlap: true }, splitLine: { show: false } },
      yAxis: { type: 'value', name: 'Pa', nameTextStyle: { color: theme.textMuted }, ...niceRange(d), ...axis },
      series: [
        {
          type: 'line', name: t('dailyPa'), showSymbol: d.days.length <= 60, symbolSize: 4, connectNulls: false,
          data: d.days.map((p) => [p.day, p.pa]), itemStyle: { color: theme.primary }, lineStyle: { width: 1.5 },
          markLine: { silent: true, symbol: 'none', data: marks },
        },
        {
          type: 'line', name: t('fitLine'), showSymbol: false, data: d.fit.map((p) => [p.t, p.pa]),
          itemStyle: { color: '#a17cff' }, lineStyle: { width: 2, type: 'dashed' },
        },
      ],
    };
  }, [q.data, common, axis, theme, t]);

  const why = WHY_KEYS.filter((k) => typeof detail[k] === 'string');
  const formulaError = detail.formulaError as { error?: string; errorZh?: string } | undefined;
  const figures = [
    { key: 'installedAt', label: t('installedAt'), value: ymd(life.installedAt) },
    { key: 'cycleStart', label: t('cycleStart'), value: q.data?.cycleStart ? ymd(q.data.cycleStart) : '—' },
    { key: 'ageDays', label: t('ageDays'), value: num(detail.ageDays, 0) !== null ? t('days', { n: num(detail.ageDays, 0) }) : '—' },
    { key: 'currentPa', label: t('currentPa'), value: num(detail.currentPa) !== null ? `${num(detail.currentPa)} Pa` : '—' },
    { key: 'finalPa', label: t('finalPa'), value: q.data ? `${q.data.finalPa} Pa` : '—' },
    { key: 'slope', label: t('slope'), value: num(detail.slopePaPerDay, 2) !== null ? t('perDay', { v: num(detail.slopePaPerDay, 2) }) : '—' },
    { key: 'dust', label: t('dust'), value: num(detail.accumulatedG, 0) !== null ? t('dustOf', { g: num(detail.accumulatedG, 0), cap: num(detail.capacityG, 0) }) : '—' },
    ...(num(detail.formulaPercent) !== null ? [{ key: 'formula', label: t('formulaPercent'), value: `${num(detail.formulaPercent)}%` }] : []),
    { key: 'used', label: t('usedLife'), value: life.usedRatio === null ? '—' : `${(life.usedRatio * 100).toFixed(1)}%` },
    { key: 'predicted', label: t('predicted'), value: life.predictedAt === null ? '—' : ymd(life.predictedAt) },
    { key: 'reason', label: t('reason'), value: life.reason ? t(`reasons.${life.reason}`) : '—' },
    { key: 'alg', label: t('alg'), value: t(`algs.${life.alg}`) },
  ];

  return (
    <Drawer
      open
      size="min(60rem, 92vw)"
      destroyOnHidden
      onClose={onClose}
      title={<span>{life.deviceName} <Muted>· {life.filterName} {t('quantity', { n: life.quantity })}</Muted></span>}
      extra={<Tag color={STATE_COLOR[life.state]}>{t(`states.${life.state}`)}</Tag>}
      data-life-drawer
    >
      {q.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('loadFailed', { error: errorText(q.error) })} />}
      {formulaError && (
        <Alert type="warning" showIcon style={{ marginBottom: '1rem' }}
          title={t('formulaError', { error: (lang === 'zh' ? formulaError.errorZh : formulaError.error) ?? '' })} />
      )}
      <Card style={{ marginBottom: '1rem' }}>
        <h2>{t('trendTitle')}</h2>
        <Chart option={option} loading={q.isFetching} empty={!!q.data && !q.data.days.some((d) => d.pa !== null)} label={t('trendTitle')} height="22rem" />
      </Card>
      <Descriptions size="small" column={3} bordered items={figures.map((f) => ({ key: f.key, label: f.label, children: f.value }))} />
      {why.length > 0 && (
        <p style={{ marginTop: '1rem' }} data-testid="life-why">
          <Muted style={{ marginRight: '0.5rem' }}>{t('why')}</Muted>
          {why.map((k) => (
            <Tag key={k}>{t('whyItem', { name: t(`whyNames.${k}`), why: t(`whyTexts.${String(detail[k])}`, { defaultValue: String(detail[k]) }) })}</Tag>
          ))}
        </p>
      )}
    </Drawer>
  );
}
