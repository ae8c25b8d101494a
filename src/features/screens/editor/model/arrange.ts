import { dropLoneGroups, mapWidgets, renumberZ, stackOrder, widgetsOf, without } from './docHelpers';
import type { AlignMode, DistributeAxis, EditorState, ZOrderMove } from './editorState';
import type { Outcome } from './refusal';
import { refuse } from './refusal';
import { boundsOf, rectOf } from './geometry';
import { freshId } from './ids';
import type { EditorWidget, Rect } from './types';

/** Widgets that move as one: the members of a group among the targets, or a widget alone. */
interface Unit {
  ids: string[];
  box: Rect;
  locked: boolean;
}

function unitsOf(widgets: readonly EditorWidget[]): Unit[] {
  const byKey = new Map<string, EditorWidget[]>();
  for (const w of widgets) {
    const key = w.group ? `g:${w.group}` : `w:${w.id}`;
    byKey.set(key, [...(byKey.get(key) ?? []), w]);
  }
  return [...byKey.values()].map((members) => ({
    ids: members.map((m) => m.id),
    box: boundsOf(members.map(rectOf))!,
    locked: members.some((m) => m.locked),
  }));
}

function shiftUnits(state: EditorState, moves: Map<string, [number, number]>): EditorState {
  const doc = mapWidgets(state.doc, (w) => {
    const d = moves.get(w.id);
    return !d || (d[0] === 0 && d[1] === 0) ? w : { ...w, x: w.x + d[0], y: w.y + d[1] };
  });
  return doc === state.doc ? state : { ...state, doc };
}

/**
 * Aligns the targets to the bounds of all of them (locked ones count for the bounds but stay);
 * a single widget or group aligns to the canvas. A group moves as one piece.
 */
export function alignWidgets(state: EditorState, ids: readonly string[], mode: AlignMode): Outcome {
  const units = unitsOf(widgetsOf(state.doc, ids));
  if (units.length === 0) return state;
  const ref: Rect = units.length === 1
    ? { x: 0, y: 0, w: state.doc.canvas.width, h: state.doc.canvas.height }
    : boundsOf(units.map((u) => u.box))!;
  const moves = new Map<string, [number, number]>();
  for (const u of units) {
    if (u.locked) continue;
    const b = u.box;
    let dx = 0;
    let dy = 0;
    if (mode === 'left') dx = ref.x - b.x;
    else if (mode === 'hCentre') dx = Math.round(ref.x + (ref.w - b.w) / 2) - b.x;
    else if (mode === 'right') dx = ref.x + ref.w - b.w - b.x;
    else if (mode === 'top') dy = ref.y - b.y;
    else if (mode === 'vMiddle') dy = Math.round(ref.y + (ref.h - b.h) / 2) - b.y;
    else dy = ref.y + ref.h - b.h - b.y;
    for (const id of u.ids) moves.set(id, [dx, dy]);
  }
  return shiftUnits(state, moves);
}

/**
 * Equal gaps between the targets along an axis: the first and last (by position) stay, the
 * others move. Needs three or more unlocked widgets or groups; locked ones are left out.
 */
export function distributeWidgets(state: EditorState, ids: readonly string[], axis: DistributeAxis): Outcome {
  const units = unitsOf(widgetsOf(state.doc, ids)).filter((u) => !u.locked);
  if (units.length < 3) return refuse('tooFew', 'distributing needs at least 3 unlocked widgets', { min: 3 });
  const [pos, size] = axis === 'horizontal' ? (['x', 'w'] as const) : (['y', 'h'] as const);
  units.sort((a, b) => a.box[pos] - b.box[pos] || a.box[size] - b.box[size]);
  const first = units[0].box;
  const last = units[units.length - 1].box;
  const total = units.reduce((s, u) => s + u.box[size], 0);
  const gap = (last[pos] + last[size] - first[pos] - total) / (units.length - 1);
  const moves = new Map<string, [number, number]>();
  let used = 0;
  units.forEach((u, i) => {
    const target = i === units.length - 1 ? last[pos] : Math.round(first[pos] + used + i * gap);
    used += u.box[size];
    const d = target - u.box[pos];
    for (const id of u.ids) moves.set(id, axis === 'horizontal' ? [d, 0] : [0, d]);
  });
  return shiftUnits(state, moves);
}

/** Puts the targets in a new group (leaving any group they were in); they stay selected as the group. */
export function groupWidgets(state: EditorState, ids: readonly string[]): Outcome {
  const targets = widgetsOf(state.doc, ids);
  if (targets.length < 2) return refuse('tooFew', 'grouping needs at least 2 widgets', { min: 2 });
  const group = freshId('group', new Set(state.doc.widgets.map((w) => w.group).filter((g): g is string => !!g)));
  const set = new Set(targets.map((w) => w.id));
  const doc = dropLoneGroups(mapWidgets(state.doc, (w) => (set.has(w.id) ? { ...w, group } : w)));
  return { ...state, doc, selection: targets.map((w) => w.id) };
}

/** Dissolves the groups the targets belong to (all their members, as selecting one selects all). */
export function ungroupWidgets(state: EditorState, ids: readonly string[]): Outcome {
  const groups = new Set(widgetsOf(state.doc, ids).map((w) => w.group).filter((g): g is string => !!g));
  if (groups.size === 0) return state;
  return { ...state, doc: mapWidgets(state.doc, (w) => (w.group && groups.has(w.group) ? without(w, 'group') : w)) };
}

/**
 * Bring forward / send backward one step past the next unselected widget, or to the front / back;
 * the selected widgets keep their order among themselves. z is then renumbered 0, 1, 2, … bottom
 * to top, ties broken by list order as the runtime paints them.
 */
export function reorderWidgets(state: EditorState, ids: readonly string[], move: ZOrderMove): Outcome {
  const known = new Set(state.doc.widgets.map((w) => w.id));
  const picked = new Set(ids.filter((id) => known.has(id)));
  if (picked.size === 0) return state;
  const before = stackOrder(state.doc.widgets).map((w) => w.id);
  let order = [...before];
  if (move === 'front') order = [...order.filter((id) => !picked.has(id)), ...order.filter((id) => picked.has(id))];
  else if (move === 'back') order = [...order.filter((id) => picked.has(id)), ...order.filter((id) => !picked.has(id))];
  else if (move === 'forward') {
    for (let i = order.length - 2; i >= 0; i--) {
      if (picked.has(order[i]) && !picked.has(order[i + 1])) [order[i], order[i + 1]] = [order[i + 1], order[i]];
    }
  } else {
    for (let i = 1; i < order.length; i++) {
      if (picked.has(order[i]) && !picked.has(order[i - 1])) [order[i], order[i - 1]] = [order[i - 1], order[i]];
    }
  }
  if (order.every((id, i) => id === before[i])) return state;
  return { ...state, doc: renumberZ(state.doc, order) };
}
