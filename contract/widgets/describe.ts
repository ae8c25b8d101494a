import type { z } from 'zod';
import type { I18nText, PropControl } from './meta';

/**
 * What the property panel renders for each kind of field:
 * - `number`, `integer`: a number input within `min`..`max` (`exclusiveMin`/`exclusiveMax`: the
 *   bound itself is not allowed), stepping by `step`;
 * - `boolean`: a switch;
 * - `string` (one line; `control: 'text'` says so explicitly) and `textarea`: a text input of at
 *   most `maxLength` characters; `colour`: a colour picker; `image`: an image path or upload;
 * - `source`: a select of the template's data sources (for `live`: its hub sources);
 * - `enum`: a select of `options` (`control: 'icon'`: show the icons' glyphs);
 * - `stringList`, `numberList`, `colourList`: an ordered list of `minItems`..`maxItems` items,
 *   each as `item` describes;
 * - `record`: key → value rows, the key as `key` describes (always `string`), the value as `value`
 *   (a `string`, `textarea`, `colour`, `number`, `integer` or `boolean`), in insertion order;
 * - `object`: a group of sub-`fields`, each a field of its own whose `path` runs from the props
 *   root (a ranking's `lowIsBad {red, amber}`, the map's `stateColours {normal, alarm, offline}`).
 *   An optional object may be unset as a whole; once set, its required sub-fields are needed.
 * Every field of every widget's props schema maps to one of these (the tests walk all eleven); a
 * schema construct outside them makes `describeProps` throw, so a new widget cannot ship a field
 * the panel has no control for.
 */
export type PropKind =
  | 'number' | 'integer' | 'boolean' | 'string' | 'textarea' | 'colour' | 'image' | 'source' | 'enum'
  | 'stringList' | 'numberList' | 'colourList' | 'record' | 'object';

export interface PropOption {
  value: string;
  label: I18nText;
}

/** One field of the property panel. */
export interface PropField {
  /** The key in its parent object (the record's key/value fields: `key`, `value`, labelled 键/值 unless the schema says; a list's item: `item`, labelled as its list). */
  name: string;
  /** Keys from the props root: `['lowIsBad', 'red']`. Empty for a record's key/value and a list's item. */
  path: string[];
  label: I18nText;
  description?: I18nText;
  kind: PropKind;
  /** The control the schema asked for (`colour`, `icon`, `textarea`, …), when it did. */
  control?: PropControl;
  /** May be left unset: the widget then uses `default` when there is one, else its own fallback (the help text says which). */
  optional: boolean;
  /** The value an unset field takes. */
  default?: unknown;
  min?: number;
  max?: number;
  /** `min` / `max` themselves are not allowed (`positive()`: above 0). */
  exclusiveMin?: boolean;
  exclusiveMax?: boolean;
  step?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  /** `enum`: the allowed values with their labels, in schema order. */
  options?: PropOption[];
  /** Lists: one item. */
  item?: PropField;
  /** `record`: its key and its value. */
  key?: PropField;
  value?: PropField;
  /** `object`: its fields. */
  fields?: PropField[];
}

/** The parts of zod's definitions read here (zod 4's `schema.def`). */
interface Def {
  type: string;
  innerType?: z.ZodType;
  defaultValue?: unknown;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, string | number>;
  checks?: { _zod: { def: CheckDef } }[];
}
interface CheckDef {
  check: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  format?: string;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;
const checksOf = (schema: z.ZodType): CheckDef[] => (defOf(schema).checks ?? []).map((c) => c._zod.def);

type Meta = z.core.GlobalMeta;

/** The wrappers peeled off a field (optional, default), their metadata merged (the outer wins), and the schema inside. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; meta: Meta; optional: boolean; hasDefault: boolean; default: unknown } {
  const layers: Meta[] = [];
  let optional = false;
  let hasDefault = false;
  let dflt: unknown;
  let current = schema;
  for (;;) {
    const meta = current.meta();
    if (meta) layers.push(meta);
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'nullable') {
      optional = true;
    } else if (def.type === 'default' || def.type === 'prefault') {
      hasDefault = true;
      dflt = def.defaultValue;
    } else {
      break;
    }
    current = def.innerType!;
  }
  const meta = Object.assign({}, ...layers.reverse()) as Meta;
  return { inner: current, meta, optional: optional || hasDefault, hasDefault, default: dflt };
}

const where = (path: string[]) => (path.length ? path.join('.') : '(item)');

function numberBounds(schema: z.ZodType, field: PropField): void {
  const integer = checksOf(schema).some((c) => c.check === 'number_format' && ['safeint', 'int32', 'uint32'].includes(c.format ?? ''));
  field.kind = integer ? 'integer' : 'number';
  for (const c of checksOf(schema)) {
    if (c.check === 'greater_than' && c.value !== undefined && (field.min === undefined || c.value >= field.min)) {
      field.min = c.value;
      field.exclusiveMin = !c.inclusive || undefined;
    }
    if (c.check === 'less_than' && c.value !== undefined && (field.max === undefined || c.value <= field.max)) {
      field.max = c.value;
      field.exclusiveMax = !c.inclusive || undefined;
    }
  }
  if (integer) field.step ??= 1;
  if (field.exclusiveMin === undefined) delete field.exclusiveMin;
  if (field.exclusiveMax === undefined) delete field.exclusiveMax;
}

function lengthBounds(schema: z.ZodType, field: PropField, min: 'minLength' | 'minItems', max: 'maxLength' | 'maxItems'): void {
  for (const c of checksOf(schema)) {
    if (c.check === 'min_length' && c.minimum !== undefined) field[min] = Math.max(field[min] ?? 0, c.minimum);
    if (c.check === 'max_length' && c.maximum !== undefined) field[max] = Math.min(field[max] ?? Infinity, c.maximum);
    if (c.check === 'length_equals' && c.value !== undefined) field[min] = field[max] = c.value;
  }
}

const STRING_KINDS: Partial<Record<PropControl, PropKind>> = { colour: 'colour', textarea: 'textarea', image: 'image', source: 'source' };

function describeField(name: string, path: string[], schema: z.ZodType, requireLabel: boolean, fallbackLabel?: I18nText): PropField {
  const { inner, meta, optional, hasDefault, default: dflt } = unwrap(schema);
  if (requireLabel && !meta.label) throw new Error(`describeProps: ${where(path)} has no label (.meta({ label: { zh, en } }))`);
  const field: PropField = { name, path, label: meta.label ?? fallbackLabel ?? { zh: name, en: name }, kind: 'string', optional };
  if (meta.help) field.description = meta.help;
  if (meta.control) field.control = meta.control;
  if (hasDefault) field.default = dflt;
  if (meta.step !== undefined) field.step = meta.step;
  const def = defOf(inner);
  switch (def.type) {
    case 'boolean':
      field.kind = 'boolean';
      break;
    case 'number':
      numberBounds(inner, field);
      break;
    case 'string':
      field.kind = (meta.control && STRING_KINDS[meta.control]) ?? 'string';
      lengthBounds(inner, field, 'minLength', 'maxLength');
      break;
    case 'enum':
      field.kind = 'enum';
      field.options = Object.values(def.entries!).map((value) => ({
        value: String(value),
        label: meta.options?.[String(value)] ?? { zh: String(value), en: String(value) },
      }));
      break;
    case 'array': {
      const item = describeField('item', [], def.element!, false, field.label);
      if (meta.control === 'colours' && item.kind === 'string') item.kind = 'colour';
      const kinds: Partial<Record<PropKind, PropKind>> = { string: 'stringList', number: 'numberList', integer: 'numberList', colour: 'colourList' };
      const kind = kinds[item.kind];
      if (!kind) throw new Error(`describeProps: ${where(path)} is a list of ${item.kind}, which the panel cannot edit`);
      field.kind = kind;
      field.item = item;
      lengthBounds(inner, field, 'minItems', 'maxItems');
      break;
    }
    case 'record': {
      field.kind = 'record';
      field.key = describeField('key', [], def.keyType!, false, { zh: '键', en: 'Key' });
      field.value = describeField('value', [], def.valueType!, false, { zh: '值', en: 'Value' });
      if (field.key.kind !== 'string') throw new Error(`describeProps: ${where(path)} has ${field.key.kind} keys; records need string keys`);
      if (!['string', 'textarea', 'colour', 'number', 'integer', 'boolean'].includes(field.value.kind)) {
        throw new Error(`describeProps: ${where(path)} has ${field.value.kind} values, which the panel cannot edit`);
      }
      break;
    }
    case 'object':
      field.kind = 'object';
      field.fields = Object.entries(def.shape!).map(([key, sub]) => describeField(key, [...path, key], sub, true));
      break;
    default:
      throw new Error(`describeProps: ${where(path)} is a ${def.type}, which the panel cannot edit`);
  }
  return field;
}

/**
 * The property panel of a widget type: one field per prop of its schema (`WIDGET_SCHEMAS[type].props`),
 * in schema order, with label, help, kind, bounds, options and default. Pure; throws when the
 * schema holds a field without a label or of a kind the panel has no control for.
 */
export function describeProps(schema: z.ZodObject): PropField[] {
  return Object.entries(schema.shape).map(([key, sub]) => describeField(key, [key], sub as z.ZodType, true));
}
