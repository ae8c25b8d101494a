import { z } from 'zod';
import {
  Canvas, DataSource as DataSourceSchema, SCREEN_TEMPLATE_VERSION, TemplateVariable as VariableSchema, Widget as WidgetSchema,
} from '../../../../../contract/screen-template';
import type { DataSource, EditorDoc, EditorWidget, TemplateVariable } from './types';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const EDITOR_FIELDS = ['name', 'group', 'locked', 'hidden'] as const;
const EditorFields = z.strictObject({
  name: z.string().max(64).optional(),
  group: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an identifier').max(64).optional(),
  locked: z.boolean().optional(),
  hidden: z.boolean().optional(),
});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function issueText(error: z.ZodError, path: (string | number)[]): string {
  const issue = error.issues[0];
  const full = [...path, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
  return `${full.join('.')}: ${issue.message}`;
}

/**
 * One widget, checked by the template schema (its props by its type's schema) plus the editor's
 * own fields (kept apart so this reads documents of version 1 and 2 alike).
 */
export function parseEditorWidget(value: unknown, path: (string | number)[]): Parsed<EditorWidget> {
  if (!isRecord(value)) return { ok: false, error: `${path.join('.')}: must be an object` };
  const own: Record<string, unknown> = {};
  const rest: Record<string, unknown> = { ...value };
  for (const key of EDITOR_FIELDS) {
    if (key in rest) {
      own[key] = rest[key];
      delete rest[key];
    }
  }
  const base = WidgetSchema.safeParse(rest);
  if (!base.success) return { ok: false, error: issueText(base.error, path) };
  const extra = EditorFields.safeParse(own);
  if (!extra.success) return { ok: false, error: issueText(extra.error, path) };
  // The props as they were (checked, but without the defaults the schema fills in), so a draft
  // or a copy comes back exactly as it was written.
  const props = isRecord(value.props) ? value.props : base.data.props;
  return { ok: true, value: { ...base.data, ...extra.data, props } as EditorWidget };
}

function parseList<T>(value: unknown, path: string, max: number, item: (v: unknown, p: (string | number)[]) => Parsed<T>): Parsed<T[]> {
  if (value === undefined) return { ok: true, value: [] };
  if (!Array.isArray(value)) return { ok: false, error: `${path}: must be a list` };
  if (value.length > max) return { ok: false, error: `${path}: at most ${max} allowed` };
  const out: T[] = [];
  for (let i = 0; i < value.length; i++) {
    const r = item(value[i], [path, i]);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return { ok: true, value: out };
}

const bySchema = <T>(schema: z.ZodType<T>) => (v: unknown, p: (string | number)[]): Parsed<T> => {
  const r = schema.safeParse(v);
  return r.success ? { ok: true, value: r.data } : { ok: false, error: issueText(r.error, p) };
};

export const parseSources = (value: unknown, path = 'sources') => parseList<DataSource>(value, path, 64, bySchema(DataSourceSchema));
export const parseVariables = (value: unknown, path = 'variables') => parseList<TemplateVariable>(value, path, 16, bySchema(VariableSchema));
export const parseWidgets = (value: unknown, path = 'widgets', max = 200) => parseList<EditorWidget>(value, path, max, parseEditorWidget);

/**
 * A document as the editor may hold it mid-edit: every part checked by the template schema, but
 * not the checks across parts nor "at least one widget", so an unfinished draft can be restored.
 * Saving runs the full schema.
 */
export function parseEditorDoc(value: unknown, path = 'doc'): Parsed<EditorDoc> {
  if (!isRecord(value)) return { ok: false, error: `${path}: must be a template document` };
  if (value.version !== SCREEN_TEMPLATE_VERSION) return { ok: false, error: `${path}.version: must be ${SCREEN_TEMPLATE_VERSION}` };
  const known = new Set(['version', 'canvas', 'variables', 'sources', 'widgets']);
  const stray = Object.keys(value).find((k) => !known.has(k));
  if (stray) return { ok: false, error: `${path}.${stray}: unknown field` };
  const canvas = Canvas.safeParse(value.canvas);
  if (!canvas.success) return { ok: false, error: issueText(canvas.error, [path, 'canvas']) };
  const variables = parseVariables(value.variables, `${path}.variables`);
  if (!variables.ok) return variables;
  const sources = parseSources(value.sources, `${path}.sources`);
  if (!sources.ok) return sources;
  if (!Array.isArray(value.widgets)) return { ok: false, error: `${path}.widgets: must be a list` };
  const widgets = parseWidgets(value.widgets, `${path}.widgets`);
  if (!widgets.ok) return widgets;
  const doc = { version: SCREEN_TEMPLATE_VERSION, canvas: canvas.data, variables: variables.value, sources: sources.value, widgets: widgets.value };
  return { ok: true, value: doc as EditorDoc };
}
