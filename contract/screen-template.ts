import { z } from 'zod';
import { Id, PageQuery, paged } from './envelope';

/**
 * The big-screen template document stored in `t_screen_tpl.content` (DESIGN "Contract decisions"):
 * a design canvas, variables (so one template serves many projects), data sources shared by the
 * widgets, and the widgets placed on the canvas. The server validates it on save and the /monitor
 * runtime on load, with the same schema; errors name the field (`widgets.3.source.sourceId: …`).
 */
export const SCREEN_TEMPLATE_VERSION = 1;
export const SCALE_MODES = ['fit', 'fillWidth', 'fillHeight', 'stretch'] as const;
export const VARIABLE_TYPES = ['project', 'region', 'string', 'number'] as const;
export const WIDGET_TYPES = [
  'header', 'kpi', 'trend', 'barRanking', 'pie', 'gauge', 'alarmTicker', 'deviceTable', 'projectMap', 'model3d', 'globe3d',
] as const;
export const HUB_EVENTS = ['measureWarning', 'measureValues', 'deviceState'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ident = z.string().regex(IDENT, 'must be an identifier (letters, digits, _; not starting with a digit)').max(64);
/** `a.b.0.c`: a path into a source's data. */
const dotPath = z.string().regex(/^[A-Za-z0-9_$]+(\.[A-Za-z0-9_$]+)*$/, 'must be a dot path such as list.0.value').max(128);
const COLOUR = /^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|transparent)$/;
const IMAGE_PATH = /^\/(?!\/)[^\s"'()<>\\]+\.(png|jpe?g|webp|svg|gif)$/i;
const VAR_REF = /\$\{([^}]*)\}/g;

export const Canvas = z.strictObject({
  width: z.number().int().positive().max(16384),
  height: z.number().int().positive().max(16384),
  background: z.string().trim().max(512)
    .refine((s) => COLOUR.test(s) || IMAGE_PATH.test(s), 'must be a colour (#rrggbb, rgb(), rgba()) or an image path such as /files/bg.png'),
  scaleMode: z.enum(SCALE_MODES),
});

export const TemplateVariable = z.strictObject({
  name: ident,
  label: z.string().trim().min(1, 'label is required').max(64),
  type: z.enum(VARIABLE_TYPES),
  default: z.union([z.string().max(256), z.number()]).optional(),
});

const paramValue = z.union([z.string().max(256), z.number()]);
export const RestSource = z.strictObject({
  id: ident,
  kind: z.literal('rest'),
  endpoint: z.string().max(256).regex(/^\/(api|app-api)\/[^\s?#]*$/, 'must be a relative path starting with /api/ or /app-api/ (no full URL, no query)'),
  params: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'param names must be identifiers'), paramValue).default({}),
  refreshSeconds: z.number().int().min(5, 'refreshSeconds must be at least 5').max(86400),
});
export const HubSource = z.strictObject({
  id: ident,
  kind: z.literal('hub'),
  topic: z.string().regex(/^(alarms|statistics|(project|device):(\d+|\$\{[A-Za-z_][A-Za-z0-9_]*\}))$/,
    'must be alarms, statistics, project:<id or ${var}> or device:<id or ${var}>'),
  event: z.enum(HUB_EVENTS),
});
export const DataSource = z.discriminatedUnion('kind', [RestSource, HubSource]);
export type DataSource = z.infer<typeof DataSource>;

/** A declarative transform of a source's data: no code, only these steps, in this order. */
export const WidgetTransform = z.strictObject({
  /** Keep only these fields of each item. */
  pick: z.array(dotPath).max(32).optional(),
  sortBy: z.strictObject({ field: dotPath, order: z.enum(['asc', 'desc']).default('desc') }).optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  /** Output field -> path in the item (`{name: 'projectName', value: 'stats.energy'}`). */
  map: z.record(z.string().regex(IDENT, 'map keys must be identifiers'), dotPath).optional(),
});

export const WidgetBinding = z.strictObject({
  sourceId: ident,
  path: dotPath.optional(),
  transform: WidgetTransform.optional(),
});

const coord = z.number().int().min(0);
export const Widget = z.strictObject({
  id: ident,
  type: z.enum(WIDGET_TYPES),
  x: coord,
  y: coord,
  w: z.number().int().min(1),
  h: z.number().int().min(1),
  z: z.number().int().min(0).max(1000).default(0),
  title: z.string().trim().max(128).optional(),
  props: z.record(z.string(), z.unknown()).default({}),
  source: WidgetBinding.optional(),
});
export type Widget = z.infer<typeof Widget>;

type Issue = { path: (string | number)[]; message: string };

/** The checks across fields: unique ids, bindings naming real sources, widgets on the canvas, known variables. */
function crossCheck(t: { canvas: z.infer<typeof Canvas>; variables: z.infer<typeof TemplateVariable>[]; sources: DataSource[]; widgets: Widget[] }): Issue[] {
  const issues: Issue[] = [];
  const unique = (list: { [k: string]: unknown }[], key: string, where: string, what: string) => {
    const seen = new Set<unknown>();
    list.forEach((item, i) => {
      if (seen.has(item[key])) issues.push({ path: [where, i, key], message: `duplicate ${what} "${String(item[key])}"` });
      seen.add(item[key]);
    });
  };
  unique(t.variables, 'name', 'variables', 'variable');
  unique(t.sources, 'id', 'sources', 'source id');
  unique(t.widgets, 'id', 'widgets', 'widget id');

  const vars = new Map(t.variables.map((v) => [v.name, v]));
  t.variables.forEach((v, i) => {
    if (v.default === undefined) return;
    const wantNumber = v.type !== 'string';
    if (wantNumber !== (typeof v.default === 'number')) {
      issues.push({ path: ['variables', i, 'default'], message: `default of a ${v.type} variable must be a ${wantNumber ? 'number' : 'string'}` });
    }
  });
  const refs = (text: string, path: Issue['path']) => {
    for (const m of text.matchAll(VAR_REF)) {
      if (!vars.has(m[1])) issues.push({ path, message: `unknown variable "\${${m[1]}}"` });
    }
  };
  t.sources.forEach((s, i) => {
    if (s.kind === 'hub') return refs(s.topic, ['sources', i, 'topic']);
    refs(s.endpoint, ['sources', i, 'endpoint']);
    for (const [key, value] of Object.entries(s.params)) if (typeof value === 'string') refs(value, ['sources', i, 'params', key]);
  });

  const sourceIds = new Set(t.sources.map((s) => s.id));
  t.widgets.forEach((w, i) => {
    if (w.source && !sourceIds.has(w.source.sourceId)) {
      issues.push({ path: ['widgets', i, 'source', 'sourceId'], message: `unknown source "${w.source.sourceId}"` });
    }
    if (w.x + w.w > t.canvas.width) {
      issues.push({ path: ['widgets', i, 'w'], message: `widget "${w.id}" lies outside the canvas: x + w = ${w.x + w.w} > width ${t.canvas.width}` });
    }
    if (w.y + w.h > t.canvas.height) {
      issues.push({ path: ['widgets', i, 'h'], message: `widget "${w.id}" lies outside the canvas: y + h = ${w.y + w.h} > height ${t.canvas.height}` });
    }
    if (w.title) refs(w.title, ['widgets', i, 'title']);
  });
  return issues;
}

export const ScreenTemplate = z.strictObject({
  version: z.literal(SCREEN_TEMPLATE_VERSION, { error: `version must be ${SCREEN_TEMPLATE_VERSION}` }),
  canvas: Canvas,
  variables: z.array(TemplateVariable).max(16).default([]),
  sources: z.array(DataSource).max(64).default([]),
  widgets: z.array(Widget).min(1, 'a template needs at least one widget').max(200),
}).superRefine((t, ctx) => {
  for (const issue of crossCheck(t)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});
export type ScreenTemplate = z.infer<typeof ScreenTemplate>;

export type ParsedTemplate = { ok: true; template: ScreenTemplate } | { ok: false; error: string };

/**
 * A template from stored JSON text or an already parsed value; on failure the first problem,
 * naming the field: `widgets.3.source.sourceId: unknown source "x"` (the runtime's error panel).
 */
export function parseScreenTemplate(json: unknown): ParsedTemplate {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch {
      return { ok: false, error: 'content: not valid JSON' };
    }
  }
  const result = ScreenTemplate.safeParse(value);
  if (result.success) return { ok: true, template: result.data };
  const issue = result.error.issues[0];
  return { ok: false, error: `${issue.path.length ? issue.path.map(String).join('.') : 'template'}: ${issue.message}` };
}

/** `content` of a save: the document or its JSON text, checked by the schema; errors name the field under `content`. */
export const ScreenTemplateContent = z.unknown().transform((value, ctx): ScreenTemplate => {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a template document or its JSON text (not valid JSON)' });
      return z.NEVER;
    }
  }
  const result = ScreenTemplate.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  ctx.addIssue({ code: 'custom', path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: issue.message });
  return z.NEVER;
});

/** One row of the template lists (never the document nor the thumbnail). */
export const ScreenTemplateSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  /** One of the templates a multi-screen wall opens by default. */
  isDefaultMulti: z.boolean(),
  /** null: a global template, visible to everyone. */
  orgId: z.number().int().nullable(),
  updatedAt: z.number().int(),
  /** The row version (optimistic concurrency: send it back with a save, rename or restore). Not the document's `version`. */
  version: z.number().int(),
  /** The design size from the document's canvas; null when the stored document has none. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  widgetCount: z.number().int(),
  /** Who saved it last (nick name, else user name); null when unknown. */
  updatedBy: z.string().nullable(),
  /** Whether GET /api/t_screen_tpl/{id}/thumbnail has an image. */
  hasThumbnail: z.boolean(),
});
export type ScreenTemplateSummary = z.infer<typeof ScreenTemplateSummary>;
export const ScreenTemplatePage = paged(ScreenTemplateSummary);
export const ScreenTemplateListQuery = PageQuery.extend({ keyword: z.string().trim().max(64).optional() });
/** GET /api/t_screen_tpl/all: what the monitor's template switcher needs. */
export const ScreenTemplateBrief = ScreenTemplateSummary.pick({ id: true, name: true, isDefault: true, isActive: true });
export const ScreenTemplateBriefList = z.array(ScreenTemplateBrief);
/**
 * A template with its content. `content` is the stored document as parsed JSON, unchecked here:
 * the runtime validates it with `parseScreenTemplate` and shows an error panel when it fails.
 */
export const ScreenTemplateRecord = ScreenTemplateSummary.extend({ content: z.unknown() });
export type ScreenTemplateRecord = z.infer<typeof ScreenTemplateRecord>;
export const ScreenTemplateRecordList = z.array(ScreenTemplateRecord);

/**
 * POST /api/t_screen_tpl/save: create (no id) or edit a template. An edit sends the row `version`
 * it read; a stale one answers 409 naming who saved since and when.
 */
export const SaveScreenTemplateBody = z.object({
  id: Id.optional(),
  version: z.number().int().min(1).optional(),
  name: z.string().trim().min(1, 'name is required').max(64),
  content: ScreenTemplateContent,
  isDefault: z.boolean().optional(),
  isActive: z.boolean().optional(),
}).superRefine((b, ctx) => {
  if (b.id !== undefined && b.version === undefined) {
    ctx.addIssue({ code: 'custom', path: ['version'], message: 'version is required when saving an existing template (the version you read)' });
  }
});
