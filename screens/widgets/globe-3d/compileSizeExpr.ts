/**
 * echarts-gl sizes its post-effect buffers with `expr(width * 1.0 / 2)` strings, which claygl turns
 * into code with `new Function` as every geo3D is created, whether post effects are on or not.
 * The console's content security policy forbids that (no 'unsafe-eval'), so the 3D view would not
 * start. These helpers compile those few arithmetic strings without evaluating code, and
 * {@link precompileEffectSizes} swaps them into echarts-gl's effect graph before any chart exists.
 */

/** What claygl calls a size expression with. */
export type SizeFn = (width: number, height: number, dpr: number) => number | number[];
type Scalar = (width: number, height: number, dpr: number) => number;

const TOKEN = /\s*(width|height|dpr|\d+(?:\.\d+)?|[-+*/,[\]])/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const m = TOKEN.exec(text);
    if (!m) throw new Error(`unsupported size expression: ${text}`);
    tokens.push(m[1]);
  }
  return tokens;
}

/**
 * Compiles `width * 1.0 / 2`, `[width / 4, height / 4]` and the like: the names width, height and
 * dpr, numbers, + - * / with the usual precedence, and one level of brackets making a list. Throws
 * on anything else, so a new echarts-gl with other expressions fails loudly in the tests.
 */
export function compileSizeExpr(text: string): SizeFn {
  const tokens = tokenize(text);
  let i = 0;
  const fail = (): never => { throw new Error(`unsupported size expression: ${text}`); };
  const atom = (): Scalar => {
    const t = tokens[i++];
    if (t === 'width') return (w) => w;
    if (t === 'height') return (_w, h) => h;
    if (t === 'dpr') return (_w, _h, d) => d;
    if (t !== undefined && /^\d/.test(t)) {
      const n = Number(t);
      return () => n;
    }
    return fail();
  };
  const product = (): Scalar => {
    let left = atom();
    while (tokens[i] === '*' || tokens[i] === '/') {
      const op = tokens[i++];
      const l = left;
      const r = atom();
      left = op === '*' ? (w, h, d) => l(w, h, d) * r(w, h, d) : (w, h, d) => l(w, h, d) / r(w, h, d);
    }
    return left;
  };
  const sum = (): Scalar => {
    let left = product();
    while (tokens[i] === '+' || tokens[i] === '-') {
      const op = tokens[i++];
      const l = left;
      const r = product();
      left = op === '+' ? (w, h, d) => l(w, h, d) + r(w, h, d) : (w, h, d) => l(w, h, d) - r(w, h, d);
    }
    return left;
  };
  let result: SizeFn;
  if (tokens[0] === '[') {
    i = 1;
    const items = [sum()];
    while (tokens[i] === ',') {
      i++;
      items.push(sum());
    }
    if (tokens[i++] !== ']') fail();
    result = (w, h, d) => items.map((f) => f(w, h, d));
  } else {
    result = sum();
  }
  if (i !== tokens.length) fail();
  return result;
}

const EXPR = /^expr\((.*)\)$/s;

/** The renderer's part claygl passes to size functions. */
interface SizeRenderer {
  getWidth(): number;
  getHeight(): number;
  getDevicePixelRatio(): number;
}

interface EffectNode {
  parameters?: Record<string, unknown>;
  outputs?: Record<string, { parameters?: Record<string, unknown> } | undefined>;
}

/**
 * Replaces every `expr(...)` string of a claygl compositor graph, in place, by the function claygl
 * would have built from it: output sizes become `(renderer) => size` (scaled by the output's
 * `scale`), node parameters a `beforerender` handler that sets the parameter. Returns how many.
 */
export function precompileEffectSizes(graph: { nodes: EffectNode[] }): number {
  let count = 0;
  for (const node of graph.nodes) {
    for (const output of Object.values(node.outputs ?? {})) {
      const params = output?.parameters;
      if (!params) continue;
      const scale = typeof params.scale === 'number' ? params.scale : 1;
      for (const key of ['width', 'height']) {
        const m = typeof params[key] === 'string' ? EXPR.exec((params[key] as string).trim()) : null;
        if (!m) continue;
        const f = compileSizeExpr(m[1]);
        params[key] = (r: SizeRenderer) => f(r.getWidth() * scale, r.getHeight() * scale, r.getDevicePixelRatio());
        count++;
      }
    }
    const params = node.parameters;
    if (!params) continue;
    for (const [key, value] of Object.entries(params)) {
      const m = typeof value === 'string' ? EXPR.exec(value.trim()) : null;
      if (!m) continue;
      const f = compileSizeExpr(m[1]);
      params[key] = function beforeRender(this: { setParameter(name: string, v: unknown): void }, r: SizeRenderer) {
        this.setParameter(key, f(r.getWidth(), r.getHeight(), r.getDevicePixelRatio()));
      };
      count++;
    }
  }
  return count;
}
