import type { AbstractCanvas2D } from '@maxgraph/core';
import { hmi } from '../hmiPalette';
import { NvShape } from './shapeKit';

/** Four swept blades and a hub centred in (cx, cy), radius r. */
function rotor(c: AbstractCanvas2D, cx: number, cy: number, r: number, color: string): void {
  c.setFillColor(color);
  c.setStrokeColor(hmi.bodyDark);
  c.setStrokeWidth(1);
  for (let i = 0; i < 4; i++) {
    const a = (i * Math.PI) / 2;
    const p = (ang: number, rad: number): [number, number] => [cx + Math.cos(a + ang) * rad, cy + Math.sin(a + ang) * rad];
    const [x0, y0] = p(0.35, r * 0.22);
    const [x1, y1] = p(0.05, r * 0.95);
    const [xc1, yc1] = p(0.55, r * 0.75);
    const [x2, y2] = p(-0.45, r * 0.95);
    const [xc2, yc2] = p(-0.3, r * 0.45);
    c.begin();
    c.moveTo(x0, y0);
    c.quadTo(xc1, yc1, x1, y1);
    c.quadTo(cx + Math.cos(a - 0.2) * r * 1.02, cy + Math.sin(a - 0.2) * r * 1.02, x2, y2);
    c.quadTo(xc2, yc2, x0, y0);
    c.close();
    c.fillAndStroke();
  }
  c.setFillColor(hmi.steelLight);
  c.ellipse(cx - r * 0.2, cy - r * 0.2, r * 0.4, r * 0.4);
  c.fillAndStroke();
}

/** Air-handling unit: a cabinet with intake louvres, filter, coil and fan sections. */
export class AhuShape extends NvShape {
  paintVertexShape(c: AbstractCanvas2D, x: number, y: number, w: number, h: number): void {
    this.cabinet(c, x, y, w, h, 6);
    // A steel title band with an accent rule under it and the status lamp on it.
    const band = Math.min(14, h * 0.12);
    c.setFillColor(hmi.bodyDark);
    c.rect(x + 2, y + 2, w - 4, band - 2);
    c.fill();
    c.setFillColor(this.accent());
    c.rect(x + 2, y + band - 1, w - 4, 2);
    c.fill();
    const top = y + band + 6;
    const bh = h - band - 12;
    const sw = w / 5;
    c.setStrokeColor(hmi.steel);
    c.setStrokeWidth(1.5);
    this.lines(c, x, 0, [1, 2, 3, 4].map((i) => [i * sw, top, i * sw, top + bh]));
    // Intake louvres.
    c.setStrokeColor(hmi.steelLight);
    c.setStrokeWidth(2);
    const louvres = [];
    for (let i = 0; i < 5; i++) louvres.push([sw * 0.2, bh * (0.12 + i * 0.18), sw * 0.8, bh * (0.22 + i * 0.18)]);
    this.lines(c, x, top, louvres);
    // Filter pleats.
    const pleat = [sw + sw * 0.25, 0];
    for (let i = 0; i < 8; i++) pleat.push(sw + sw * (i % 2 ? 0.25 : 0.75), (bh * (i + 1)) / 8);
    c.setStrokeColor(hmi.filterMedium);
    this.lines(c, x, top, [pleat]);
    // Coil: a serpentine tube.
    c.setStrokeColor(hmi.water);
    const coil = [2 * sw + sw * 0.2, bh * 0.1];
    for (let i = 0; i < 6; i++) coil.push(2 * sw + sw * (i % 2 ? 0.2 : 0.8), bh * (0.1 + i * 0.16), 2 * sw + sw * (i % 2 ? 0.2 : 0.8), bh * (0.26 + i * 0.16));
    this.lines(c, x, top, [coil]);
    // Fan section.
    const r = Math.min(sw, bh) * 0.42;
    c.setFillColor(hmi.bodyDark);
    c.setStrokeColor(hmi.steel);
    c.ellipse(x + 3.5 * sw - r, top + bh / 2 - r, 2 * r, 2 * r);
    c.fillAndStroke();
    this.groupAs(c, 'nv-rotor', () => rotor(c, x + 3.5 * sw, top + bh / 2, r * 0.9, this.accent()));
    // Outlet grille.
    c.setStrokeColor(hmi.steelLight);
    this.lines(c, x, top, [0.2, 0.4, 0.6, 0.8].map((f) => [4 * sw + sw * f, bh * 0.12, 4 * sw + sw * f, bh * 0.88]));
    this.lamp(c, x + w - 12, y + band / 2 + 1, Math.max(3, band / 2 - 1));
    this.levelBar(c, x, y, w, h);
  }
}

/** Fan: round housing with a rotor that the live view spins (`.nv-rotor`) while it runs. */
export class FanShape extends NvShape {
  paintVertexShape(c: AbstractCanvas2D, x: number, y: number, w: number, h: number): void {
    const d = Math.min(w, h);
    const cx = x + w / 2;
    const cy = y + h / 2;
    c.setGradient(hmi.bodyLight, hmi.bodyDark, cx - d / 2, cy - d / 2, d, d, 'south');
    c.setStrokeColor(hmi.steel);
    c.setStrokeWidth(3);
    c.ellipse(cx - d / 2 + 1.5, cy - d / 2 + 1.5, d - 3, d - 3);
    c.fillAndStroke();
    c.setFillColor('none');
    c.setStrokeColor(this.accent());
    c.setStrokeWidth(2.5);
    c.ellipse(cx - d * 0.42, cy - d * 0.42, d * 0.84, d * 0.84);
    c.stroke();
    this.groupAs(c, 'nv-rotor', () => rotor(c, cx, cy, d * 0.38, this.accent()));
    this.levelBar(c, x, y, w, h);
  }
}

/** Valve: a bow-tie body with a stem and hand wheel; the body takes the state colour. */
export class ValveShape extends NvShape {
  paintVertexShape(c: AbstractCanvas2D, x: number, y: number, w: number, h: number): void {
    const top = y + h * 0.38;
    const bh = h - (top - y);
    c.setStrokeColor(hmi.steelLight);
    c.setStrokeWidth(2);
    this.lines(c, x, y, [[w / 2, h * 0.14, w / 2, h * 0.38 + bh / 2]]);
    c.setFillColor(hmi.bodyLight);
    c.rect(x + w * 0.25, y + 1, w * 0.5, h * 0.13);
    c.fillAndStroke();
    c.setFillColor(this.accent());
    c.setStrokeColor(hmi.bodyDark);
    c.begin();
    c.moveTo(x, top);
    c.lineTo(x + w / 2, top + bh / 2);
    c.lineTo(x, y + h);
    c.close();
    c.moveTo(x + w, top);
    c.lineTo(x + w / 2, top + bh / 2);
    c.lineTo(x + w, y + h);
    c.close();
    c.fillAndStroke();
  }
}

/** Damper: a frame with opposed blades and an actuator. */
export class DamperShape extends NvShape {
  paintVertexShape(c: AbstractCanvas2D, x: number, y: number, w: number, h: number): void {
    const act = h * 0.16;
    c.setFillColor(hmi.bodyLight);
    c.setStrokeColor(hmi.steel);
    c.setStrokeWidth(1.5);
    c.rect(x + w * 0.3, y, w * 0.4, act);
    c.fillAndStroke();
    this.lamp(c, x + w / 2, y + act / 2, Math.max(2.5, act * 0.25));
    const fy = y + act + 3;
    const fh = h - act - 3;
    c.setFillColor(hmi.bodyDark);
    c.setStrokeColor(hmi.steel);
    c.setStrokeWidth(3);
    c.rect(x + 1.5, fy + 1.5, w - 3, fh - 3);
    c.fillAndStroke();
    c.setStrokeColor(this.accent());
    c.setStrokeWidth(3);
    const blades = [];
    for (let i = 0; i < 4; i++) {
      const cy = fh * (0.17 + i * 0.22);
      const tilt = (i % 2 ? -1 : 1) * fh * 0.07;
      blades.push([w * 0.15, cy - tilt, w * 0.85, cy + tilt]);
    }
    this.lines(c, x, fy, blades);
    c.setFillColor(hmi.steelLight);
    c.setStrokeWidth(1);
    for (let i = 0; i < 4; i++) c.ellipse(x + w / 2 - 2.5, fy + fh * (0.17 + i * 0.22) - 2.5, 5, 5);
    c.fill();
  }
}
