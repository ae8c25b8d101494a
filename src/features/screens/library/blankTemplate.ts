import { SCREEN_TEMPLATE_VERSION } from '../../../../contract/screen-template';

/** The canvas sizes offered when creating a template or in the editor's canvas properties. */
export const SIZE_PRESETS = [
  { label: '1920 × 1080', width: 1920, height: 1080 },
  { label: '3840 × 2160', width: 3840, height: 2160 },
] as const;

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
