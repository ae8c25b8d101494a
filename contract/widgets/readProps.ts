import type { z } from 'zod';

const DROP = Symbol('drop');
type Json = unknown;
type Path = PropertyKey[];

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function clone(value: Json): Json {
  if (Array.isArray(value)) return value.map(clone);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)]));
  return value;
}

/** The container holding `path`'s last key, and that key; null when the path leads nowhere. */
function locate(root: Json, path: Path): { parent: Record<string, unknown> | unknown[]; key: string | number } | null {
  if (!path.length) return null;
  let node = root;
  for (const step of path.slice(0, -1)) {
    if (Array.isArray(node) && typeof step === 'number') node = node[step];
    else if (isObject(node) && typeof step === 'string') node = node[step];
    else return null;
  }
  const key = path[path.length - 1];
  if (Array.isArray(node) && typeof key === 'number') return { parent: node, key };
  if (isObject(node) && typeof key !== 'symbol') return { parent: node, key: String(key) };
  return null;
}

function has(parent: Record<string, unknown> | unknown[], key: string | number): boolean {
  return Array.isArray(parent) ? typeof key === 'number' && key < parent.length : Object.prototype.hasOwnProperty.call(parent, key);
}

/** Marks the value at `path` for removal; when it is absent (a required field missing), its parent. */
function dropAt(root: Json, path: Path): boolean {
  const at = locate(root, path);
  if (!at) return false;
  if (has(at.parent, at.key)) {
    (at.parent as Record<string | number, unknown>)[at.key] = DROP;
    return true;
  }
  return dropAt(root, path.slice(0, -1));
}

function valueAt(root: Json, path: Path): unknown {
  const at = locate(root, path);
  return at ? (at.parent as Record<string | number, unknown>)[at.key] : root;
}

function setAt(root: Json, path: Path, value: unknown): void {
  const at = locate(root, path);
  if (at) (at.parent as Record<string | number, unknown>)[at.key] = value;
}

/**
 * Changes the props so that this issue goes away the way the lenient v1 readers read them: a
 * fractional count is floored, an over-long text or list is cut to the maximum, an unknown key
 * or a bad value is dropped (a bad list item alone; a required sub-field missing drops its object).
 */
function repair(root: Json, issue: z.core.$ZodIssue): boolean {
  const value = valueAt(root, issue.path);
  if (issue.code === 'unrecognized_keys') {
    if (!isObject(value)) return false;
    for (const key of issue.keys) value[key] = DROP;
    return issue.keys.length > 0;
  }
  if (issue.code === 'invalid_type' && issue.expected === 'int' && typeof value === 'number' && Number.isFinite(value)) {
    setAt(root, issue.path, Math.floor(value));
    return true;
  }
  if (issue.code === 'too_big' && typeof issue.maximum === 'number' && (typeof value === 'string' || Array.isArray(value))) {
    setAt(root, issue.path, value.slice(0, issue.maximum));
    return true;
  }
  return dropAt(root, issue.path);
}

function sweep(value: Json): Json {
  if (Array.isArray(value)) return value.filter((v) => v !== DROP).map(sweep);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== DROP).map(([k, v]) => [k, sweep(v)]));
  return value;
}

/**
 * The props a schema accepts, kept from `props` as the v1 widgets read them: whatever the
 * schema rejects or does not know is dropped (so the widget shows its default there), the rest is
 * kept unchanged (no defaults filled in). Pure; `props` is not modified. Not an object: `{}`.
 */
export function dropInvalidProps(schema: z.ZodObject, props: unknown): Record<string, unknown> {
  if (!isObject(props)) return {};
  let current = clone(props) as Record<string, unknown>;
  for (let round = 0; round < 8; round++) {
    const result = schema.safeParse(current);
    if (result.success) return current;
    let changed = false;
    for (const issue of result.error.issues) changed = repair(current, issue) || changed;
    if (!changed) break;
    current = sweep(current) as Record<string, unknown>;
  }
  // What the repairs could not fix (a rule across fields): keep each prop that passes on its own.
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(current)) if (schema.safeParse({ ...kept, [key]: value }).success) kept[key] = value;
  return kept;
}

/**
 * A widget's props through its schema, defaults filled in. Saved templates are validated, so
 * this normally parses as is; anything else (an editor's draft, a document from elsewhere) reads
 * as its valid props over the defaults, never throwing.
 */
export function readProps<S extends z.ZodObject>(schema: S, props: unknown): z.output<S> {
  const first = schema.safeParse(props ?? {});
  if (first.success) return first.data;
  const again = schema.safeParse(dropInvalidProps(schema, props));
  return again.success ? again.data : schema.parse({});
}
