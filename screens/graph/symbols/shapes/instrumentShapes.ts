import type { AbstractCanvas2D } from '@maxgraph/core';
import { hmi } from '../hmiPalette';
import { NvShape } from './shapeKit';

/** A round field instrument: dark face, steel bezel, accent (state) ring. */
function instrumentFace(shape: NvShape & { ring(): string }, c: AbstractCanvas2D, cx: number, cy: number, d: number): void {
  c.setGradient(hmi.bodyLight, hmi.bodyDark, cx - d / 2, cy - d / 2, d, d, 'south');
  c.setStrokeColor(hmi.steel);
  c.setStrokeWidth(2);
  c.ellipse(cx - d / 2 + 1, cy - d / 2 + 1, d - 2, d - 2);
  c.fillAndStroke();
  c.setFillColor('none');
  c.setStrokeColor(shape.ring());
  c.setStrokeWidth(3);
  c.ellipse(cx - d * 0.4, cy - d * 0.4, d * 0.8, d * 0.8);
  c.stroke();
}

/** Particulate sensor: "PM" on the face with a scatter of particles. */
export class SensorPmShape extends NvShape {
  ring(): string {
    return this.accent();
  }

  paintVertexShape(c: AbstractCanvas2D, x: number, y: number, w: number, h: number): void {
    const d = Math.min(w, h);
    const cx = x + w / 2;
    const cy = y + h / 2;
    instrumentFace(this, c, cx, cy, d);
    this.caption(c, cx - d / 2, cy - d * 0.2, d, d * 0.3, 'PM', d * 0.26, hmi.text);
    c.setFillColor(hmi.steelLight);
    for (const [dx, dy, r] of [[-0.16, 0.16, 0.035], [0, 0.2, 0.05], [0.15, 0.14, 0.03], [-0.06, 0.28, 0.025], [0.09, 0.27, 0.03]]) {
      c.ellipse(cx + dx * d - r * d, cy + dy * d - r * d, 2 * r * d, 2 * r * d);
      c.fill();
    }
  }
}

/** Temperature/humidity sensor: a thermometer and a droplet on the face. */
export class SensorThShape extends NvShape {
  ring(): string {
    return this.accent();
  }

  paintVertexShape(c: AbstractCanvas2D, x: number, y: number, w: number, h: number): void {
    const d = Math.min(w, h);
    const cx = x + w / 2;
    const cy = y + h / 2;
    instrumentFace(this, c, cx, cy, d);
    const tx = cx - d * 0.12;
    c.setStrokeColor(hmi.text);
    c.setStrokeWidth(1.5);
    c.setFillColor(hmi.bodyDark);
    c.roundrect(tx - d * 0.045, cy - d * 0.25, d * 0.09, d * 0.36, d * 0.045, d * 0.045);
    c.fillAndStroke();
    c.setFillColor('#ff7a45');
    c.ellipse(tx - d * 0.08, cy + d * 0.08, d * 0.16, d * 0.16);
    c.fillAndStroke();
    c.rect(tx - d * 0.02, cy - d * 0.1, d * 0.04, d * 0.2);
    c.fill();
    const dx = cx + d * 0.14;
    c.setFillColor(hmi.water);
    c.begin();
    c.moveTo(dx, cy - d * 0.18);
    c.curveTo(dx + d * 0.12, cy, dx + d * 0.1, cy + d * 0.14, dx, cy + d * 0.14);
    c.curveTo(dx - d * 0.1, cy + d * 0.14, dx - d * 0.12, cy, dx, cy - d * 0.18);
    c.close();
    c.fill();
  }
}

type MeterKind = 'electric' | 'water' | 'gas';
const METERS: Record<MeterKind, { unit: string; tint: string }> = {
  electric: { unit: 'kWh', tint: hmi.power },
  water: { unit: 'm³', tint: hmi.water },
  gas: { unit: 'm³', tint: hmi.gas },
};

/** A utility meter: cabinet, a readout window, a kind icon and its unit. */
abstract class MeterShape extends NvShape {
  protected abstract kind: MeterKind;

  paintVertexShape(c: AbstractCanvas2D, x: number, y: number, w: number, h: number): void {
    const m = METERS[this.kind];
    this.cabinet(c, x, y, w, h, 6);
    c.setFillColor(this.accent());
    c.rect(x + 2, y + 2, w - 4, 5);
    c.fill();
    c.setFillColor(hmi.readoutBg);
    c.setStrokeColor(hmi.steel);
    c.setStrokeWidth(1);
    c.rect(x + w * 0.12, y + h * 0.16, w * 0.76, h * 0.22);
    c.fillAndStroke();
    this.caption(c, x + w * 0.12, y + h * 0.16, w * 0.76, h * 0.22, '0000', h * 0.13, m.tint, true);
    const ix = x + w / 2;
    const iy = y + h * 0.6;
    const s = Math.min(w, h) * 0.16;
    c.setFillColor(m.tint);
    c.setStrokeColor(m.tint);
    c.begin();
    if (this.kind === 'electric') {
      c.moveTo(ix + s * 0.2, iy - s);
      c.lineTo(ix - s * 0.55, iy + s * 0.1);
      c.lineTo(ix - s * 0.05, iy + s * 0.1);
      c.lineTo(ix - s * 0.25, iy + s);
      c.lineTo(ix + s * 0.55, iy - s * 0.15);
      c.lineTo(ix + s * 0.05, iy - s * 0.15);
      c.close();
    } else if (this.kind === 'water') {
      c.moveTo(ix, iy - s);
      c.curveTo(ix + s * 0.8, iy, ix + s * 0.7, iy + s * 0.9, ix, iy + s * 0.9);
      c.curveTo(ix - s * 0.7, iy + s * 0.9, ix - s * 0.8, iy, ix, iy - s);
      c.close();
    } else {
      c.moveTo(ix, iy - s);
      c.curveTo(ix + s * 0.9, iy - s * 0.1, ix + s * 0.6, iy + s * 0.9, ix, iy + s * 0.9);
      c.curveTo(ix - s * 0.6, iy + s * 0.9, ix - s * 0.8, iy + s * 0.1, ix - s * 0.2, iy - s * 0.3);
      c.quadTo(ix - s * 0.05, iy - s * 0.05, ix, iy - s);
      c.close();
    }
    c.fill();
    this.caption(c, x, y + h * 0.78, w, h * 0.16, m.unit, Math.min(13, h * 0.13), hmi.textMuted, false);
  }
}

export class MeterElectricShape extends MeterShape {
  protected kind: MeterKind = 'electric';
}
export class MeterWaterShape extends MeterShape {
  protected kind: MeterKind = 'water';
}
export class MeterGasShape extends MeterShape {
  protected kind: MeterKind = 'gas';
}

/** A digital readout: dark window, steel frame, a state bar on the left (`strokeColor`). */
export class ValueLabelShape extends NvShape {
  paintVertexShape(c: AbstractCanvas2D, x: number, y: number, w: number, h: number): void {
    c.setFillColor(this.body());
    c.setStrokeColor(hmi.steel);
    c.setStrokeWidth(1.5);
    c.roundrect(x, y, w, h, 3, 3);
    c.fillAndStroke();
    c.setFillColor(this.accent());
    c.rect(x + 1, y + 1, 4, h - 2);
    c.fill();
    this.levelBar(c, x, y, w, h);
  }
}
