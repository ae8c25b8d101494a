import { z } from 'zod';
import { Id, PageQuery, paged } from './envelope';
import { migrateTemplateDocument } from './screen-template-migrations';
import { WIDGET_SCHEMAS, WIDGET_TYPES } from './widgets';

export { WIDGET_TYPES, type WidgetType } from './widgets';

/**
 * The big-screen template document stored in `t_screen_tpl.content` (DESIGN "Contract decisions"):
 * a design canvas, variables (so one template serves many projects), data sources shared by the
 * widgets, and the widgets placed on the canvas, each with props checked by its type's schema
 * (contract/widgets/). The server validates it on save and the /monitor runtime on load, with the
 * same schema, after upgrading an older document (screen-template-migrations.ts); errors name the
 * field (`widgets.3.source.sourceId: …`, `widgets.3.props.decimals: widget "kpi1": must be at most 6`).
 */
export const SCREEN_TEMPLATE_VERSION = 2;
/** The most widgets one template holds (an editor's 200-widget drag stays within budget). */
export const MAX_WIDGETS = 200;
export const SCALE_MODES = ['fit', 'fillWidth', 'fillHeight', 'stretch'] as const;
export const VARIABLE_TYPES = ['project', 'region', 'string', 'number'] as const;
export const HUB_EVENTS = ['measureWarning', 'measureValues', 'deviceState'] as const;

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
/**
 * A widget as placed, its `props` not yet checked against its type's schema (that is {@link Widget}).
 * `name`, `group`, `locked` and `hidden` are the editor's: the layer's name, the group it belongs
 * to (widgets sharing a `group` move together), locked against moving, hidden (the runtime does
 * not render it).
 */
export const WidgetBase = z.strictObject({
  id: ident,
  type: z.enum(WIDGET_TYPES),
  name: z.string().trim().max(64, 'a layer name is at most 64 characters').optional(),
  group: ident.optional(),
  locked: z.boolean().optional(),
  hidden: z.boolean().optional(),
  x: coord,
  y: coord,
  w: z.number().int().min(1),
  h: z.number().int().min(1),
  z: z.number().int().min(0).max(1000).default(0),
  title: z.string().trim().max(128).optional(),
  props: z.record(z.string(), z.unknown()).default({}),
  source: WidgetBinding.optional(),
});
export type Widget = z.output<typeof WidgetBase>;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

const ordinal = (n: unknown) => String(n);
/**
 * The messages of a props issue, short and in the panel's words: `must be at most 6`,
 * `must be one of auto, amap, offline`, `unknown prop "colr"`. A schema's own message wins.
 */
function propIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const inclusive = (issue as { inclusive?: boolean }).inclusive !== false;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return ({ int: 'must be a whole number', number: 'must be a number', string: 'must be a text', boolean: 'must be true or false',
        array: 'must be a list', object: 'must be an object', record: 'must be an object' } as Record<string, string>)[issue.expected]
        ?? `must be a ${issue.expected}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${ordinal(issue.maximum)} characters`;
      if (issue.origin === 'array') return `must hold at most ${ordinal(issue.maximum)} items`;
      return inclusive ? `must be at most ${ordinal(issue.maximum)}` : `must be below ${ordinal(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'must not be blank' : `must be at least ${ordinal(issue.minimum)} characters`;
      if (issue.origin === 'array') return `must hold at least ${ordinal(issue.minimum)} item${Number(issue.minimum) === 1 ? '' : 's'}`;
      return inclusive ? `must be at least ${ordinal(issue.minimum)}` : `must be above ${ordinal(issue.minimum)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown ${issue.path?.length ? 'key' : 'prop'} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_key':
      return 'is not an allowed key';
    case 'invalid_format':
      return 'has the wrong format';
    default:
      return undefined;
  }
}

type Path = (string | number)[];
const plainPath = (path: PropertyKey[]): Path => path.map((p) => (typeof p === 'symbol' ? String(p) : p));

/**
 * A widget, its props checked by its type's schema (contract/widgets/) with the defaults filled
 * in. An unknown type or a bad prop names the widget: `type: widget "w1": unknown widget type
 * "iframe"`, `props.decimals: widget "kpi1": must be at most 6`, `props.colr: widget "kpi1": unknown prop "colr"`.
 */
export const Widget = z.unknown().transform((value, ctx): Widget => {
  const who = isObject(value) && typeof value.id === 'string' && value.id ? `widget "${value.id}"` : 'widget';
  const add = (path: Path, message: string) => ctx.addIssue({ code: 'custom', path, message });
  const base = WidgetBase.safeParse(value);
  if (!base.success) {
    for (const issue of base.error.issues) {
      const path = plainPath(issue.path);
      if (path[0] === 'type' && isObject(value)) {
        const t = value.type;
        add(path, t === undefined
          ? `${who}: type is required (one of ${WIDGET_TYPES.join(', ')})`
          : `${who}: unknown widget type ${JSON.stringify(t)} (known: ${WIDGET_TYPES.join(', ')})`);
      } else {
        add(path, path[0] === 'props' ? `${who}: props must be an object` : issue.message);
      }
    }
    return z.NEVER;
  }
  const widget = base.data;
  const props = (WIDGET_SCHEMAS[widget.type].props as z.ZodObject).safeParse(widget.props, { error: propIssueMessage });
  if (!props.success) {
    for (const issue of props.error.issues) {
      const path = plainPath(issue.path);
      if (issue.code === 'unrecognized_keys' && issue.keys.length) path.push(issue.keys[0]);
      add(['props', ...path], `${who}: ${issue.message}`);
    }
    return z.NEVER;
  }
  return { ...widget, props: props.data as Record<string, unknown> };
});

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
  const hubIds = new Set(t.sources.filter((s) => s.kind === 'hub').map((s) => s.id));
  t.widgets.forEach((w, i) => {
    if (w.source && !sourceIds.has(w.source.sourceId)) {
      issues.push({ path: ['widgets', i, 'source', 'sourceId'], message: `unknown source "${w.source.sourceId}"` });
    }
    const live = w.props.live;
    if (typeof live === 'string' && !hubIds.has(live)) {
      issues.push({ path: ['widgets', i, 'props', 'live'], message: `widget "${w.id}": ${sourceIds.has(live) ? `source "${live}" is not a hub source` : `unknown source "${live}"`}` });
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

const versionMessage = (input: unknown) => {
  if (input === undefined) return 'version is required';
  if (typeof input === 'number' && input > SCREEN_TEMPLATE_VERSION) {
    return `this template is of version ${input}, newer than this console reads (up to ${SCREEN_TEMPLATE_VERSION}): update the console`;
  }
  return `unsupported template version ${JSON.stringify(input)} (this console reads versions 1 to ${SCREEN_TEMPLATE_VERSION})`;
};

/**
 * The widget list: its size is checked before any widget, so a 10,000-widget import fails fast and
 * says why. It may be empty: a template just created from a blank canvas shows its background.
 */
const WidgetList = z.array(z.unknown(), { error: 'must be a list of widgets' })
  .max(MAX_WIDGETS, { error: (issue) => `a template holds at most ${MAX_WIDGETS} widgets (got ${Array.isArray(issue.input) ? issue.input.length : '?'})` })
  .pipe(z.array(Widget));

/** The current document (version {@link SCREEN_TEMPLATE_VERSION}); parse stored or imported ones with parseScreenTemplate or ScreenTemplateContent, which upgrade older versions first. */
export const ScreenTemplate = z.strictObject({
  version: z.literal(SCREEN_TEMPLATE_VERSION, { error: (issue) => versionMessage(issue.input) }),
  canvas: Canvas,
  variables: z.array(TemplateVariable).max(16).default([]),
  sources: z.array(DataSource).max(64).default([]),
  widgets: WidgetList,
}).superRefine((t, ctx) => {
  for (const issue of crossCheck(t)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});
export type ScreenTemplate = z.infer<typeof ScreenTemplate>;

export type ParsedTemplate = { ok: true; template: ScreenTemplate } | { ok: false; error: string };

/** The document of a value or its JSON text, upgraded to the current version and checked; on failure the first issue. */
function checkDocument(json: unknown): { ok: true; template: ScreenTemplate } | { ok: false; path: Path; message: string } {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch {
      return { ok: false, path: [], message: 'not valid JSON' };
    }
  }
  const result = ScreenTemplate.safeParse(migrateTemplateDocument(value));
  if (result.success) return { ok: true, template: result.data };
  const issue = result.error.issues[0];
  return { ok: false, path: plainPath(issue.path), message: issue.message };
}

/**
 * A template from stored JSON text or an already parsed value, an older version upgraded first;
 * on failure the first problem, naming the field: `widgets.3.source.sourceId: unknown source "x"`
 * (the runtime's error panel).
 */
export function parseScreenTemplate(json: unknown): ParsedTemplate {
  const r = checkDocument(json);
  if (r.ok) return r;
  if (!r.path.length && r.message === 'not valid JSON') return { ok: false, error: 'content: not valid JSON' };
  return { ok: false, error: `${r.path.length ? r.path.join('.') : 'template'}: ${r.message}` };
}

/**
 * `content` of a save or an import: the document or its JSON text, an older version upgraded,
 * checked by the schema; errors name the field under `content`.
 */
export const ScreenTemplateContent = z.unknown().transform((value, ctx): ScreenTemplate => {
  const r = checkDocument(value);
  if (r.ok) return r.template;
  const invalidJson = !r.path.length && r.message === 'not valid JSON';
  ctx.addIssue({ code: 'custom', path: r.path, message: invalidJson ? 'must be a template document or its JSON text (not valid JSON)' : r.message });
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
