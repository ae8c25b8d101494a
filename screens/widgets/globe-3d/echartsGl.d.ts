/*
 * echarts-gl 2.1 ships no types. Its tree-shakable entries (`charts.js`, `components.js` at the
 * package root) export installers for `echarts.use`, like echarts' own.
 */
declare module 'echarts-gl/charts' {
  type Installer = Exclude<Parameters<typeof import('echarts/core').use>[0], unknown[]>;
  export const Bar3DChart: Installer;
}

declare module 'echarts-gl/components' {
  type Installer = Exclude<Parameters<typeof import('echarts/core').use>[0], unknown[]>;
  export const Geo3DComponent: Installer;
}

/** The post-effect graph every geo3D builds (see compileSizeExpr.ts for why it is touched). */
declare module 'echarts-gl/lib/effect/composite.js' {
  const graph: { nodes: { parameters?: Record<string, unknown>; outputs?: Record<string, { parameters?: Record<string, unknown> } | undefined> }[] };
  export default graph;
}

declare module 'echarts-gl/lib/util/shader/displayShadow.glsl.js' {
  const glsl: string;
  export default glsl;
}

declare module 'echarts-gl/lib/util/graphicGL' {
  const graphicGL: { Shader: { import(glsl: string): void } };
  export default graphicGL;
}
