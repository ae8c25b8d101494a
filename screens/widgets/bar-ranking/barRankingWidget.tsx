import { BarChart } from 'echarts/charts';
import { useMemo } from 'react';
import styled from 'styled-components';
import type { WidgetModule, WidgetRendererProps } from '../../runtime/types';
import { ChartLayer, ChartRoot } from '../shared/ChartBox';
import { echarts } from '../shared/echartsCore';
import { wallCss, wallFont } from '../shared/screenTheme';
import { useWallColors } from '../shared/wallTheme';
import { useEChart } from '../shared/useEChart';
import {
  barRankingHasData, barRankingLabels, barRankingOptions, RANK_LABEL, readBarRankingProps, type RankItem,
} from './barRankingOptions';

echarts.use([BarChart]);

/** One rank: a row's label left of its bar, or a column's under it. */
const Label = styled.div<{ $column: boolean }>`
  position: absolute;
  display: flex;
  flex-direction: ${(p) => (p.$column ? 'column' : 'row')};
  align-items: center;
  gap: ${(p) => (p.$column ? 4 : RANK_LABEL.gap)}px;
  transform: ${(p) => (p.$column ? 'translateX(-50%)' : 'translateY(-50%)')};
  pointer-events: none;
`;

const Badge = styled.span<{ $top: boolean }>`
  flex: none;
  width: ${RANK_LABEL.badgeWidth}px;
  height: ${RANK_LABEL.badgeHeight}px;
  border-radius: 3px;
  line-height: ${RANK_LABEL.badgeHeight}px;
  text-align: center;
  font-family: ${wallFont.numeric};
  font-size: ${RANK_LABEL.badgeFont}px;
  font-weight: ${(p) => (p.$top ? 700 : 400)};
  color: ${(p) => (p.$top ? wallCss.onAccent : wallCss.accent)};
  background: ${(p) => (p.$top ? wallCss.accent : wallCss.accentSoft)};
`;

const Name = styled.span`
  font-size: ${RANK_LABEL.nameFont}px;
  line-height: 1.2;
  color: ${wallCss.text};
  white-space: nowrap;
  overflow: hidden;
`;

function BarRankingRenderer({ widget, data, scale, width, height }: WidgetRendererProps<RankItem[]>) {
  const props = readBarRankingProps(widget.props);
  const propsKey = JSON.stringify(props);
  // Keyed by value: props are a fresh object on every render.
  const theme = useWallColors();
  const option = useMemo(() => barRankingOptions(data, props, width, height, theme), [data, propsKey, width, height, theme]);
  const labels = useMemo(() => barRankingLabels(data, props, width, height), [data, propsKey, width, height]);
  // The list may shrink: replace rather than merge, or dropped bars would linger.
  const { ref } = useEChart<HTMLDivElement>(option, scale, { notMerge: true, renderer: 'svg' });
  const column = !props.horizontal;
  return (
    <ChartRoot>
      <ChartLayer ref={ref} />
      {labels.map((l) => (
        <Label key={l.rank} $column={column} style={{ left: l.x, top: l.y, maxWidth: l.room }} title={l.fullName} data-rank={l.rank}>
          <Badge $top={l.top}>{l.rank}</Badge>
          <Name>{l.name}</Name>
        </Label>
      ))}
    </ChartRoot>
  );
}

/** Ranked bars with rank badges, names (cut with "…") and value labels; red/amber/green with `lowIsBad`. */
export const barRankingWidget: WidgetModule<RankItem[]> = {
  Renderer: BarRankingRenderer,
  hasData: barRankingHasData,
};
