import { CellRenderer, Graph, TextShape, type AbstractCanvas2D } from '@maxgraph/core';

const NONE = 'none';

/**
 * Labels that lay the page out at most once. maxGraph measures a label with getBBox() each time
 * it draws it — for its bounding box, and again (with an empty background rect) for a label
 * background even when there is none — a forced layout per label: hundreds of labels changing in
 * one frame would lay the page out hundreds of times. The drawing is fitted from the measured
 * first render (`LiveTextShape.measure` is on while LiveGraph builds it); after that nothing needs
 * label bounds (no selection, hit-testing or scrolling), and labels without a background or
 * border never ask for one.
 */
export class LiveTextShape extends TextShape {
  /** Whether labels measure their size (only while the graph is first drawn and fitted). */
  static measure = false;

  updateBoundingBox(): void {
    this.ignoreStringSize = !LiveTextShape.measure;
    super.updateBoundingBox();
  }

  configureCanvas(c: AbstractCanvas2D, x: number, y: number, w: number, h: number): void {
    super.configureCanvas(c, x, y, w, h);
    // The SVG canvas measures the text whenever these are non-null, 'none' included.
    const state = c.state as { fontBackgroundColor: string | null; fontBorderColor: string | null };
    if (state.fontBackgroundColor === NONE && state.fontBorderColor === NONE) {
      state.fontBackgroundColor = null;
      state.fontBorderColor = null;
    }
  }
}

class LiveCellRenderer extends CellRenderer {
  constructor() {
    super();
    this.defaultTextShape = LiveTextShape;
  }
}

/** A maxGraph Graph whose labels are LiveTextShapes. */
export class LiveMaxGraph extends Graph {
  createCellRenderer(): CellRenderer {
    return new LiveCellRenderer();
  }
}
