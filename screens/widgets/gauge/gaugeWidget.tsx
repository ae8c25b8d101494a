import { GaugeChart } from 'echarts/charts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { WidgetModule, WidgetRendererProps } from '../../runtime/types';
import { echarts } from '../shared/echartsCore';
import { wallCss, wallFont } from '../shared/screenTheme';
import { ChartLayer, ChartRoot } from '../shared/ChartBox';
import { useEChart } from '../shared/useEChart';
import { useWallColors } from '../shared/wallTheme';
import { type GaugeText, gaugeView } from './gaugeOptions';
import { readGaugeProps } from './gaugeProps';

echarts.use([GaugeChart]);

const LEVEL_KEYS = [1, 2, 3, 4, 5, 6].map((l) => `gauge.level${l}`);

const Overlay = styled.div<{ $align: 'center' | 'left'; $lines: number }>`
  position: absolute;
  display: flex;
  align-items: center;
  justify-content: ${(p) => (p.$align === 'center' ? 'center' : 'flex-start')};
  text-align: ${(p) => p.$align};
  pointer-events: none;
  & > span {
    overflow: hidden;
    ${(p) => (p.$lines > 1
    ? `display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: ${p.$lines}; line-height: 1.2;`
    : 'white-space: nowrap; text-overflow: ellipsis;')}
  }
`;

const ValueText = styled.span`
  font-family: ${wallFont.numeric};
  font-weight: 700;
  line-height: 1;
`;

const Unit = styled.small`
  margin-left: 6px;
  font-family: ${wallFont.family};
  font-weight: 400;
  color: ${wallCss.textMuted};
`;

const box = (t: GaugeText) => ({ left: t.left, top: t.top, width: t.width, height: t.height });

function GaugeRenderer({ widget, data, scale, width, height }: WidgetRendererProps<number | null>) {
  const { t } = useTranslation('screens');
  const levelNames = LEVEL_KEYS.map((k) => t(k));
  const levelKey = levelNames.join('|');
  const theme = useWallColors();
  const props = readGaugeProps(widget.props);
  const propsKey = JSON.stringify(props);
  // Keyed by value: props and level names are fresh objects on every render.
  const view = useMemo(() => gaugeView(data, props, width, height, levelNames, theme), [data, propsKey, width, height, levelKey, theme]);
  const { ref } = useEChart<HTMLDivElement>(view.option, scale, { renderer: 'svg' });
  return (
    <ChartRoot>
      <ChartLayer ref={ref} />
      <Overlay $align="center" $lines={1} style={box(view.value)}>
        <ValueText style={{ fontSize: view.value.fontSize, color: view.value.colour }}>
          {view.value.text}
          {view.unit && <Unit style={{ fontSize: view.unitSize }}>{view.unit}</Unit>}
        </ValueText>
      </Overlay>
      {view.level && (
        <Overlay $align={view.level.align} $lines={view.level.lines} style={box(view.level)}>
          <span style={{ fontSize: view.level.fontSize, fontWeight: 700, color: view.level.colour }}>{view.level.text}</span>
        </Overlay>
      )}
    </ChartRoot>
  );
}

/** A gauge: the value on a banded arc (AQI colours), with the AQI level name for `kind: 'aqi'`. */
export const gaugeWidget: WidgetModule<number | null> = {
  Renderer: GaugeRenderer,
  hasData: (data) => typeof data === 'number' || data === null,
};
