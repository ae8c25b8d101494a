import type { OptionSource, ResourceDefinition, Text } from '../../../../contract/resources/kit';

export type Language = 'zh' | 'en';
/** The parts of a definition that carry texts, each keyed by column, field or filter name. */
export type TextPart = 'columns' | 'fields' | 'help' | 'filters';
type Labelled = { name: string; label: Text; options?: OptionSource };

/** The i18next key (namespace `admin`) of one of a definition's texts: `res.<resource>.<part>.<name>`. */
export function resourceKey(def: ResourceDefinition, ...path: (string | number)[]): string {
  return ['res', def.name, ...path].join('.');
}

/**
 * The key of a fixed option's label. Options are keyed by position, not value: a value may hold
 * the dots and colons i18next reads as separators.
 */
export function optionKey(def: ResourceDefinition, part: Exclude<TextPart, 'help'>, name: string, source: OptionSource | undefined, value: unknown): string | undefined {
  if (!source || !('values' in source)) return undefined;
  const index = source.values.findIndex((v) => String(v.value) === String(value));
  return index < 0 ? undefined : resourceKey(def, `${part}Options`, name, index);
}

function labels(items: readonly Labelled[], language: Language): Record<string, string> {
  return Object.fromEntries(items.map((i) => [i.name, i.label[language]]));
}

function options(items: readonly Labelled[], language: Language): Record<string, Record<number, string>> {
  const out: Record<string, Record<number, string>> = {};
  for (const item of items) {
    if (item.options && 'values' in item.options) out[item.name] = Object.fromEntries(item.options.values.map((v, i) => [i, v.label[language]]));
  }
  return out;
}

/** A definition's texts in one language, as the `res.<resource>` subtree of the `admin` namespace. */
export function resourceStrings(def: ResourceDefinition, language: Language) {
  return {
    title: def.title[language],
    noun: def.noun[language],
    columns: labels(def.columns, language),
    fields: labels(def.fields, language),
    help: Object.fromEntries(def.fields.filter((f) => f.help).map((f) => [f.name, f.help![language]])),
    filters: labels(def.filters, language),
    columnsOptions: options(def.columns, language),
    fieldsOptions: options(def.fields, language),
    filtersOptions: options(def.filters, language),
  };
}
