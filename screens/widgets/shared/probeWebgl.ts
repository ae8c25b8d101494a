/** What a throw-away context tells about this display's WebGL. */
export interface WebglSupport {
  available: boolean;
  /** Drawn by the CPU (SwiftShader, llvmpipe, …): the scene keeps its pixel count down. */
  software: boolean;
}

/** The slice of a canvas the probe uses, so tests can pass a fake. */
export interface ProbeCanvas {
  getContext(kind: 'webgl2' | 'webgl'): unknown;
}

interface ProbeContext {
  getExtension(name: string): unknown;
  getParameter(p: number): unknown;
  RENDERER: number;
}

const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render/i;
const UNMASKED_RENDERER_WEBGL = 0x9246;

let known: WebglSupport | null = null;

/**
 * Asks a throw-away canvas for WebGL 2 or 1 and releases the context at once (browsers cap live
 * contexts at about 16, and a kiosk rotates screens for weeks). A working answer is remembered;
 * a failed one is asked again on the next mount.
 */
export function probeWebgl(createCanvas: () => ProbeCanvas = () => document.createElement('canvas')): WebglSupport {
  if (known) return known;
  const gl = attempt(() => {
    const canvas = createCanvas();
    return (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as ProbeContext | null;
  });
  if (!gl) return { available: false, software: false };
  const renderer = attempt(() => {
    const debug = gl.getExtension('WEBGL_debug_renderer_info');
    return String(gl.getParameter(debug ? UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  });
  attempt(() => (gl.getExtension('WEBGL_lose_context') as { loseContext(): void } | null)?.loseContext());
  known = { available: true, software: SOFTWARE.test(renderer ?? '') };
  return known;
}

function attempt<T>(step: () => T): T | null {
  try {
    return step();
  } catch {
    return null;
  }
}

/** Forgets the remembered answer (tests). */
export function resetWebglProbe(): void {
  known = null;
}
