import { WIDGET_SCHEMAS, type WidgetType } from './widgets';
import { dropInvalidProps } from './widgets/readProps';

/**
 * The upgrades of a stored template document (`t_screen_tpl.content`), oldest first:
 * `TEMPLATE_MIGRATIONS[i]` turns a document of version `i + 1` into one of version `i + 2`, so
 * the newest version is `TEMPLATE_MIGRATIONS.length + 1` (SCREEN_TEMPLATE_VERSION; a test keeps
 * the two equal) and v2→v3 is one more function at the end. Each step is pure (its input is not
 * modified) and leaves what it cannot read as it is, for the schema to name.
 */
type Doc = Record<string, unknown>;
type Migration = (doc: Doc) => Doc;

const isObject = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v);
const isWidgetType = (t: unknown): t is WidgetType => typeof t === 'string' && Object.hasOwn(WIDGET_SCHEMAS, t);

/**
 * v1 → v2: widget props become typed. The v1 widgets read their props leniently (a malformed or
 * unknown prop fell back to its default), so each prop the v2 schema rejects or does not know is
 * dropped (a fractional count is floored and an over-long text cut, as v1 read them), and a `live`
 * naming no hub source of the template (v1 folded nothing in then) goes too: the wall shows what
 * it showed. Widgets of an unknown type or without a props object are left for the schema.
 */
function v1ToV2(doc: Doc): Doc {
  const hubIds = new Set(Array.isArray(doc.sources) ? doc.sources.filter((s) => isObject(s) && s.kind === 'hub').map((s) => (s as Doc).id) : []);
  const widgets = Array.isArray(doc.widgets)
    ? doc.widgets.map((w) => {
      if (!isObject(w) || !isWidgetType(w.type) || !isObject(w.props)) return w;
      const props = dropInvalidProps(WIDGET_SCHEMAS[w.type].props, w.props);
      if ('live' in props && !hubIds.has(props.live)) delete props.live;
      return { ...w, props };
    })
    : doc.widgets;
  return { ...doc, version: 2, widgets };
}

export const TEMPLATE_MIGRATIONS: readonly Migration[] = [v1ToV2];

/**
 * The document upgraded to the newest version this code knows. Anything that is not a document
 * of an older known version (a current one, a newer one, no version, not an object) comes back
 * as it is, and the schema then says what is wrong with it (a newer version: that the console
 * must be updated).
 */
export function migrateTemplateDocument(value: unknown): unknown {
  if (!isObject(value)) return value;
  let doc = value;
  while (typeof doc.version === 'number' && Number.isInteger(doc.version) && doc.version >= 1 && doc.version <= TEMPLATE_MIGRATIONS.length) {
    doc = TEMPLATE_MIGRATIONS[doc.version - 1](doc);
  }
  return doc;
}
