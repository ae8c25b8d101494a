import { BarChart } from 'echarts/charts';
import { useMemo } from 'react';
import type { WidgetModule, WidgetRendererProps } from '../../runtime/types';
import { echarts } from '../shared/echartsCore';
import { useEChart } from '../shared/useEChart';
import { barRankingHasData, barRankingOptions, readBarRankingProps, type RankItem } from './barRankingOptions';

echarts.use([BarChart]);

function BarRankingRenderer({ widget, data, scale, width, height }: WidgetRendererProps<RankItem[]>) {
  const props = readBarRankingProps(widget.props);
  const propsKey = JSON.stringify(props);
  // Keyed by value: props are a fresh object on every render.
  const option = useMemo(() => barRankingOptions(data, props, width, height), [data, propsKey, width, height]);
  // The list may shrink: replace rather than merge, or dropped bars would linger.
  const { ref } = useEChart<HTMLDivElement>(option, scale, { notMerge: true, renderer: 'svg' });
  return <div ref={ref} style={{ width: '100%', height: '100%' }} />;
}

/** Ranked bars with rank badges, names (cut with "…") and value labels; red/amber/green with `lowIsBad`. */
export const barRankingWidget: WidgetModule<RankItem[]> = {
  Renderer: BarRankingRenderer,
  hasData: barRankingHasData,
};
