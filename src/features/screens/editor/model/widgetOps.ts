import type { WidgetType } from '../../../../../contract/screen-template';
import { deepEqual } from './deepEqual';
import { dropLoneGroups, mapWidgets, renumberZ, stackOrder, topZ, widgetsOf, without } from './docHelpers';
import type { EditorCommand, EditorState, NudgeDirection } from './editorState';
import { MAX_WIDGETS, MAX_Z } from './limits';
import type { Outcome } from './refusal';
import { refuse } from './refusal';
import { boundsOf, clipRect, finiteRect, placeRect, rectOf, withRect } from './geometry';
import { freshId } from './ids';
import type { Binding, Canvas, EditorWidget, Rect } from './types';

const SIZES: Record<WidgetType, { w: number; h: number }> = {
  header: { w: 1920, h: 96 },
  kpi: { w: 240, h: 110 },
  trend: { w: 480, h: 300 },
  barRanking: { w: 440, h: 320 },
  pie: { w: 440, h: 300 },
  gauge: { w: 440, h: 260 },
  alarmTicker: { w: 440, h: 300 },
  deviceTable: { w: 640, h: 360 },
  projectMap: { w: 940, h: 520 },
  model3d: { w: 440, h: 370 },
  globe3d: { w: 600, h: 600 },
};

/** The size a widget gets when dropped from the palette (a header spans the canvas). */
export function defaultWidgetSize(type: WidgetType, canvas: Pick<Canvas, 'width' | 'height'>): { w: number; h: number } {
  const size = SIZES[type];
  return { w: Math.min(type === 'header' ? canvas.width : size.w, canvas.width), h: Math.min(size.h, canvas.height) };
}

export function addWidget(state: EditorState, c: Extract<EditorCommand, { type: 'addWidget' }>): Outcome {
  const { doc } = state;
  if (doc.widgets.length >= MAX_WIDGETS) return refuse('tooMany', `a template holds at most ${MAX_WIDGETS} widgets`, { max: MAX_WIDGETS });
  const size = defaultWidgetSize(c.widgetType, doc.canvas);
  const rect = placeRect(finiteRect({ x: c.x, y: c.y, w: c.w, h: c.h }, { x: 0, y: 0, ...size }), doc.canvas);
  const id = freshId(c.widgetType, new Set(doc.widgets.map((w) => w.id)));
  let base = doc;
  let z = topZ(doc.widgets) + 1;
  if (z > MAX_Z) {
    base = renumberZ(doc, stackOrder(doc.widgets).map((w) => w.id));
    z = doc.widgets.length;
  }
  const widget = {
    id, type: c.widgetType, ...rect, z, props: c.props ?? {}, ...(c.title ? { title: c.title } : {}),
  } as EditorWidget;
  return { ...state, doc: { ...base, widgets: [...base.widgets, widget] }, selection: [id] };
}

/** Moves the unlocked widgets of `ids` together, the group's box stopping at the canvas border. */
export function moveWidgets(state: EditorState, ids: readonly string[], dx: number, dy: number): Outcome {
  const { doc } = state;
  const moving = widgetsOf(doc, ids).filter((w) => !w.locked);
  const box = boundsOf(moving.map(rectOf));
  if (!box) return state;
  const { width, height } = doc.canvas;
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return state;
  const cx = Math.min(Math.max(Math.round(dx), Math.min(0, -box.x)), Math.max(0, width - box.x - box.w));
  const cy = Math.min(Math.max(Math.round(dy), Math.min(0, -box.y)), Math.max(0, height - box.y - box.h));
  if (cx === 0 && cy === 0) return state;
  const set = new Set(moving.map((w) => w.id));
  return { ...state, doc: mapWidgets(doc, (w) => (set.has(w.id) ? { ...w, x: w.x + cx, y: w.y + cy } : w)) };
}

const STEP: Record<NudgeDirection, [number, number]> = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] };

/** Arrow keys: 1 px, with shift 10 px. */
export function nudgeWidgets(state: EditorState, ids: readonly string[], direction: NudgeDirection, shift: boolean): Outcome {
  const [sx, sy] = STEP[direction];
  const step = shift ? 10 : 1;
  return moveWidgets(state, ids, sx * step, sy * step);
}

function updateWidget(state: EditorState, id: string, fn: (w: EditorWidget) => EditorWidget): EditorState {
  const doc = mapWidgets(state.doc, (w) => (w.id === id ? fn(w) : w));
  return doc === state.doc ? state : { ...state, doc };
}

/** A resize handle's rectangle: edges stop at the canvas border, at least 8×8. */
export function resizeWidget(state: EditorState, id: string, rect: Rect): Outcome {
  return updateWidget(state, id, (w) => (w.locked ? w : withRect(w, clipRect(finiteRect(rect, rectOf(w)), state.doc.canvas))));
}

/** Typed position or size: the size kept where it fits, the widget moved inside the canvas. */
export function setRect(state: EditorState, id: string, rect: Partial<Rect>): Outcome {
  return updateWidget(state, id, (w) => (w.locked ? w : withRect(w, placeRect(finiteRect(rect, rectOf(w)), state.doc.canvas))));
}

/** Merges props; a key set to undefined is removed. */
export function setProps(state: EditorState, id: string, patch: Record<string, unknown>): Outcome {
  return updateWidget(state, id, (w) => {
    const props: Record<string, unknown> = { ...w.props };
    let changed = false;
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) {
        if (key in props) {
          delete props[key];
          changed = true;
        }
      } else if (!deepEqual(props[key], value)) {
        props[key] = value;
        changed = true;
      }
    }
    return changed ? ({ ...w, props } as EditorWidget) : w;
  });
}

/**
 * Sets the title, the layers-panel name or the data binding; an empty text or undefined removes
 * it. Texts are kept as typed (the schema trims them on save), so typing a space is not undone.
 */
export function setWidgetField(state: EditorState, id: string, field: 'title' | 'name' | 'source', value: string | Binding | undefined): Outcome {
  if (field === 'source' && value !== undefined) {
    const sourceId = (value as Binding).sourceId;
    if (!state.doc.sources.some((s) => s.id === sourceId)) return refuse('unknownSource', `unknown source "${sourceId}"`, { source: sourceId });
  }
  return updateWidget(state, id, (w) => {
    if (value === undefined || value === '') return field in w ? without(w, field) : w;
    return deepEqual(w[field], value) ? w : { ...w, [field]: value };
  });
}

/** Removes widgets (locked ones too: the lock guards geometry, not existence). */
export function deleteWidgets(state: EditorState, ids: readonly string[]): Outcome {
  const set = new Set(ids);
  if (!state.doc.widgets.some((w) => set.has(w.id))) return state;
  const doc = dropLoneGroups({ ...state.doc, widgets: state.doc.widgets.filter((w) => !set.has(w.id)) });
  return { ...state, doc, selection: state.selection.filter((id) => !set.has(id)) };
}

/** Sets or clears `locked` / `hidden` (a cleared flag is removed, not stored as false). Hidden widgets leave the selection. */
export function setFlag(state: EditorState, ids: readonly string[], flag: 'locked' | 'hidden', on: boolean): Outcome {
  const set = new Set(ids);
  const doc = mapWidgets(state.doc, (w) => {
    if (!set.has(w.id) || !!w[flag] === on) return w;
    return on ? { ...w, [flag]: true } : without(w, flag);
  });
  if (doc === state.doc) return state;
  const selection = flag === 'hidden' && on ? state.selection.filter((id) => !set.has(id)) : state.selection;
  return { ...state, doc, selection };
}
