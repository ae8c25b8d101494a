import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/*
 * The ECharts core every chart widget shares: the canvas renderer, grid, tooltip and legend.
 * A widget registers its own chart type with `echarts.use` in its renderer module, so a screen
 * downloads only the chart types it shows.
 */
echarts.use([CanvasRenderer, GridComponent, TooltipComponent, LegendComponent]);

export { echarts };
