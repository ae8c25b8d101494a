import { describe, expect, it } from 'vitest';
import { applyCommand } from './editorState';
import { defaultWidgetSize } from './widgetOps';
import { guidelinePositions, snapRect, snapTargets } from './snapping';
import { doc, rectOfId, state, widget } from './testDoc';

describe('snapTargets', () => {
  it('offers the canvas, the other visible widgets and the user guides, not the moving or hidden ones', () => {
    const d = doc([widget('a', 100, 200, 300, 100), widget('m', 0, 0, 10, 10), widget('h', 50, 50, 10, 10, { hidden: true })]);
    const t = snapTargets(d, ['m'], { h: [540], v: [333] });
    expect(guidelinePositions(t)).toEqual({ vertical: [0, 100, 250, 333, 400, 960, 1920], horizontal: [0, 200, 250, 300, 540, 1080] });
    expect(t.vertical.find((x) => x.pos === 250)).toEqual({ pos: 250, start: 200, end: 300, source: 'widget', kind: 'centre', widgetId: 'a' });
    expect(t.horizontal.find((x) => x.pos === 540 && x.source === 'canvas')).toMatchObject({ start: 0, end: 1920, kind: 'centre' });
    expect(t.horizontal.find((x) => x.source === 'guide')).toEqual({ pos: 540, start: 0, end: 1920, source: 'guide', kind: 'edge' });
  });
});

describe('snapRect', () => {
  const targets = snapTargets(doc([widget('a', 100, 200, 300, 100)]), ['m'], { h: [], v: [] });

  it('snaps the nearest edge or centre within the threshold and reports the lines', () => {
    const r = snapRect({ x: 403, y: 196, w: 100, h: 50 }, targets, 6);
    expect(r.rect).toEqual({ x: 400, y: 200, w: 100, h: 50 });
    expect(r.snappedX).toBe(400);
    expect(r.snappedY).toBe(200);
    expect(r.lines).toEqual([
      { orientation: 'vertical', pos: 400, start: 200, end: 300 },
      { orientation: 'horizontal', pos: 200, start: 100, end: 500 },
      // its bottom edge now also lies on a's centre line
      { orientation: 'horizontal', pos: 250, start: 100, end: 500 },
    ]);
  });

  it('snaps a centre to a centre, and to the canvas centre with a full-length line', () => {
    const r = snapRect({ x: 905, y: 700, w: 100, h: 50 }, targets, 6);
    expect(r.rect.x).toBe(910);
    expect(r.snappedY).toBeNull();
    expect(r.lines).toEqual([{ orientation: 'vertical', pos: 960, start: 0, end: 1080 }]);
    expect(snapRect({ x: 203, y: 700, w: 100, h: 50 }, targets, 6).rect.x).toBe(200);
  });

  it('leaves a rectangle beyond the threshold where it is (rounded), or puts it on the grid', () => {
    expect(snapRect({ x: 612.4, y: 700.6, w: 100, h: 50 }, targets, 6)).toEqual({ rect: { x: 612, y: 701, w: 100, h: 50 }, snappedX: null, snappedY: null, lines: [] });
    expect(snapRect({ x: 612.4, y: 706, w: 100, h: 50 }, targets, 6, 10).rect).toEqual({ x: 610, y: 710, w: 100, h: 50 });
    expect(snapRect({ x: 612, y: 203, w: 100, h: 50 }, targets, 6, 10).rect).toEqual({ x: 610, y: 200, w: 100, h: 50 });
  });

  it('shows every line the snapped rectangle touches', () => {
    const t = snapTargets(doc([widget('a', 100, 100, 100, 100), widget('b', 100, 400, 200, 100)]), [], { h: [], v: [] });
    const r = snapRect({ x: 102, y: 700, w: 200, h: 50 }, t, 6);
    expect(r.lines).toEqual([
      { orientation: 'vertical', pos: 100, start: 100, end: 750 },
      { orientation: 'vertical', pos: 200, start: 100, end: 750 },
      { orientation: 'vertical', pos: 300, start: 400, end: 750 },
    ]);
  });

  it('snaps to a user guide (by the nearest of edges and centre)', () => {
    const t = snapTargets(doc([]), [], { h: [333], v: [] });
    expect(snapRect({ x: 500, y: 330, w: 10, h: 40 }, t, 6).rect.y).toBe(333);
    expect(snapRect({ x: 500, y: 330, w: 10, h: 10 }, t, 6).rect.y).toBe(328);
  });
});

describe('"snaps them into a row" (issue 16)', () => {
  it('drops a KPI, a trend and a map, drags them near one line and their tops align', () => {
    let s = state([]);
    const drop = (type: 'kpi' | 'trend' | 'projectMap', x: number, y: number) => {
      const size = defaultWidgetSize(type, s.doc.canvas);
      const snapped = snapRect({ x, y, ...size }, snapTargets(s.doc, [], s.guides), 6);
      s = applyCommand(s, { type: 'addWidget', widgetType: type, x: snapped.rect.x, y: snapped.rect.y });
      return snapped;
    };
    drop('kpi', 40, 120);
    drop('trend', 400, 300);
    drop('projectMap', 900, 500);

    const drag = (id: string, dx: number, dy: number) => {
      const from = rectOfId(s, id);
      const snapped = snapRect({ ...from, x: from.x + dx, y: from.y + dy }, snapTargets(s.doc, [id], s.guides), 6);
      s = applyCommand(s, { type: 'move', ids: [id], dx: snapped.rect.x - from.x, dy: snapped.rect.y - from.y });
      return snapped;
    };
    const trend = drag('trend1', -60, -176);
    expect(trend.snappedY).toBe(120);
    const map = drag('projectMap1', -40, -383);
    expect(map.snappedY).toBe(120);
    expect(map.lines).toContainEqual({ orientation: 'horizontal', pos: 120, start: 40, end: 1800 });

    const tops = s.doc.widgets.map((w) => w.y);
    expect(tops).toEqual([120, 120, 120]);
    expect(s.doc.widgets.map((w) => w.x)).toEqual([40, 340, 860]);
  });
});
