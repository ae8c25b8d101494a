/** The schema's limits of a template document, and the canvas size presets. */
export const MAX_WIDGETS = 200;
export const MAX_SOURCES = 64;
export const MAX_VARIABLES = 16;
/** The highest z a widget may have. */
export const MAX_Z = 1000;
/** How far a duplicate (or a paste over its original) lands from the original, in design pixels. */
export const COPY_OFFSET = 20;

export const CANVAS_PRESETS = { '1920x1080': { width: 1920, height: 1080 }, '3840x2160': { width: 3840, height: 2160 } } as const;
export type CanvasPreset = keyof typeof CANVAS_PRESETS;
