import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Empty, Flex, Segmented, Tag, Typography } from 'antd';
import { LineChart } from 'echarts/charts';
import { MarkLineComponent } from 'echarts/components';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { echarts } from '../../../../screens/widgets/shared/echartsCore';
import { formatTile } from '../../../../contract/wall/tile-geometry';
import type { TileHistoryEvent, TileHistoryEventKind } from '../../../../contract/wall/tile-history';
import { TILE_MIN_FPS, TILE_PROBLEMS, type TileHealth, type WallHealth } from '../../../../contract/walls';
import { errorText } from '../../../shared/errorText';
import { Card, Chart, shortTime, useChartStyle } from '../../analysis/environment/envShared';
import { formatDateTime } from '../kit/cellValue';
import { fetchTemplateChoices, fetchTileHistory, wallKeys } from './wallApi';
import { durationParts, STATE_TAG } from './wallView';

echarts.use([LineChart, MarkLineComponent]);

const RANGES = [1, 6, 24] as const;
type Hours = (typeof RANGES)[number];
const EVENT_COLOR: Record<TileHistoryEventKind, string> = {
  restarted: 'processing', hung: 'warning', crashed: 'error', started: 'default', down: 'error', warn: 'warning', recovered: 'success',
};

/**
 * A tile's history in a drawer: its frame rate and memory over the last hours (one sample a
 * minute; the 20 fps floor marked), the events of the period (restarts the launcher reported,
 * changes of state), and the figures of its last report. The chart is disposed with the drawer.
 */
export function TileHistoryDrawer({ wall, tile, onClose }: { wall: WallHealth['wall']; tile: TileHealth; onClose: () => void }) {
  const { t } = useTranslation('admin', { keyPrefix: 'walls.health' });
  const { t: tw } = useTranslation('admin', { keyPrefix: 'walls' });
  const [hours, setHours] = useState<Hours>(1);
  const [r, c] = tile.tile;
  const history = useQuery({
    queryKey: wallKeys.history(wall.id, tile.tile, hours),
    queryFn: ({ signal }) => {
      const to = Date.now();
      return fetchTileHistory(wall.id, tile.tile, to - hours * 3_600_000, to, signal);
    },
    refetchInterval: 60_000,
  });
  const { axis, common, theme } = useChartStyle();
  const span = (ms: number) => {
    const [unit, n] = durationParts(ms);
    return t(`dur.${unit}`, { n });
  };

  // A down or warn transition's detail is its problems' names: said in words.
  const detailText = (e: TileHistoryEvent) => (e.kind === 'down' || e.kind === 'warn'
    ? e.detail.split(',').map((p) => p.trim()).map((p) => ((TILE_PROBLEMS as readonly string[]).includes(p) ? t(`reasons.${p}`) : p)).join(' · ')
    : e.detail);

  const reports = history.data?.reports;
  const option = useMemo<EChartsCoreOption | null>(() => {
    if (!reports) return null;
    const to = Date.now();
    return {
      ...common,
      grid: { left: 48, right: 64, top: 48, bottom: 36 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'time', min: to - hours * 3_600_000, max: to, ...axis, axisLabel: { ...axis.axisLabel, hideOverlap: true }, splitLine: { show: false } },
      yAxis: [
        // Up to 60 fps at least, so the 20 fps floor is always on the chart.
        { type: 'value', name: t('fps'), min: 0, max: Math.ceil(Math.max(60, ...reports.map((p) => p.fps)) / 10) * 10, nameTextStyle: { color: theme.textMuted }, ...axis },
        { type: 'value', name: t('heapMb'), min: 0, nameTextStyle: { color: theme.textMuted }, ...axis, splitLine: { show: false } },
      ],
      series: [
        {
          type: 'line', name: t('fps'), yAxisIndex: 0, showSymbol: reports.length <= 30, symbolSize: 4, connectNulls: false,
          data: reports.map((p) => [p.at, p.fps]), itemStyle: { color: theme.primary }, lineStyle: { width: 1.5 },
          markLine: {
            silent: true, symbol: 'none',
            data: [{ yAxis: TILE_MIN_FPS, lineStyle: { color: '#f0524f', type: 'dashed' }, label: { formatter: `${TILE_MIN_FPS} fps`, position: 'insideStartTop', color: '#f0524f' } }],
          },
        },
        {
          type: 'line', name: t('heapMb'), yAxisIndex: 1, showSymbol: reports.length <= 30, symbolSize: 4, connectNulls: false,
          data: reports.map((p) => [p.at, p.heapMb]), itemStyle: { color: '#a17cff' }, lineStyle: { width: 1.5 },
        },
      ],
    };
  }, [reports, hours, common, axis, theme, t]);

  const templates = useQuery({ queryKey: wallKeys.templates, queryFn: ({ signal }) => fetchTemplateChoices(signal) });
  const templateName = (id: number) => templates.data?.find((x) => x.id === id)?.name ?? `#${id}`;
  const last = tile.lastReport;
  const events = [...(history.data?.events ?? [])].sort((a, b) => b.at - a.at);
  const figures = last ? [
    { key: 'at', label: t('lastSeen'), children: formatDateTime(last.at) },
    { key: 'fps', label: t('fps'), children: last.fps.toFixed(1) },
    { key: 'heap', label: t('heap'), children: last.heapMb === null ? '—' : `${last.heapMb.toFixed(1)} MB` },
    { key: 'age', label: t('dataAge'), children: last.dataAgeMs === null ? '—' : span(last.dataAgeMs) },
    { key: 'template', label: t('template'), children: last.templateId === null ? '—' : `${templateName(last.templateId)}${last.itemIndex === null ? '' : ` (${last.itemIndex + 1})`}` },
    { key: 'reconnects', label: t('reconnects'), children: last.reconnects },
    { key: 'errors', label: t('errors'), children: last.errors },
    { key: 'skew', label: t('skew'), children: last.skewMs === undefined ? '—' : `${Math.round(last.skewMs)} ms` },
  ] : [];

  return (
    <Drawer
      open
      size="min(60rem, 92vw)"
      destroyOnHidden
      onClose={onClose}
      title={t('historyTitle', { wall: wall.name, r: r + 1, c: c + 1 })}
      extra={<Tag color={STATE_TAG[tile.state]}>{t(`states.${tile.state}`)}</Tag>}
      data-tile-history={formatTile(tile.tile)}
    >
      <Flex vertical gap="1rem">
        {tile.reasons.length > 0 && (
          <Alert type={tile.state === 'down' ? 'error' : 'warning'} showIcon title={tile.reasons.map((p) => t(`reasons.${p}`)).join(' · ')} />
        )}
        {history.error && <Alert type="error" showIcon title={tw('loadFailed', { error: errorText(history.error) })} />}
        <Card>
          <Flex justify="space-between" align="center" wrap gap="0.5rem" style={{ marginBottom: '0.5rem' }}>
            <h2 style={{ margin: 0 }}>{t('chartTitle')}</h2>
            <Segmented<Hours> value={hours} onChange={setHours} options={RANGES.map((h) => ({ value: h, label: t(`range.h${h}`) }))} />
          </Flex>
          <Chart option={option} loading={history.isFetching && !history.data} empty={!!reports && !reports.length} label={t('chartTitle')} height="18rem" />
        </Card>
        {last ? <Descriptions size="small" column={4} bordered items={figures} /> : <Typography.Text type="secondary">{t('neverReported')}</Typography.Text>}
        {last?.lastError && (
          <Typography.Paragraph style={{ margin: 0 }}>
            <Typography.Text type="secondary">{t('lastError')}</Typography.Text>{' '}
            <Typography.Text code>{last.lastError}</Typography.Text>
          </Typography.Paragraph>
        )}
        <Card>
          <h2>{t('events')}</h2>
          {events.length ? (
            <Flex vertical gap="0.375rem" data-tile-events>
              {events.map((e, i) => (
                <Flex key={`${e.at}-${i}`} gap="0.75rem" align="baseline">
                  <Typography.Text type="secondary" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{shortTime(e.at)}</Typography.Text>
                  <Tag color={EVENT_COLOR[e.kind] ?? 'default'}>{t(`eventKinds.${e.kind}`, { defaultValue: e.kind })}</Tag>
                  {e.detail && <Typography.Text>{detailText(e)}</Typography.Text>}
                </Flex>
              ))}
            </Flex>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noEvents')} />
          )}
        </Card>
      </Flex>
    </Drawer>
  );
}
