import { PieChart } from 'echarts/charts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { WidgetModule, WidgetRendererProps } from '../../runtime/types';
import { echarts } from '../shared/echartsCore';
import { wallCss, wallFont } from '../shared/screenTheme';
import { ChartLayer, ChartRoot } from '../shared/ChartBox';
import { useEChart } from '../shared/useEChart';
import { useWallColors } from '../shared/wallTheme';
import { LEGEND, pieApplyLive, pieHasData, pieView, readPieProps } from './pieOptions';

echarts.use([PieChart]);

type Counts = Record<string, unknown>;

const Centre = styled.div`
  position: absolute;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  pointer-events: none;
  transform: translate(-50%, -50%);
`;

const TotalNumber = styled.span`
  font-family: ${wallFont.numeric};
  font-weight: 700;
  line-height: 1.05;
  color: ${wallCss.textStrong};
  text-shadow: 0 0 12px ${wallCss.glow};
`;

const TotalLabel = styled.span`
  margin-top: 2px;
  font-size: 14px;
  letter-spacing: 2px;
  color: ${wallCss.textMuted};
`;

const Legend = styled.ul`
  position: absolute;
  top: 0;
  bottom: 0;
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  justify-content: center;
`;

const Row = styled.li<{ $percent: boolean }>`
  display: grid;
  grid-template-columns: ${LEGEND.marker}px minmax(0, 1fr) auto ${(p) => (p.$percent ? `${LEGEND.percent}px` : '')};
  column-gap: ${LEGEND.gap}px;
  align-items: center;
  font-size: ${LEGEND.labelFont}px;
  & > i {
    width: ${LEGEND.marker}px;
    height: ${LEGEND.marker}px;
    border-radius: 2px;
    transform: rotate(45deg);
  }
  & > span:nth-of-type(1) {
    color: ${wallCss.text};
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  & > b {
    font-family: ${wallFont.numeric};
    font-size: ${LEGEND.countFont}px;
    font-variant-numeric: tabular-nums;
    text-align: right;
  }
  & > span:nth-of-type(2) {
    font-family: ${wallFont.numeric};
    font-size: 14px;
    text-align: right;
    color: ${wallCss.textMuted};
  }
`;

function PieRenderer({ widget, data, scale, width, height }: WidgetRendererProps<Counts>) {
  const { t } = useTranslation('screens');
  const theme = useWallColors();
  const props = readPieProps(widget.props, theme);
  const propsKey = JSON.stringify(props);
  // Keyed by value: props are a fresh object on every render.
  const view = useMemo(() => pieView(data, props, width, height, theme), [data, propsKey, width, height, theme]);
  const { ref } = useEChart<HTMLDivElement>(view.option, scale, { notMerge: true, renderer: 'svg' });
  const { legend } = view;
  return (
    <ChartRoot>
      <ChartLayer ref={ref} />
      {view.ring && (
        <Centre style={{ left: view.centre.x, top: view.centre.y, width: view.centre.inner }}>
          <TotalNumber style={{ fontSize: view.totalFontSize }}>{view.totalText}</TotalNumber>
          <TotalLabel>{t('pie.total')}</TotalLabel>
        </Centre>
      )}
      <Legend style={{ left: legend.left, width: legend.width }}>
        {!view.ring && (
          <Row $percent={legend.showPercent} style={{ height: legend.rowHeight }}>
            <i />
            <span>{t('pie.total')}</span>
            <b style={{ color: wallCss.textStrong }}>{view.totalText}</b>
          </Row>
        )}
        {legend.rows.map((row) => (
          <Row key={row.key} $percent={legend.showPercent} style={{ height: legend.rowHeight }}>
            <i style={{ background: row.colour, boxShadow: `0 0 6px ${row.colour}` }} />
            <span title={row.label}>{row.label}</span>
            <b style={{ color: row.colour }}>{row.countText}</b>
            {legend.showPercent && <span>{row.percentText}</span>}
          </Row>
        ))}
      </Legend>
    </ChartRoot>
  );
}

/** Counts as a ring (the device states): total in the centre, a legend with count and share on the right. */
export const pieWidget: WidgetModule<Counts> = {
  Renderer: PieRenderer,
  hasData: pieHasData,
  applyLive: (data, live) => pieApplyLive(data, live),
};
