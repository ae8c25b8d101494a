import { SCREEN_TEMPLATE_VERSION } from '../../../../contract/screen-template';
import { CANVAS_PRESETS } from '../editor/model/limits';

/** The canvas sizes offered when creating a template or in the editor's canvas properties (the model's presets). */
export const SIZE_PRESETS = Object.values(CANVAS_PRESETS).map(({ width, height }) => ({ label: `${width} × ${height}`, width, height }));

/** An empty template document of the given design size (the editor fills it). */
export function blankTemplate(width: number, height: number) {
  return {
    version: SCREEN_TEMPLATE_VERSION,
    canvas: { width, height, background: '#061327', scaleMode: 'fit' as const },
    variables: [],
    sources: [],
    widgets: [],
  };
}
