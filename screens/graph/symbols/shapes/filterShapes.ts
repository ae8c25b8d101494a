import type { AbstractCanvas2D } from '@maxgraph/core';
import { hmi } from '../hmiPalette';
import { NvShape } from './shapeKit';

type Grade = 'pre' | 'medium' | 'hepa';

const GRADES: Record<Grade, { tint: string; code: string; pleats: number }> = {
  pre: { tint: hmi.filterPre, code: 'G4', pleats: 0 },
  medium: { tint: hmi.filterMedium, code: 'F8', pleats: 6 },
  hepa: { tint: hmi.filterHepa, code: 'H13', pleats: 14 },
};

/**
 * A filter stage. The three grades differ at a glance: a coloured header with the grade code
 * (G4 amber, F8 cyan, H13 violet), and media from a coarse mesh to dense pleats behind a double
 * frame. The outer frame takes the state colour; `nvFill` draws the loading (pressure drop) bar.
 */
abstract class FilterShape extends NvShape {
  protected abstract grade: Grade;

  paintVertexShape(c: AbstractCanvas2D, x: number, y: number, w: number, h: number): void {
    const g = GRADES[this.grade];
    c.setFillColor(hmi.bodyDark);
    c.setStrokeColor(this.accent());
    c.setStrokeWidth(2.5);
    c.rect(x, y, w, h);
    c.fillAndStroke();
    const head = Math.min(26, h * 0.2);
    c.setFillColor(g.tint);
    c.rect(x + 2, y + 2, w - 4, head);
    c.fill();
    this.caption(c, x, y + 2, w, head, g.code, Math.min(15, head * 0.62), hmi.bodyDark);
    const mx = x + w * 0.14;
    const mw = w * 0.72;
    const my = y + head + 8;
    const mh = h - head - (this.level() === undefined ? 14 : 24);
    c.setFillColor(hmi.body);
    c.setStrokeColor(hmi.steel);
    c.setStrokeWidth(1.5);
    c.rect(mx, my, mw, mh);
    c.fillAndStroke();
    if (this.grade === 'hepa') {
      c.setStrokeColor(hmi.steelLight);
      c.rect(mx - 4, my - 4, mw + 8, mh + 8);
      c.stroke();
    }
    c.setStrokeColor(g.tint);
    if (g.pleats === 0) {
      // A coarse mesh of crossing diagonals.
      c.setStrokeWidth(1.5);
      const step = mw / 3;
      c.begin();
      for (let i = -4; i < 8; i++) {
        const x0 = i * step;
        // Clip each diagonal to the media box by hand (canvas has no clip path).
        const clipLine = (ax: number, ay: number, bx: number, by: number) => {
          const t0 = Math.max(0, ax < 0 ? -ax / (bx - ax) : 0, ax > mw ? (ax - mw) / (ax - bx) : 0);
          const t1 = Math.min(1, bx > mw ? (mw - ax) / (bx - ax) : 1, bx < 0 ? ax / (ax - bx) : 1);
          if (t1 <= t0) return;
          c.moveTo(mx + ax + (bx - ax) * t0, my + ay + (by - ay) * t0);
          c.lineTo(mx + ax + (bx - ax) * t1, my + ay + (by - ay) * t1);
        };
        clipLine(x0, 0, x0 + mh * 0.5, mh);
        clipLine(x0 + mh * 0.5, 0, x0, mh);
      }
      c.stroke();
    } else {
      c.setStrokeWidth(this.grade === 'hepa' ? 1.2 : 2);
      c.begin();
      c.moveTo(mx + mw * 0.1, my);
      for (let i = 1; i <= g.pleats; i++) c.lineTo(mx + mw * (i % 2 ? 0.9 : 0.1), my + (mh * i) / g.pleats);
      c.stroke();
    }
    this.levelBar(c, x, y, w, h);
  }
}

export class FilterPreShape extends FilterShape {
  protected grade: Grade = 'pre';
}
export class FilterMediumShape extends FilterShape {
  protected grade: Grade = 'medium';
}
export class FilterHepaShape extends FilterShape {
  protected grade: Grade = 'hepa';
}

/** Chevrons along the centre line: the flow line the live view animates (`.nv-flowline`). */
function flowLine(c: AbstractCanvas2D, x: number, cy: number, w: number, size: number, color: string): void {
  c.setStrokeColor(color);
  c.setStrokeWidth(Math.max(1.5, size * 0.35));
  c.setDashed(true, true);
  c.setDashPattern('3 2');
  c.begin();
  c.moveTo(x, cy);
  c.lineTo(x + w, cy);
  c.stroke();
  c.setDashed(false, false);
  c.setStrokeWidth(Math.max(1.5, size * 0.3));
  c.begin();
  const n = Math.max(1, Math.floor(w / (size * 6)));
  for (let i = 0; i < n; i++) {
    const ax = x + (w * (i + 0.5)) / n;
    c.moveTo(ax - size * 0.6, cy - size);
    c.lineTo(ax + size * 0.4, cy);
    c.lineTo(ax - size * 0.6, cy + size);
  }
  c.stroke();
}

/** Rectangular duct with flanges; `fillColor` is the duct, `strokeColor` the air (state) colour. */
export class DuctShape extends NvShape {
  paintVertexShape(c: AbstractCanvas2D, x: number, y: number, w: number, h: number): void {
    c.setGradient(hmi.bodyLight, this.body(), x, y, w, h, 'south');
    c.setStrokeColor(hmi.ductEdge);
    c.setStrokeWidth(1.5);
    c.rect(x, y, w, h);
    c.fillAndStroke();
    const fw = Math.min(8, w * 0.05);
    c.setFillColor(hmi.steel);
    c.rect(x, y - 3, fw, h + 6);
    c.rect(x + w - fw, y - 3, fw, h + 6);
    c.fill();
    this.groupAs(c, 'nv-flowline', () => flowLine(c, x + fw + 6, y + h / 2, w - 2 * fw - 12, Math.min(8, h * 0.22), this.accent()));
  }
}

/** Round pipe with a highlight; `fillColor` is the medium, `strokeColor` the flow (state) colour. */
export class PipeShape extends NvShape {
  paintVertexShape(c: AbstractCanvas2D, x: number, y: number, w: number, h: number): void {
    c.setGradient(hmi.steelLight, this.body(), x, y, w, h, 'south');
    c.setStrokeColor(hmi.bodyDark);
    c.setStrokeWidth(1);
    c.roundrect(x, y, w, h, h / 2, h / 2);
    c.fillAndStroke();
    this.groupAs(c, 'nv-flowline', () => flowLine(c, x + h / 2, y + h / 2, w - h, Math.max(2, h * 0.22), this.accent()));
  }
}
