import { Canvas, DataSource as DataSourceSchema, TemplateVariable as VariableSchema } from '../../../../../contract/screen-template';
import type { z } from 'zod';
import { deepEqual } from './deepEqual';
import { mapWidgets } from './docHelpers';
import type { EditorCommand, EditorState } from './editorState';
import { CANVAS_PRESETS, MAX_SOURCES, MAX_VARIABLES } from './limits';
import type { Outcome } from './refusal';
import { refuse } from './refusal';
import { placeRect, rectOf, withRect } from './geometry';
import type { DataSource, Guides, TemplateVariable } from './types';
import { refsIn, renameInSource, renameInTitle, variablesUsed } from './variableRefs';

function firstIssue(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0];
  return `${[prefix, ...issue.path.map(String)].join('.')}: ${issue.message}`;
}

/**
 * Canvas size (a preset or custom), background and scale mode. Widgets are kept on a smaller
 * canvas (moved in, cut down if bigger than it); `scaleWidgets` scales the layout with the size
 * instead (1920×1080 → 3840×2160 doubles every widget).
 */
export function setCanvas(state: EditorState, c: Extract<EditorCommand, { type: 'setCanvas' }>): Outcome {
  const { canvas } = state.doc;
  const next = { ...canvas };
  if (c.size !== undefined) {
    const size = typeof c.size === 'string' ? CANVAS_PRESETS[c.size] : c.size;
    const width = Canvas.shape.width.safeParse(size.width);
    if (!width.success) return refuse('invalid', firstIssue(width.error, 'canvas.width'), { field: 'canvas.width' });
    const height = Canvas.shape.height.safeParse(size.height);
    if (!height.success) return refuse('invalid', firstIssue(height.error, 'canvas.height'), { field: 'canvas.height' });
    next.width = width.data;
    next.height = height.data;
  }
  if (c.background !== undefined) {
    const bg = Canvas.shape.background.safeParse(c.background);
    if (!bg.success) return refuse('invalid', firstIssue(bg.error, 'canvas.background'), { field: 'canvas.background' });
    next.background = bg.data;
  }
  if (c.scaleMode !== undefined) next.scaleMode = c.scaleMode;
  if (deepEqual(next, canvas)) return state;
  const sx = next.width / canvas.width;
  const sy = next.height / canvas.height;
  const doc = mapWidgets({ ...state.doc, canvas: next }, (w) => {
    const r = rectOf(w);
    const scaled = c.scaleWidgets ? { x: r.x * sx, y: r.y * sy, w: r.w * sx, h: r.h * sy } : r;
    return withRect(w, placeRect(scaled, next, 1));
  });
  return { ...state, doc };
}

/** Sets one axis of the user guides (rounded to design pixels). */
export function setGuides(state: EditorState, axis: keyof Guides, positions: readonly number[]): Outcome {
  const next = positions.filter((p) => Number.isFinite(p)).map((p) => Math.round(p));
  const now = state.guides[axis];
  if (next.length === now.length && next.every((p, i) => p === now[i])) return state;
  return { ...state, guides: { ...state.guides, [axis]: next } };
}

function checkSource(state: EditorState, source: DataSource): { ok: true; source: DataSource } | { refused: ReturnType<typeof refuse>['refused'] } {
  const parsed = DataSourceSchema.safeParse(source);
  if (!parsed.success) return refuse('invalid', firstIssue(parsed.error, 'source'), { field: 'source' });
  const known = new Set(state.doc.variables.map((v) => v.name));
  const unknown = [...variablesUsed([parsed.data], [])].find((name) => !known.has(name));
  if (unknown !== undefined) return refuse('unknownVariable', `unknown variable "\${${unknown}}"`, { variable: unknown });
  return { ok: true, source: parsed.data };
}

export function addSource(state: EditorState, source: DataSource): Outcome {
  const { sources } = state.doc;
  if (sources.length >= MAX_SOURCES) return refuse('tooMany', `a template holds at most ${MAX_SOURCES} data sources`, { max: MAX_SOURCES });
  if (sources.some((s) => s.id === source.id)) return refuse('duplicateId', `a source "${source.id}" exists already`, { source: source.id });
  const checked = checkSource(state, source);
  if ('refused' in checked) return checked;
  return { ...state, doc: { ...state.doc, sources: [...sources, checked.source] } };
}

/** Replaces a source; a new id is carried into the bindings of the widgets that used the old one. */
export function editSource(state: EditorState, id: string, source: DataSource): Outcome {
  const { sources } = state.doc;
  const index = sources.findIndex((s) => s.id === id);
  if (index < 0) return refuse('unknownSource', `unknown source "${id}"`, { source: id });
  if (source.id !== id && sources.some((s) => s.id === source.id)) {
    return refuse('duplicateId', `a source "${source.id}" exists already`, { source: source.id });
  }
  const checked = checkSource(state, source);
  if ('refused' in checked) return checked;
  if (deepEqual(sources[index], checked.source)) return state;
  let doc = { ...state.doc, sources: sources.map((s, i) => (i === index ? checked.source : s)) };
  if (source.id !== id) {
    doc = mapWidgets(doc, (w) => (w.source?.sourceId === id ? { ...w, source: { ...w.source, sourceId: source.id } } : w));
  }
  return { ...state, doc };
}

/** Removes a source no widget binds to; refused, naming the widgets, while some do. */
export function removeSource(state: EditorState, id: string): Outcome {
  if (!state.doc.sources.some((s) => s.id === id)) return state;
  const users = state.doc.widgets.filter((w) => w.source?.sourceId === id);
  if (users.length) {
    const names = users.map((w) => w.name || w.title || w.id).join(', ');
    return refuse('sourceInUse', `source "${id}" is used by ${names}`, { source: id, widgets: names, count: users.length });
  }
  return { ...state, doc: { ...state.doc, sources: state.doc.sources.filter((s) => s.id !== id) } };
}

function checkVariable(variable: TemplateVariable): { ok: true; variable: TemplateVariable } | { refused: ReturnType<typeof refuse>['refused'] } {
  const parsed = VariableSchema.safeParse(variable);
  if (!parsed.success) return refuse('invalid', firstIssue(parsed.error, 'variable'), { field: 'variable' });
  const v = parsed.data;
  const wantNumber = v.type !== 'string';
  if (v.default !== undefined && wantNumber !== (typeof v.default === 'number')) {
    return refuse('invalid', `variable.default: default of a ${v.type} variable must be a ${wantNumber ? 'number' : 'string'}`, { field: 'variable.default' });
  }
  return { ok: true, variable: v };
}

export function addVariable(state: EditorState, variable: TemplateVariable): Outcome {
  const { variables } = state.doc;
  if (variables.length >= MAX_VARIABLES) return refuse('tooMany', `a template holds at most ${MAX_VARIABLES} variables`, { max: MAX_VARIABLES });
  if (variables.some((v) => v.name === variable.name)) return refuse('duplicateId', `a variable "${variable.name}" exists already`, { variable: variable.name });
  const checked = checkVariable(variable);
  if ('refused' in checked) return checked;
  return { ...state, doc: { ...state.doc, variables: [...variables, checked.variable] } };
}

/** Replaces a variable; a new name is carried into every `${name}` of the sources and titles. */
export function editVariable(state: EditorState, name: string, variable: TemplateVariable): Outcome {
  const { variables } = state.doc;
  const index = variables.findIndex((v) => v.name === name);
  if (index < 0) return refuse('unknownVariable', `unknown variable "${name}"`, { variable: name });
  if (variable.name !== name && variables.some((v) => v.name === variable.name)) {
    return refuse('duplicateId', `a variable "${variable.name}" exists already`, { variable: variable.name });
  }
  const checked = checkVariable(variable);
  if ('refused' in checked) return checked;
  if (deepEqual(variables[index], checked.variable)) return state;
  let doc = { ...state.doc, variables: variables.map((v, i) => (i === index ? checked.variable : v)) };
  if (variable.name !== name) {
    const sources = doc.sources.map((s) => renameInSource(s, name, variable.name));
    doc = mapWidgets({ ...doc, sources }, (w) => renameInTitle(w, name, variable.name));
  }
  return { ...state, doc };
}

/** Removes a variable nothing names; refused while a source or title names it. */
export function removeVariable(state: EditorState, name: string): Outcome {
  if (!state.doc.variables.some((v) => v.name === name)) return state;
  const inSources = state.doc.sources.filter((s) => variablesUsed([s], []).has(name)).map((s) => s.id);
  const inTitles = state.doc.widgets.filter((w) => w.title && refsIn(w.title).includes(name)).map((w) => w.name || w.id);
  const users = [...inSources, ...inTitles];
  if (users.length) {
    return refuse('variableInUse', `variable "${name}" is used by ${users.join(', ')}`, { variable: name, users: users.join(', '), count: users.length });
  }
  return { ...state, doc: { ...state.doc, variables: state.doc.variables.filter((v) => v.name !== name) } };
}
