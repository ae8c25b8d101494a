import effectGraph from 'echarts-gl/lib/effect/composite.js';
import { describe, expect, it } from 'vitest';
import { compileSizeExpr, precompileEffectSizes } from './compileSizeExpr';

describe('compileSizeExpr', () => {
  it('computes the arithmetic claygl size expressions use', () => {
    expect(compileSizeExpr('width * 1.0 / 2')(800, 600, 2)).toBe(400);
    expect(compileSizeExpr('height * 1.0')(800, 600, 2)).toBe(600);
    expect(compileSizeExpr(' [width * 1.0 / 16, height / 16] ')(800, 640, 1)).toEqual([50, 40]);
    expect(compileSizeExpr('[width*dpr, height*dpr]')(10, 20, 2)).toEqual([20, 40]);
    expect(compileSizeExpr('width - 2 * 3 + height / 2')(100, 50, 1)).toBe(119);
  });

  it('refuses anything that is not that arithmetic', () => {
    for (const text of ['alert(1)', 'width; fetch(1)', 'window.x', '[width, height', 'width *', '', '(width)', 'width height']) {
      expect(() => compileSizeExpr(text), text).toThrow('unsupported size expression');
    }
  });
});

describe('precompileEffectSizes', () => {
  const clone = () => JSON.parse(JSON.stringify(effectGraph)) as typeof effectGraph;
  const renderer = { getWidth: () => 800, getHeight: () => 640, getDevicePixelRatio: () => 2 };

  it('replaces every expression of echarts-gl\'s effect graph, so claygl never builds code from text', () => {
    const graph = clone();
    const before = JSON.stringify(graph).match(/expr\(/g)?.length ?? 0;
    expect(before).toBeGreaterThan(50);
    expect(precompileEffectSizes(graph)).toBe(before);
    expect(JSON.stringify(graph)).not.toContain('expr(');
    expect(precompileEffectSizes(graph)).toBe(0);
  });

  it('sizes outputs and sets node parameters as claygl would', () => {
    const graph = clone();
    precompileEffectSizes(graph);
    const half = graph.nodes.find((n) => (n as { name?: string }).name === 'source_half')!;
    const size = half.outputs!.color!.parameters!;
    expect((size.width as (r: typeof renderer) => number)(renderer)).toBe(400);
    expect((size.height as (r: typeof renderer) => number)(renderer)).toBe(320);
    const set: Record<string, unknown> = {};
    (half.parameters!.textureSize as (this: unknown, r: typeof renderer) => void).call({ setParameter: (k: string, v: unknown) => { set[k] = v; } }, renderer);
    expect(set).toEqual({ textureSize: [800, 640] });
  });
});
