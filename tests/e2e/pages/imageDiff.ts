import type { Page } from '@playwright/test';

export interface ImageDiff {
  /** Pixels whose colour differs by more than the tolerance on any channel. */
  differing: number;
  total: number;
  /** The largest channel difference seen. */
  maxDelta: number;
}

/**
 * Compares `image` (a PNG) with the `rect` window of `reference` (a larger PNG), pixel by pixel,
 * in the browser of `page` (any page: it only decodes and reads the two pictures), so the tests
 * need no image library. A pixel differs when one of its channels is more than `tolerance` apart.
 */
export async function diffWithRegion(
  page: Page, image: Buffer, reference: Buffer, rect: { x: number; y: number; width: number; height: number }, tolerance = 32,
): Promise<ImageDiff> {
  return page.evaluate(async ({ a, b, r, tol }) => {
    const decode = async (base64: string) => createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
    const [img, ref] = await Promise.all([decode(a), decode(b)]);
    const pixels = (source: ImageBitmap, sx: number, sy: number) => {
      const canvas = new OffscreenCanvas(r.width, r.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(source, sx, sy, r.width, r.height, 0, 0, r.width, r.height);
      return ctx.getImageData(0, 0, r.width, r.height).data;
    };
    if (img.width !== r.width || img.height !== r.height) throw new Error(`image is ${img.width}×${img.height}, region ${r.width}×${r.height}`);
    const p = pixels(img, 0, 0);
    const q = pixels(ref, r.x, r.y);
    let differing = 0;
    let maxDelta = 0;
    for (let i = 0; i < p.length; i += 4) {
      const d = Math.max(Math.abs(p[i] - q[i]), Math.abs(p[i + 1] - q[i + 1]), Math.abs(p[i + 2] - q[i + 2]));
      if (d > maxDelta) maxDelta = d;
      if (d > tol) differing++;
    }
    img.close();
    ref.close();
    return { differing, total: p.length / 4, maxDelta };
  }, { a: image.toString('base64'), b: reference.toString('base64'), r: rect, tol: tolerance });
}
