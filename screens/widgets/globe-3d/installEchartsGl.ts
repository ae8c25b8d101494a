import { Bar3DChart } from 'echarts-gl/charts';
import { Geo3DComponent } from 'echarts-gl/components';
import effectGraph from 'echarts-gl/lib/effect/composite.js';
import displayShadowGlsl from 'echarts-gl/lib/util/shader/displayShadow.glsl.js';
import graphicGL from 'echarts-gl/lib/util/graphicGL';
import { echarts } from '../shared/echartsCore';
import { precompileEffectSizes } from './compileSizeExpr';

let installed = false;

/**
 * Registers the echarts-gl parts the 3D view uses (geo3D, bar3D) with the shared ECharts core,
 * tree-shaken, and fixes two things the tree-shaken echarts-gl 2.1 gets wrong in this console:
 * its effect graph would build code from text, which the content security policy refuses
 * (compileSizeExpr.ts), and the shadow shader every geo3D asks for is only registered by the
 * mapbox and maptalks components, so each chart would log shader errors without it.
 */
export function installEchartsGl(): void {
  if (installed) return;
  installed = true;
  precompileEffectSizes(effectGraph);
  graphicGL.Shader.import(displayShadowGlsl);
  echarts.use([Geo3DComponent, Bar3DChart]);
}
