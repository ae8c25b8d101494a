/**
 * Alignment and distribution of the selected cells (pure maths on boxes; the editor applies the
 * results to the cells' geometries in one undoable edit).
 */

/** A cell's bounds in graph units. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type AlignMode = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';
export type DistributeAxis = 'horizontal' | 'vertical';

export const ALIGN_MODES: readonly AlignMode[] = ['left', 'center', 'right', 'top', 'middle', 'bottom'];

/**
 * The boxes aligned on the selection's bounds: `left` moves every box to the leftmost edge,
 * `center` to the common centre line, and so on. Sizes never change; fewer than two boxes come back
 * unchanged (copies, in the same order).
 */
export function alignBoxes(boxes: readonly Box[], mode: AlignMode): Box[] {
  if (boxes.length < 2) return boxes.map((b) => ({ ...b }));
  const left = Math.min(...boxes.map((b) => b.x));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const top = Math.min(...boxes.map((b) => b.y));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return boxes.map((b) => {
    switch (mode) {
      case 'left': return { ...b, x: left };
      case 'right': return { ...b, x: right - b.width };
      case 'center': return { ...b, x: (left + right) / 2 - b.width / 2 };
      case 'top': return { ...b, y: top };
      case 'bottom': return { ...b, y: bottom - b.height };
      case 'middle': return { ...b, y: (top + bottom) / 2 - b.height / 2 };
      default: return { ...b };
    }
  });
}

/**
 * The boxes spread so the gaps between neighbours are equal along `axis`; the first and last box
 * (by position) stay where they are. Fewer than three boxes come back unchanged. The result keeps
 * the input order.
 */
export function distributeBoxes(boxes: readonly Box[], axis: DistributeAxis): Box[] {
  const out = boxes.map((b) => ({ ...b }));
  if (boxes.length < 3) return out;
  const pos = axis === 'horizontal' ? 'x' : 'y';
  const size = axis === 'horizontal' ? 'width' : 'height';
  const order = out.map((_, i) => i).sort((a, b) => out[a][pos] - out[b][pos] || a - b);
  const first = out[order[0]];
  const last = out[order[order.length - 1]];
  const span = last[pos] + last[size] - first[pos];
  const occupied = order.reduce((sum, i) => sum + out[i][size], 0);
  const gap = (span - occupied) / (order.length - 1);
  let cursor = first[pos] + first[size] + gap;
  for (const i of order.slice(1, -1)) {
    out[i][pos] = cursor;
    cursor += out[i][size] + gap;
  }
  return out;
}

/** A position snapped to the grid (`size` ≤ 0: unchanged). */
export function snapToGrid(value: number, size: number): number {
  return size > 0 ? Math.round(value / size) * size : value;
}
