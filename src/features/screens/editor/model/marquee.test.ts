import { describe, expect, it } from 'vitest';
import { rectFromPoints } from './geometry';
import { widgetAt, widgetsInMarquee } from './marquee';
import { doc, widget } from './testDoc';

const d = doc([
  widget('a', 0, 0, 100, 100, { z: 1 }),
  widget('b', 50, 50, 100, 100, { z: 1 }),
  widget('c', 60, 60, 20, 20, { z: 0 }),
  widget('h', 0, 0, 500, 500, { z: 9, hidden: true }),
]);

describe('marquee', () => {
  it('selects what the marquee touches, or only what lies wholly inside it, never hidden widgets', () => {
    const m = rectFromPoints({ x: 90, y: 90 }, { x: 40, y: 40 });
    expect(m).toEqual({ x: 40, y: 40, w: 50, h: 50 });
    expect(widgetsInMarquee(d, m, 'intersect')).toEqual(['a', 'b', 'c']);
    expect(widgetsInMarquee(d, m, 'contain')).toEqual(['c']);
    expect(widgetsInMarquee(d, { x: 0, y: 0, w: 150, h: 150 }, 'contain')).toEqual(['a', 'b', 'c']);
    expect(widgetsInMarquee(d, { x: 100, y: 0, w: 0, h: 0 })).toEqual([]);
    expect(widgetsInMarquee(d, { x: 100, y: 10, w: 5, h: 5 })).toEqual([]);
  });

  it('finds the topmost visible widget at a point: higher z, then later in the list', () => {
    expect(widgetAt(d, { x: 70, y: 70 })).toBe('b');
    expect(widgetAt(d, { x: 10, y: 10 })).toBe('a');
    expect(widgetAt(d, { x: 400, y: 400 })).toBeUndefined();
    expect(widgetAt(d, { x: 100, y: 100 })).toBe('b');
    expect(widgetAt(d, { x: 150, y: 150 })).toBeUndefined();
  });
});
