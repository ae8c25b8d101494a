import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

/*
 * The ECharts core every chart widget shares: the canvas and SVG renderers, grid, tooltip and legend.
 * A widget registers its own chart type with `echarts.use` in its renderer module, so a screen
 * downloads only the chart types it shows.
 */
echarts.use([CanvasRenderer, SVGRenderer, GridComponent, TooltipComponent, LegendComponent]);

export { echarts };
