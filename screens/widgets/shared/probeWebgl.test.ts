import { afterEach, describe, expect, it, vi } from 'vitest';
import { probeWebgl, resetWebglProbe, type ProbeCanvas } from './probeWebgl';

function fakeContext(renderer: string) {
  const loseContext = vi.fn();
  return {
    loseContext,
    gl: {
      RENDERER: 0x1f01,
      getExtension: (name: string) => {
        if (name === 'WEBGL_lose_context') return { loseContext };
        if (name === 'WEBGL_debug_renderer_info') return {};
        return null;
      },
      getParameter: () => renderer,
    },
  };
}

const canvasWith = (webgl2: unknown, webgl: unknown): ProbeCanvas => ({
  getContext: (kind) => (kind === 'webgl2' ? webgl2 : webgl),
});

afterEach(resetWebglProbe);

describe('probeWebgl', () => {
  it('finds WebGL, tells a software renderer, and releases the throw-away context', () => {
    const ctx = fakeContext('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)');
    expect(probeWebgl(() => canvasWith(null, ctx.gl))).toEqual({ available: true, software: true });
    expect(ctx.loseContext).toHaveBeenCalledOnce();
  });

  it('remembers a working answer instead of making another context', () => {
    const ctx = fakeContext('NVIDIA GeForce RTX');
    expect(probeWebgl(() => canvasWith(ctx.gl, null))).toEqual({ available: true, software: false });
    const create = vi.fn(() => canvasWith(null, null));
    expect(probeWebgl(create)).toEqual({ available: true, software: false });
    expect(create).not.toHaveBeenCalled();
  });

  it('reports no WebGL when no context can be made or the canvas throws', () => {
    expect(probeWebgl(() => canvasWith(null, null))).toEqual({ available: false, software: false });
    expect(probeWebgl(() => { throw new Error('no canvas'); })).toEqual({ available: false, software: false });
  });
});
