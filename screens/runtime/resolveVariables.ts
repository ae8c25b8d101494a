import type { DataSource, ScreenTemplate, Widget } from '../../contract/screen-template';
import type { ParamValue } from './types';

export type VariableValues = Record<string, ParamValue>;

const REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const WHOLE_REF = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/**
 * The variables' values: what the address gives (`?projectId=3`) when it suits the type, else
 * the template's default. A variable with neither stays unset and is reported in `missing`.
 */
export function variableValues(template: ScreenTemplate, given: Record<string, string | undefined>): { values: VariableValues; missing: string[] } {
  const values: VariableValues = {};
  const missing: string[] = [];
  for (const v of template.variables) {
    const raw = given[v.name];
    const numeric = v.type !== 'string';
    let value: ParamValue | undefined;
    if (raw !== undefined && raw !== '') {
      if (!numeric) value = raw;
      else if (/^-?\d+(\.\d+)?$/.test(raw)) value = Number(raw);
    }
    value ??= v.default;
    if (value === undefined) missing.push(v.name);
    else values[v.name] = value;
  }
  return { values, missing };
}

/** `text` with each `${name}` replaced by its value (an unset one by the empty string). */
export function substitute(text: string, values: VariableValues): string {
  return text.replace(REF, (_, name: string) => (values[name] === undefined ? '' : String(values[name])));
}

/** A param that is exactly `${name}` keeps the value's type (a number stays a number). */
function substituteParam(value: ParamValue, values: VariableValues): ParamValue {
  if (typeof value !== 'string') return value;
  const whole = WHOLE_REF.exec(value);
  if (whole) return values[whole[1]] ?? '';
  return substitute(value, values);
}

/** The sources with variables filled in: endpoint, params and hub topic. */
export function resolveSources(sources: DataSource[], values: VariableValues): DataSource[] {
  return sources.map((s) => (s.kind === 'hub'
    ? { ...s, topic: substitute(s.topic, values) }
    : {
      ...s,
      endpoint: substitute(s.endpoint, values),
      params: Object.fromEntries(Object.entries(s.params).map(([k, v]) => [k, substituteParam(v, values)])),
    }));
}

/**
 * The sources some shown widget reads (its binding, or its `live` hub source): a source only
 * hidden widgets use, or none, is neither fetched nor subscribed.
 */
export function sourcesInUse(sources: DataSource[], shown: readonly Widget[]): DataSource[] {
  const used = new Set<string>();
  for (const w of shown) {
    if (w.source) used.add(w.source.sourceId);
    const live = (w.props as Record<string, unknown> | undefined)?.live;
    if (typeof live === 'string') used.add(live);
  }
  return sources.filter((s) => used.has(s.id));
}

/** The widgets the wall shows (not those the editor hid), with variables filled in their titles. */
export function resolveWidgets(widgets: Widget[], values: VariableValues): Widget[] {
  return widgets.filter((w) => !w.hidden).map((w) => (w.title && w.title.includes('${') ? { ...w, title: substitute(w.title, values) } : w));
}
