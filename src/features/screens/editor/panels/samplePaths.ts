/** What a path of a sample leads to: the kind of value, and an array's length. */
export interface PathSuggestion {
  path: string;
  kind: 'array' | 'object' | 'number' | 'string' | 'boolean' | 'null';
  /** An array's length. */
  length?: number;
}

/** A key a binding's dot path can name (the contract's `dotPath` segments). */
const SEGMENT = /^[A-Za-z0-9_$]+$/;

const kindOf = (v: unknown): PathSuggestion['kind'] | undefined => {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  switch (typeof v) {
    case 'object': return 'object';
    case 'number': return 'number';
    case 'string': return 'string';
    case 'boolean': return 'boolean';
    default: return undefined;
  }
};

interface WalkOptions {
  maxDepth: number;
  max: number;
  /** Whether to go into arrays (through their first item, `list.0.value`). */
  intoArrays: boolean;
}

function walk(value: unknown, prefix: string, depth: number, out: Map<string, PathSuggestion>, o: WalkOptions): void {
  if (depth >= o.maxDepth || out.size >= o.max || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    if (!o.intoArrays || value.length === 0) return;
    add(`${prefix}0`, value[0], depth, out, o);
    return;
  }
  for (const key of Object.keys(value)) {
    if (!SEGMENT.test(key)) continue;
    add(`${prefix}${key}`, (value as Record<string, unknown>)[key], depth, out, o);
    if (out.size >= o.max) return;
  }
}

function add(path: string, v: unknown, depth: number, out: Map<string, PathSuggestion>, o: WalkOptions): void {
  const kind = kindOf(v);
  if (!kind) return;
  if (!out.has(path)) out.set(path, Array.isArray(v) ? { path, kind, length: v.length } : { path, kind });
  walk(v, `${path}.`, depth + 1, out, o);
}

/**
 * The dot paths of a source's sample a binding's `path` can name, in document order: every key
 * (objects and arrays included, since a widget often takes a list), arrays through their first
 * item (`list.0.value`). Keys a dot path cannot spell are left out.
 */
export function pathSuggestions(sample: unknown, maxDepth = 5, max = 300): PathSuggestion[] {
  const out = new Map<string, PathSuggestion>();
  walk(sample, '', 0, out, { maxDepth, max, intoArrays: true });
  return [...out.values()];
}

/**
 * The fields of the items of a list (what pick, sort by and map name): the union over its first
 * `scan` object items, nested objects as dot paths; nested arrays are named but not entered.
 * Empty when the value is not a list of objects.
 */
export function itemFieldSuggestions(list: unknown, maxDepth = 3, scan = 20, max = 200): PathSuggestion[] {
  if (!Array.isArray(list)) return [];
  const out = new Map<string, PathSuggestion>();
  for (const item of list.slice(0, scan)) {
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) walk(item, '', 0, out, { maxDepth, max, intoArrays: false });
  }
  return [...out.values()];
}
