import { DownloadOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Empty, Flex, Segmented, Select, Spin, Typography } from 'antd';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent } from 'echarts/components';
import type { EChartsType } from 'echarts/core';
import dayjs from 'dayjs';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from 'styled-components';
import type { DetailMeasure } from '../../../../contract/device-detail';
import { MAX_HISTORY_POINTS } from '../../../../contract/telemetry';
import { echarts } from '../../../../screens/widgets/shared/echartsCore';
import { errorText } from '../../../shared/errorText';
import { formatDateTime } from '../../admin/kit/cellValue';
import { writeXlsx } from '../../admin/kit/writeXlsx';
import { exportFileName } from '../../admin/kit/xlsxRows';
import { fetchHistory, historyQuery } from './detailApi';
import {
  CHART_POINTS, RANGE_PRESETS, exportRows, historyOption, mergeWindow, needsDetail, remScale, resolutionLabel, windowOf,
  type RangePreset, type TimeRange,
} from './historyView';

echarts.use([LineChart, DataZoomComponent]);

/** Zooming settles this long before the finer points of the zoomed window are asked for. */
const ZOOM_SETTLE_MS = 300;

interface Props {
  deviceId: number;
  deviceName: string;
  measures: readonly DetailMeasure[];
  measureId: number;
  range: TimeRange & { preset: RangePreset | null };
  onMeasure(measureId: number): void;
  onRange(range: { preset: RangePreset } | TimeRange): void;
}

/**
 * 历史曲线: one point's trend over a range (presets or any custom range), the server choosing raw
 * samples or rollups for the chart's point budget. Zooming (wheel, drag, the slider) narrows the
 * shown window, whose finer points are read and put in place of the coarse ones; 导出 writes the
 * shown window to .xlsx at the finest resolution the server gives for it. The chart is created on
 * mount and disposed on unmount; requests of a window left behind are aborted.
 */
export function HistoryPanel({ deviceId, deviceName, measures, measureId, range, onMeasure, onRange }: Props) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const theme = useTheme();
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const [zoomWindow, setZoomWindow] = useState<TimeRange | null>(null);
  const [exporting, setExporting] = useState(false);
  const measure = measures.find((m) => m.measureId === measureId);

  // The chart: one instance for the panel's life.
  useLayoutEffect(() => {
    const el = boxRef.current;
    if (!el) return undefined;
    const chart = echarts.init(el, null, { renderer: 'canvas' });
    chartRef.current = chart;
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      chartRef.current = null;
      chart.dispose();
    };
  }, []);

  const base = useQuery({ ...historyQuery(deviceId, measureId, range, CHART_POINTS), enabled: measure !== undefined });
  const baseKey = `${measureId}:${range.from}:${range.to}`;
  // A new range or point starts unzoomed.
  useEffect(() => setZoomWindow(null), [baseKey]);

  const wantDetail = zoomWindow !== null && base.data !== undefined && needsDetail(base.data, range, zoomWindow, CHART_POINTS);
  const detail = useQuery({ ...historyQuery(deviceId, measureId, zoomWindow ?? range, CHART_POINTS), enabled: wantDetail });

  const shown = useMemo(() => {
    if (!base.data) return null;
    if (wantDetail && detail.data && zoomWindow) return { points: mergeWindow(base.data.points, detail.data.points, zoomWindow), resolution: detail.data };
    return { points: base.data.points, resolution: base.data };
  }, [base.data, detail.data, wantDetail, zoomWindow]);

  const colors = useMemo(() => ({
    text: theme.text, muted: theme.textMuted, border: theme.surfaceBorder, line: theme.primary,
    band: theme.mode === 'dark' ? 'rgba(45, 193, 198, 0.22)' : 'rgba(45, 193, 198, 0.18)',
  }), [theme]);

  // Zooming: the window follows the dataZoom, settled before it is read.
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onZoom = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const zoom = (chart.getOption() as { dataZoom?: { start?: number; end?: number }[] }).dataZoom?.[0];
        const start = zoom?.start ?? 0;
        const end = zoom?.end ?? 100;
        setZoomWindow(start <= 0 && end >= 100 ? null : windowOf(range, start, end));
      }, ZOOM_SETTLE_MS);
    };
    chart.on('datazoom', onZoom);
    return () => {
      clearTimeout(timer);
      chart.off('datazoom', onZoom);
    };
  }, [range]);

  // Drawing: a new range or point replaces the picture (and its zoom); finer points merge into it.
  const drawnKey = useRef<string | null>(null);
  useEffect(() => {
    const chart = chartRef.current;
    const el = boxRef.current;
    if (!chart || !el || !shown || !measure) return;
    const option = historyOption(shown.points, range, colors, { value: t('deviceDetail.value'), min: t('deviceDetail.min'), max: t('deviceDetail.max') },
      measure.unit, measure.decimals, base.data?.interval !== 'raw', remScale());
    const fresh = drawnKey.current !== baseKey;
    drawnKey.current = baseKey;
    if (fresh) el.dataset.historyDrawn = '';
    const onFinished = () => {
      chart.off('finished', onFinished);
      if (fresh && drawnKey.current === baseKey) el.dataset.historyDrawn = `${baseKey}:${shown.points.length}`;
    };
    chart.on('finished', onFinished);
    if (fresh) {
      chart.setOption(option, { notMerge: true });
    } else {
      // Merged without the zoom, so the window the user chose stays.
      const { dataZoom: _zoom, ...rest } = option;
      chart.setOption(rest);
    }
  }, [shown, baseKey, measure, range, colors, t, base.data?.interval]);

  const shownRange = zoomWindow ?? range;
  const runExport = async () => {
    if (!measure) return;
    setExporting(true);
    try {
      const r = await fetchHistory({ deviceId, measureId, from: shownRange.from, to: shownRange.to, maxPoints: MAX_HISTORY_POINTS });
      const unit = measure.unit ? ` (${measure.unit})` : '';
      const header = [t('deviceDetail.time'), `${t(r.interval === 'raw' ? 'deviceDetail.rawValue' : 'deviceDetail.value')}${unit}`,
        `${t('deviceDetail.min')}${unit}`, `${t('deviceDetail.max')}${unit}`, t('deviceDetail.samples')];
      const title = `${deviceName}-${measure.name}`;
      await writeXlsx(measure.name, { header, rows: exportRows(r.points, formatDateTime, measure.decimals) }, exportFileName(title, new Date()));
      message.success(t('deviceDetail.exported', { count: r.points.length }));
    } catch (err) {
      message.error(t('deviceDetail.exportFailed', { error: errorText(err) }));
    } finally {
      setExporting(false);
    }
  };

  const presetOptions = [...Object.keys(RANGE_PRESETS).map((key) => ({ value: key, label: t(`deviceDetail.presets.${key}`) })),
    { value: 'custom', label: t('deviceDetail.custom') }];
  const [customOpen, setCustomOpen] = useState(false);
  const loading = base.isPending || base.isFetching;
  const empty = base.data !== undefined && base.data.points.length === 0;

  return (
    <div data-history-panel data-shown-from={shownRange.from} data-shown-to={shownRange.to}>
      <Flex wrap gap="0.75rem" align="center" justify="space-between" style={{ marginBottom: '0.75rem' }}>
        <Flex wrap gap="0.75rem" align="center">
          <Select
            aria-label={t('deviceDetail.measure')}
            style={{ width: '14rem' }}
            value={measureId}
            onChange={onMeasure}
            showSearch={{ optionFilterProp: 'label' }}
            options={measures.map((m) => ({ value: m.measureId, label: m.unit ? `${m.name} (${m.unit})` : m.name }))}
          />
          <Segmented
            aria-label={t('deviceDetail.range')}
            value={range.preset ?? 'custom'}
            options={presetOptions}
            onChange={(v) => {
              if (v === 'custom') setCustomOpen(true);
              else onRange({ preset: v as RangePreset });
            }}
          />
          {(range.preset === null || customOpen) && (
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={[dayjs(range.from), dayjs(range.to)]}
              open={customOpen || undefined}
              onOpenChange={(open) => setCustomOpen(open)}
              allowClear={false}
              onChange={(r) => {
                if (r?.[0] && r[1] && r[0].valueOf() < r[1].valueOf()) onRange({ from: r[0].startOf('minute').valueOf(), to: r[1].endOf('minute').valueOf() + 1 });
              }}
            />
          )}
        </Flex>
        <Flex gap="0.5rem" align="center">
          {zoomWindow && <Button icon={<ZoomOutOutlined aria-hidden />} onClick={() => chartRef.current?.dispatchAction({ type: 'dataZoom', start: 0, end: 100 })}>{t('deviceDetail.resetZoom')}</Button>}
          <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} disabled={!base.data || empty} onClick={runExport}>{t('deviceDetail.export')}</Button>
        </Flex>
      </Flex>
      <Flex wrap gap="1.25rem" style={{ marginBottom: '0.5rem' }}>
        <Typography.Text type="secondary" data-shown-range>
          {t('deviceDetail.shown', { from: formatDateTime(shownRange.from), to: formatDateTime(shownRange.to) })}
        </Typography.Text>
        {shown && (
          <Typography.Text type="secondary" data-resolution={shown.resolution.bucketMs}>
            {t('deviceDetail.resolution', { label: resolutionLabel(shown.resolution, lang) })} · {t('deviceDetail.points', { count: shown.points.length })}
          </Typography.Text>
        )}
        {wantDetail && detail.isFetching && <Typography.Text type="secondary">{t('deviceDetail.loadingDetail')}</Typography.Text>}
      </Flex>
      {base.error && <Alert type="error" showIcon style={{ marginBottom: '0.75rem' }} title={t('deviceDetail.loadFailed', { error: errorText(base.error) })} />}
      {base.data?.truncated && <Alert type="warning" showIcon style={{ marginBottom: '0.75rem' }} title={t('deviceDetail.truncated', { count: base.data.points.length })} />}
      <Spin spinning={loading}>
        <div style={{ position: 'relative' }}>
          <div ref={boxRef} style={{ height: '26rem' }} role="img" aria-label={measure ? `${measure.name} ${t('deviceDetail.tabs.history')}` : ''} data-history-chart />
          {empty && !loading && <Empty style={{ position: 'absolute', inset: '35% 0 auto' }} image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deviceDetail.noHistory')} />}
        </div>
      </Spin>
    </div>
  );
}
