import { init } from 'echarts';
import { describe, expect, it } from 'vitest';
import { msToNextCycle, restartRipples } from './ripplePhase';

describe('msToNextCycle', () => {
  it('counts to the next whole period of the clock', () => {
    expect(msToNextCycle(10_000, 4_000)).toBe(2_000);
    expect(msToNextCycle(12_000, 4_000)).toBe(4_000);
    expect(msToNextCycle(12_001, 4_000)).toBe(3_999);
  });
});

describe('restartRipples', () => {
  it('starts the ripples again (new ripple shapes) and leaves the period as it was', () => {
    const chart = init(null, undefined, { renderer: 'svg', ssr: true, width: 400, height: 300 });
    chart.setOption({
      xAxis: { type: 'value' },
      yAxis: { type: 'value' },
      series: [{ id: 'alarmMarkers', type: 'effectScatter', showEffectOn: 'render', rippleEffect: { period: 4, number: 2 }, data: [[1, 2], [3, 4]] }],
    });
    const ripples = () => {
      const found: unknown[] = [];
      chart.getZr().storage.getRoots().forEach(function walk(el: { childrenRef?(): unknown[]; silent?: boolean; z2?: number }) {
        if (el.silent && el.z2 === 99) found.push(el);
        el.childrenRef?.().forEach((c) => walk(c as typeof el));
      });
      return found;
    };
    const before = ripples();
    expect(before).toHaveLength(4);
    restartRipples(chart, ['alarmMarkers'], 4);
    const after = ripples();
    expect(after).toHaveLength(4);
    expect(after.some((r) => before.includes(r))).toBe(false);
    const series = (chart.getOption().series as { rippleEffect: { period: number } }[])[0];
    expect(series.rippleEffect.period).toBe(4);
    chart.dispose();
  });
});
