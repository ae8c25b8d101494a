import { deepEqual } from './deepEqual';
import { rectOf, sameRect } from './geometry';
import type { Canvas, DataSource, EditorDoc, EditorWidget, Rect, TemplateVariable } from './types';

export interface WidgetMove {
  id: string;
  from: Rect;
  to: Rect;
}

export interface WidgetChange {
  id: string;
  /** What changed: `type`, `title`, `name`, `z`, `group`, `locked`, `hidden`, `source.sourceId`, `source.path`, `source.transform`, `props.<key>`. */
  fields: string[];
}

export interface ListChange {
  added: string[];
  removed: string[];
  changed: string[];
}

export interface TemplateDiff {
  added: EditorWidget[];
  removed: EditorWidget[];
  /** Moved or resized. */
  moved: WidgetMove[];
  changed: WidgetChange[];
  canvas: { field: keyof Canvas; from: unknown; to: unknown }[];
  sources: ListChange;
  variables: ListChange;
  summary: {
    added: number;
    removed: number;
    moved: number;
    changed: number;
    canvas: number;
    sources: number;
    variables: number;
    /** All of the above; 0 when the documents are the same. */
    total: number;
  };
}

function widgetFields(a: EditorWidget, b: EditorWidget): string[] {
  const fields: string[] = [];
  for (const key of ['type', 'title', 'name', 'z', 'group', 'locked', 'hidden'] as const) {
    if (!deepEqual(a[key], b[key])) fields.push(key);
  }
  for (const key of ['sourceId', 'path', 'transform'] as const) {
    if (!deepEqual(a.source?.[key], b.source?.[key])) fields.push(`source.${key}`);
  }
  const pa = a.props as Record<string, unknown>;
  const pb = b.props as Record<string, unknown>;
  for (const key of [...new Set([...Object.keys(pa), ...Object.keys(pb)])].sort()) {
    if (!deepEqual(pa[key], pb[key])) fields.push(`props.${key}`);
  }
  return fields;
}

function listChange<T>(before: readonly T[], after: readonly T[], key: (t: T) => string): ListChange {
  const a = new Map(before.map((t) => [key(t), t]));
  const b = new Map(after.map((t) => [key(t), t]));
  return {
    added: [...b.keys()].filter((k) => !a.has(k)),
    removed: [...a.keys()].filter((k) => !b.has(k)),
    changed: [...b.keys()].filter((k) => a.has(k) && !deepEqual(a.get(k), b.get(k))),
  };
}

const count = (c: ListChange) => c.added.length + c.removed.length + c.changed.length;

/**
 * What changed from `before` to `after` (two revisions): widgets matched by id are added,
 * removed, moved / resized (old → new rectangle) or changed (which fields); plus the canvas, the
 * sources and the variables. Lists follow `after`'s order (removed ones `before`'s).
 */
export function diffTemplates(before: EditorDoc, after: EditorDoc): TemplateDiff {
  const old = new Map(before.widgets.map((w) => [w.id, w]));
  const now = new Set(after.widgets.map((w) => w.id));
  const added = after.widgets.filter((w) => !old.has(w.id));
  const removed = before.widgets.filter((w) => !now.has(w.id));
  const moved: WidgetMove[] = [];
  const changed: WidgetChange[] = [];
  for (const w of after.widgets) {
    const was = old.get(w.id);
    if (!was || was === w) continue;
    if (!sameRect(rectOf(was), rectOf(w))) moved.push({ id: w.id, from: rectOf(was), to: rectOf(w) });
    const fields = widgetFields(was, w);
    if (fields.length) changed.push({ id: w.id, fields });
  }
  const canvas = (['width', 'height', 'background', 'scaleMode'] as const)
    .filter((f) => before.canvas[f] !== after.canvas[f])
    .map((field) => ({ field, from: before.canvas[field] as unknown, to: after.canvas[field] as unknown }));
  const sources = listChange<DataSource>(before.sources, after.sources, (s) => s.id);
  const variables = listChange<TemplateVariable>(before.variables, after.variables, (v) => v.name);
  const summary = {
    added: added.length,
    removed: removed.length,
    moved: moved.length,
    changed: changed.length,
    canvas: canvas.length,
    sources: count(sources),
    variables: count(variables),
    total: 0,
  };
  summary.total = summary.added + summary.removed + summary.moved + summary.changed + summary.canvas + summary.sources + summary.variables;
  return { added, removed, moved, changed, canvas, sources, variables, summary };
}
