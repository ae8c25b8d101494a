import { parseSources, parseVariables, parseWidgets } from './docSchema';
import type { DataSource, EditorDoc, EditorWidget, TemplateVariable } from './types';
import { MAX_WIDGETS } from './limits';
import { variablesUsed } from './variableRefs';

/** Marks our clipboard text among whatever else the system clipboard holds. */
export const CLIPBOARD_FORMAT = 'nv-console/screen-widgets';
export const CLIPBOARD_VERSION = 1;
/** Longer clipboard text is refused unread. */
export const MAX_CLIPBOARD_CHARS = 2_000_000;

/** Copied widgets with what they need to work in another template. */
export interface ClipboardContent {
  widgets: EditorWidget[];
  /** The sources the widgets bind to. */
  sources: DataSource[];
  /** The variables those sources and the widgets' titles name. */
  variables: TemplateVariable[];
}

export type ParsedClipboard = { ok: true; content: ClipboardContent } | { ok: false; error: string };

/** The widgets of `ids` (document order) and what they depend on. */
export function copyContent(doc: EditorDoc, ids: readonly string[]): ClipboardContent {
  const set = new Set(ids);
  const widgets = doc.widgets.filter((w) => set.has(w.id));
  const bound = new Set(widgets.map((w) => w.source?.sourceId));
  const sources = doc.sources.filter((s) => bound.has(s.id));
  const used = variablesUsed(sources, widgets);
  return { widgets, sources, variables: doc.variables.filter((v) => used.has(v.name)) };
}

/** Text for the system clipboard (JSON, versioned), readable by any template's editor. */
export function serialiseClipboard(doc: EditorDoc, ids: readonly string[]): string {
  const content = copyContent(doc, ids);
  return JSON.stringify({ format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION, ...content });
}

/**
 * Reads clipboard text back, checking everything by the template schema: widgets, their
 * bindings to the included sources, unique ids. Anything else is refused with the reason.
 */
export function parseClipboard(text: string): ParsedClipboard {
  if (text.length > MAX_CLIPBOARD_CHARS) return { ok: false, error: `clipboard: too large (over ${MAX_CLIPBOARD_CHARS} characters)` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'clipboard: not copied widgets (not JSON)' };
  }
  if (typeof value !== 'object' || value === null || (value as { format?: unknown }).format !== CLIPBOARD_FORMAT) {
    return { ok: false, error: 'clipboard: not copied widgets' };
  }
  const v = value as Record<string, unknown>;
  if (v.version !== CLIPBOARD_VERSION) return { ok: false, error: `clipboard.version: must be ${CLIPBOARD_VERSION}` };
  if (!Array.isArray(v.widgets) || v.widgets.length === 0) return { ok: false, error: 'clipboard.widgets: no widgets' };
  const widgets = parseWidgets(v.widgets, 'widgets', MAX_WIDGETS);
  if (!widgets.ok) return widgets;
  const sources = parseSources(v.sources);
  if (!sources.ok) return sources;
  const variables = parseVariables(v.variables);
  if (!variables.ok) return variables;

  const dup = <T>(list: T[], key: (t: T) => string) => list.map(key).find((k, i, all) => all.indexOf(k) !== i);
  const dupWidget = dup(widgets.value, (w) => w.id);
  if (dupWidget !== undefined) return { ok: false, error: `widgets: duplicate widget id "${dupWidget}"` };
  const dupSource = dup(sources.value, (s) => s.id);
  if (dupSource !== undefined) return { ok: false, error: `sources: duplicate source id "${dupSource}"` };
  const dupVariable = dup(variables.value, (x) => x.name);
  if (dupVariable !== undefined) return { ok: false, error: `variables: duplicate variable "${dupVariable}"` };
  const sourceIds = new Set(sources.value.map((s) => s.id));
  const unbound = widgets.value.findIndex((w) => w.source && !sourceIds.has(w.source.sourceId));
  if (unbound >= 0) return { ok: false, error: `widgets.${unbound}.source.sourceId: unknown source "${widgets.value[unbound].source!.sourceId}"` };
  const varNames = new Set(variables.value.map((x) => x.name));
  const missing = [...variablesUsed(sources.value, widgets.value)].find((name) => !varNames.has(name));
  if (missing !== undefined) return { ok: false, error: `variables: unknown variable "\${${missing}}"` };
  return { ok: true, content: { widgets: widgets.value, sources: sources.value, variables: variables.value } };
}
