import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { echarts } from './echartsCore';
import { liveInstances } from './liveInstances';

export interface UseEChartOptions {
  /** Replace the whole option instead of merging (a chart whose series come and go). */
  notMerge?: boolean;
  /** Called once per instance after init, e.g. to register a map or listen for clicks. */
  onInit?(chart: EChartsType): void;
}

/**
 * One ECharts instance for the returned element's lifetime: created on mount, updated with
 * `setOption` whenever `option` changes (never re-created for data), disposed on unmount. It draws
 * at `devicePixelRatio × scale`, so a 1920-wide design canvas shown on a 4K wall is sharp; a new
 * scale (the window changed size) is the one case that re-creates the instance.
 */
export function useEChart<T extends HTMLElement = HTMLDivElement>(option: EChartsCoreOption | null, scale: number, options: UseEChartOptions = {}) {
  const ref = useRef<T>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const optionRef = useRef(option);
  optionRef.current = option;
  const onInitRef = useRef(options.onInit);
  onInitRef.current = options.onInit;
  /** The option the instance was last given: a mount must not apply it twice. */
  const appliedRef = useRef<EChartsCoreOption | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const dpr = (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1) * scale;
    const chart = echarts.init(el, null, { renderer: 'canvas', devicePixelRatio: dpr });
    liveInstances.charts++;
    chartRef.current = chart;
    onInitRef.current?.(chart);
    if (optionRef.current) chart.setOption(optionRef.current, true);
    appliedRef.current = optionRef.current;
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
      chart.dispose();
      liveInstances.charts--;
    };
  }, [scale]);

  useEffect(() => {
    if (!option || !chartRef.current || appliedRef.current === option) return;
    appliedRef.current = option;
    chartRef.current.setOption(option, { notMerge: options.notMerge ?? false, lazyUpdate: true });
  }, [option, options.notMerge]);

  return { ref, chart: chartRef };
}
