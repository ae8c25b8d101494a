import { LineChart } from 'echarts/charts';
import { MarkLineComponent } from 'echarts/components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetModule, WidgetRendererProps } from '../../runtime/types';
import { echarts } from '../shared/echartsCore';
import { browserOffsetMinutes } from '../shared/formatWallTime';
import { useEChart } from '../shared/useEChart';
import { applyTrendLive } from './applyTrendLive';
import { useWallColors } from '../shared/wallTheme';
import { buildTrendOptions, isTrendData, readTrendProps, trendHasData, type TrendData } from './trendOptions';

echarts.use([LineChart, MarkLineComponent]);

function TrendRenderer({ widget, data, scale, width, height }: WidgetRendererProps<TrendData>) {
  const { t } = useTranslation('screens');
  const limit = t('trend.limit');
  const theme = useWallColors();
  const option = useMemo(() => {
    if (!isTrendData(data)) return null;
    return buildTrendOptions(data, readTrendProps(widget.props), { limit }, browserOffsetMinutes(data.to), theme);
  }, [data, widget.props, limit, theme]);
  const { ref } = useEChart(option, scale, { renderer: 'svg' });
  return <div ref={ref} style={{ width, height }} />;
}

/** Line/area trend of GET /api/s/measure-trend, kept current by `measureValues` pushes. */
export const trendWidget: WidgetModule<TrendData> = {
  Renderer: TrendRenderer,
  applyLive: applyTrendLive,
  hasData: trendHasData,
};
