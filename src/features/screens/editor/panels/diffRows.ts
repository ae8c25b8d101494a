import type { z } from 'zod';
import type { WidgetType } from '../../../../../contract/screen-template';
import { WIDGET_SCHEMAS } from '../../../../../contract/widgets';
import type { I18nText } from '../../../../../contract/widgets/meta';
import type { TemplateDiff } from '../model/diff';
import type { EditorDoc, EditorWidget, Rect } from '../model/types';

/** How a widget's rectangle changed. */
export type RectChange = 'moved' | 'resized' | 'movedResized';

/** One line of a comparison of two revisions. */
export type DiffRow =
  | {
    kind: 'widget';
    change: 'added' | 'removed' | 'modified';
    id: string;
    type: WidgetType;
    /** The widget's layers-panel name or title, else its id. */
    label: string;
    rect?: { change: RectChange; from: Rect; to: Rect };
    /** The changed fields (`title`, `source.path`, `props.unit`, …), with their property-panel label for props. */
    fields: { field: string; label?: I18nText }[];
  }
  | { kind: 'canvas'; field: string; from: unknown; to: unknown }
  | { kind: 'source' | 'variable'; change: 'added' | 'removed' | 'changed'; id: string };

const labelOf = (w: EditorWidget) => w.name?.trim() || w.title?.trim() || w.id;

export function rectChange(from: Rect, to: Rect): RectChange {
  const moved = from.x !== to.x || from.y !== to.y;
  const resized = from.w !== to.w || from.h !== to.h;
  return moved && resized ? 'movedResized' : moved ? 'moved' : 'resized';
}

/** The property panel's label of a prop of a widget type, from its schema's metadata. */
export function propLabel(type: WidgetType, key: string): I18nText | undefined {
  const shape = WIDGET_SCHEMAS[type]?.props.shape as Record<string, z.ZodType> | undefined;
  return shape?.[key]?.meta()?.label;
}

/**
 * A comparison as rows to show: one per widget that was added, removed, or modified (its moves
 * and resizes with the old and new rectangle, and the fields that changed, merged), then the
 * canvas fields, the sources and the variables. Widgets come in this order: added, removed,
 * modified, each in its document's order.
 */
export function diffRows(diff: TemplateDiff, before: EditorDoc, after: EditorDoc): DiffRow[] {
  const rows: DiffRow[] = [];
  const widget = (change: 'added' | 'removed', w: EditorWidget): DiffRow => ({ kind: 'widget', change, id: w.id, type: w.type, label: labelOf(w), fields: [] });
  for (const w of diff.added) rows.push(widget('added', w));
  for (const w of diff.removed) rows.push(widget('removed', w));

  const moves = new Map(diff.moved.map((m) => [m.id, m]));
  const changes = new Map(diff.changed.map((c) => [c.id, c]));
  for (const w of after.widgets) {
    const move = moves.get(w.id);
    const change = changes.get(w.id);
    if (!move && !change) continue;
    const was = before.widgets.find((b) => b.id === w.id);
    rows.push({
      kind: 'widget',
      change: 'modified',
      id: w.id,
      type: w.type,
      label: labelOf(w),
      ...(move ? { rect: { change: rectChange(move.from, move.to), from: move.from, to: move.to } } : {}),
      fields: (change?.fields ?? []).map((field) => {
        if (!field.startsWith('props.')) return { field };
        const key = field.slice('props.'.length);
        const label = propLabel(w.type, key) ?? (was ? propLabel(was.type, key) : undefined);
        return label ? { field, label } : { field };
      }),
    });
  }
  for (const c of diff.canvas) rows.push({ kind: 'canvas', field: c.field, from: c.from, to: c.to });
  for (const [kind, list] of [['source', diff.sources], ['variable', diff.variables]] as const) {
    for (const id of list.added) rows.push({ kind, change: 'added', id });
    for (const id of list.removed) rows.push({ kind, change: 'removed', id });
    for (const id of list.changed) rows.push({ kind, change: 'changed', id });
  }
  return rows;
}

/** A rectangle as the comparison shows it: `(10, 20) 300×200`. */
export const formatRect = (r: Rect) => `(${r.x}, ${r.y}) ${r.w}×${r.h}`;
