import { Shape, type AbstractCanvas2D } from '@maxgraph/core';
import { hmi } from '../hmiPalette';

/**
 * Base of the library's vertex shapes. A symbol draws a steel body in fixed HMI colours and uses
 * the cell's `strokeColor` as its ACCENT: the state colour the live view sets (normal / alarm /
 * offline), so one style key recolours the status parts of every symbol. `fillColor` is the body.
 * Two extra style keys are read: `nvFill` (0..1, a level bar) and, through CSS classes that
 * `groupAs` puts on parts of the SVG, the live view's flow and spin animations.
 */
export abstract class NvShape extends Shape {
  constructor(...args: ConstructorParameters<typeof Shape>) {
    super(...args);
    // The symbols draw inside their bounds: the bounds are the bounding box. Asking SVG instead
    // (getBBox) forces a layout on every redraw, once per changed cell of a live frame.
    this.useSvgBoundingBox = false;
  }

  /** The state colour (cell `strokeColor`). */
  protected accent(): string {
    return typeof this.stroke === 'string' && this.stroke !== 'none' ? this.stroke : hmi.accent;
  }

  /** The body colour (cell `fillColor`). */
  protected body(): string {
    return typeof this.fill === 'string' && this.fill !== 'none' ? this.fill : hmi.body;
  }

  /** A fill level 0..1 from the style (`nvFill`), or undefined when none is set. */
  protected level(): number | undefined {
    const v = (this.style as Record<string, unknown> | null)?.nvFill;
    return typeof v === 'number' && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : undefined;
  }

  /**
   * Runs `draw` and wraps what it added to the SVG in `<g class="className">`, so CSS can animate
   * that part alone (the fan's rotor, a duct's flow line). On a non-SVG canvas it just draws.
   */
  protected groupAs(c: AbstractCanvas2D, className: string, draw: () => void): void {
    const root = (c as unknown as { root?: SVGElement | null }).root;
    const before = root ? root.childNodes.length : 0;
    draw();
    if (!root || root.childNodes.length === before) return;
    const g = root.ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'g');
    g.setAttribute('class', className);
    while (root.childNodes.length > before) g.insertBefore(root.childNodes[root.childNodes.length - 1], g.firstChild);
    root.appendChild(g);
  }

  /** A small text centred in the box (x, y, w, h) (grade badges, units); plain SVG text, never HTML. */
  protected caption(c: AbstractCanvas2D, x: number, y: number, w: number, h: number, text: string, size: number, color: string, bold = true): void {
    c.setFontColor(color);
    c.setFontSize(size);
    c.setFontStyle(bold ? 1 : 0);
    c.setFontFamily('Roboto Mono,Noto Sans Mono,Noto Sans CJK SC,monospace');
    // The canvas anchors centred text at its centre point.
    c.text(x + w / 2, y + h / 2, w, h, text, 'center', 'middle', false, '', 'visible', false, 0, '');
  }

  /** A round status lamp: accent fill with a dark ring. */
  protected lamp(c: AbstractCanvas2D, cx: number, cy: number, r: number): void {
    c.setStrokeWidth(1.5);
    c.setStrokeColor(hmi.bodyDark);
    c.setFillColor(this.accent());
    c.ellipse(cx - r, cy - r, 2 * r, 2 * r);
    c.fillAndStroke();
  }

  /** The level bar of `nvFill` along the bottom edge inside the body. */
  protected levelBar(c: AbstractCanvas2D, x: number, y: number, w: number, h: number): void {
    const level = this.level();
    if (level === undefined) return;
    const bh = Math.max(4, h * 0.08);
    c.setStrokeWidth(1);
    c.setStrokeColor(hmi.steel);
    c.setFillColor(hmi.bodyDark);
    c.rect(x + 4, y + h - bh - 4, w - 8, bh);
    c.fillAndStroke();
    if (level > 0) {
      c.setFillColor(this.accent());
      c.rect(x + 4, y + h - bh - 4, (w - 8) * level, bh);
      c.fill();
    }
  }

  /** A steel cabinet: dark body with a lighter top band and a steel frame. */
  protected cabinet(c: AbstractCanvas2D, x: number, y: number, w: number, h: number, r = 4): void {
    c.setGradient(hmi.bodyLight, this.body(), x, y, w, h, 'south');
    c.setStrokeColor(hmi.steel);
    c.setStrokeWidth(2);
    c.roundrect(x, y, w, h, r, r);
    c.fillAndStroke();
  }

  /** Line segments `[x1, y1, x2, y2, …]` relative to (x, y), stroked in one path. */
  protected lines(c: AbstractCanvas2D, x: number, y: number, segments: number[][]): void {
    c.begin();
    for (const s of segments) {
      c.moveTo(x + s[0], y + s[1]);
      for (let i = 2; i < s.length; i += 2) c.lineTo(x + s[i], y + s[i + 1]);
    }
    c.stroke();
  }
}
