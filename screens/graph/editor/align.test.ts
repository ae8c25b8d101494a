import { describe, expect, it } from 'vitest';
import { alignBoxes, distributeBoxes, snapToGrid, type Box } from './align';

const boxes: Box[] = [
  { x: 10, y: 100, width: 40, height: 20 },
  { x: 100, y: 10, width: 80, height: 60 },
  { x: 50, y: 50, width: 20, height: 40 },
];

describe('alignBoxes', () => {
  it('aligns edges and centres on the selection bounds (x 10..180, y 10..120)', () => {
    expect(alignBoxes(boxes, 'left').map((b) => b.x)).toEqual([10, 10, 10]);
    expect(alignBoxes(boxes, 'right').map((b) => b.x + b.width)).toEqual([180, 180, 180]);
    expect(alignBoxes(boxes, 'center').map((b) => b.x + b.width / 2)).toEqual([95, 95, 95]);
    expect(alignBoxes(boxes, 'top').map((b) => b.y)).toEqual([10, 10, 10]);
    expect(alignBoxes(boxes, 'bottom').map((b) => b.y + b.height)).toEqual([120, 120, 120]);
    expect(alignBoxes(boxes, 'middle').map((b) => b.y + b.height / 2)).toEqual([65, 65, 65]);
  });

  it('keeps sizes, the other axis and the input; one box is left alone', () => {
    const aligned = alignBoxes(boxes, 'left');
    expect(aligned.map((b) => [b.y, b.width, b.height])).toEqual(boxes.map((b) => [b.y, b.width, b.height]));
    expect(boxes[1].x).toBe(100);
    expect(alignBoxes([boxes[1]], 'left')).toEqual([boxes[1]]);
  });
});

describe('distributeBoxes', () => {
  it('makes the gaps equal and keeps the outer boxes in place, in input order', () => {
    // Sorted by x: 10 (w40), 50 (w20), 100 (w80): span 10..180 = 170, occupied 140, gap 15.
    const out = distributeBoxes(boxes, 'horizontal');
    expect(out.map((b) => b.x)).toEqual([10, 100, 65]);
    expect(out.map((b) => b.y)).toEqual([100, 10, 50]);
  });

  it('works vertically and leaves two boxes unchanged', () => {
    // Sorted by y: 10 (h60), 50 (h40), 100 (h20): span 10..120 = 110, occupied 120, gap -5.
    expect(distributeBoxes(boxes, 'vertical').map((b) => b.y)).toEqual([100, 10, 65]);
    expect(distributeBoxes(boxes.slice(0, 2), 'vertical')).toEqual(boxes.slice(0, 2));
  });
});

describe('snapToGrid', () => {
  it('rounds to the nearest grid line', () => {
    expect(snapToGrid(14, 10)).toBe(10);
    expect(snapToGrid(15, 10)).toBe(20);
    expect(snapToGrid(7.3, 0)).toBe(7.3);
  });
});
