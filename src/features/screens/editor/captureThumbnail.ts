import { toJpeg } from 'html-to-image';
import { saveThumbnail } from './editorApi';

/** Width of a stored thumbnail, px (the library's cards show it at about 300 px). */
export const THUMBNAIL_WIDTH = 480;

/**
 * The canvas as the runtime drew it (charts included: html-to-image copies canvases as images),
 * scaled to {@link THUMBNAIL_WIDTH}, as a JPEG data URL; null when the browser cannot render it.
 */
export async function captureThumbnail(stage: HTMLElement, canvas: { width: number; height: number }): Promise<string | null> {
  try {
    return await toJpeg(stage, {
      width: canvas.width,
      height: canvas.height,
      pixelRatio: THUMBNAIL_WIDTH / canvas.width,
      quality: 0.8,
      // The editor's own marks (selection boxes, guides) are not part of the template.
      filter: (node) => !(node instanceof HTMLElement && node.classList.contains('moveable-control-box')),
      style: { transform: 'none', left: '0', top: '0', boxShadow: 'none' },
      skipFonts: true,
    });
  } catch {
    return null;
  }
}

/** Captures `stage` and stores it as template `id`'s thumbnail; false when it could not be drawn or stored. */
export async function storeThumbnail(id: number, stage: HTMLElement, canvas: { width: number; height: number }): Promise<boolean> {
  const image = await captureThumbnail(stage, canvas);
  if (!image) return false;
  return saveThumbnail(id, image).then(() => true, () => false);
}
