import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { echarts } from './echartsCore';
import { liveInstances } from './liveInstances';

/**
 * A chart's first picture is drawn at once, without ECharts' grow-in animation: a screen starts
 * ten charts together, and their intro frames (a second of full redraws each) would hold back the
 * widgets still starting. Later updates animate as the option says.
 */
function withoutIntro(option: EChartsCoreOption): EChartsCoreOption {
  return { ...option, animation: false };
}

/** The option with its own animation setting again (merging keeps the intro's `false` otherwise). */
function withAnimation(option: EChartsCoreOption): EChartsCoreOption {
  return 'animation' in option ? option : { ...option, animation: true };
}

export interface UseEChartOptions {
  /** Replace the whole option instead of merging (a chart whose series come and go). */
  notMerge?: boolean;
  /** Called once per instance after init, e.g. to register a map or listen for clicks. */
  onInit?(chart: EChartsType): void;
  /**
   * 'svg' for charts of a few dozen shapes (bars, a pie, a gauge, a trend line): a vector picture
   * is sharp at any wall size by itself and starts with a quarter less main-thread work than a
   * canvas (no bitmap to rasterise at 4K). 'canvas' (the default) for thousands of shapes or a
   * shape that animates for ever (the map's outline and ripples), and for echarts-gl's WebGL.
   */
  renderer?: 'canvas' | 'svg';
}

/**
 * One ECharts instance for the returned element's lifetime: created on mount, updated with
 * `setOption` whenever `option` changes (never re-created for data), disposed on unmount. A canvas
 * chart draws at `devicePixelRatio × scale`, so a 1920-wide design canvas shown on a 4K wall is
 * sharp; a new scale (the window changed size) is the one case that re-creates the instance.
 */
export function useEChart<T extends HTMLElement = HTMLDivElement>(option: EChartsCoreOption | null, scale: number, options: UseEChartOptions = {}) {
  const ref = useRef<T>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const optionRef = useRef(option);
  optionRef.current = option;
  const onInitRef = useRef(options.onInit);
  onInitRef.current = options.onInit;
  const renderer = options.renderer ?? 'canvas';
  /** The option the instance was last given: a mount must not apply it twice. */
  const appliedRef = useRef<EChartsCoreOption | null>(null);

  // `data-echart` says whether the chart has drawn its data yet ("pending" until the first frame
  // with an option): set during the commit, so nothing that looks at the page after it (the cold
  // load bench, a test) can see a chart box that has not started yet as done.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && el.dataset.echart !== 'drawn') el.dataset.echart = 'pending';
  });

  // Created in the commit, before the browser paints: the screen's first picture has its charts
  // (one layout and paint instead of a paint of empty boxes, then another with the charts).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const dpr = (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1) * scale;
    const chart = echarts.init(el, null, { renderer, devicePixelRatio: dpr });
    liveInstances.charts++;
    chartRef.current = chart;
    onInitRef.current?.(chart);
    const onRendered = () => {
      if (!appliedRef.current) return;
      el.dataset.echart = 'drawn';
      chart.off('rendered', onRendered);
    };
    chart.on('rendered', onRendered);
    appliedRef.current = optionRef.current;
    if (optionRef.current) chart.setOption(withoutIntro(optionRef.current), true);
    // The observer reports the size it starts with; only a real change is worth a redraw.
    let size = `${el.clientWidth}x${el.clientHeight}`;
    const resize = new ResizeObserver(() => {
      const next = `${el.clientWidth}x${el.clientHeight}`;
      if (next === size) return;
      size = next;
      chart.resize();
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      chartRef.current = null;
      appliedRef.current = null;
      chart.off('rendered', onRendered);
      chart.dispose();
      liveInstances.charts--;
    };
  }, [scale, renderer]);

  useEffect(() => {
    if (!option || !chartRef.current || appliedRef.current === option) return;
    const first = appliedRef.current === null;
    appliedRef.current = option;
    chartRef.current.setOption(first ? withoutIntro(option) : withAnimation(option), { notMerge: options.notMerge ?? false, lazyUpdate: true });
  }, [option, options.notMerge]);

  return { ref, chart: chartRef };
}
