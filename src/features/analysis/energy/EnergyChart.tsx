import { Empty, Spin } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useRef } from 'react';
import { useEChart } from '../../../../screens/widgets/shared/useEChart';

/**
 * One chart of the energy page for the element's lifetime (the console's ECharts core, SVG;
 * disposed on unmount), with loading and empty states; `onPick` gets the data item clicked.
 */
export function EnergyChart({ option, loading, empty, label, height = '20rem', onPick }: {
  option: EChartsCoreOption | null; loading: boolean; empty: boolean; label: string; height?: string; onPick?(data: unknown): void;
}) {
  // The click listener is bound once per instance: it calls the latest handler.
  const pick = useRef(onPick);
  pick.current = onPick;
  const { ref } = useEChart(option, 1, {
    notMerge: true, renderer: 'svg',
    onInit: (chart) => chart.on('click', (p) => pick.current?.(p.data)),
  });
  return (
    <Spin spinning={loading}>
      <div style={{ position: 'relative' }}>
        <div ref={ref} style={{ height }} role="img" aria-label={label} />
        {empty && !loading && <Empty style={{ position: 'absolute', inset: '35% 0 auto' }} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      </div>
    </Spin>
  );
}
