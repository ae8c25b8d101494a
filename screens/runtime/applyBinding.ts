import type { Widget } from '../../contract/screen-template';

type Binding = NonNullable<Widget['source']>;
type Transform = NonNullable<Binding['transform']>;

/** The value at a dot path (`list.0.value`); undefined where the path leaves the data. */
export function getPath(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'zh-Hans-CN');
}

/** The declarative transform of a binding: pick, sortBy, limit, map, in that order. Never mutates its input. */
export function applyTransform(value: unknown, t: Transform | undefined): unknown {
  if (!t || !Array.isArray(value)) return value;
  let items: unknown[] = value;
  if (t.pick) {
    const pick = t.pick;
    items = items.map((item) => {
      const out: Record<string, unknown> = {};
      for (const p of pick) setPath(out, p, getPath(item, p));
      return out;
    });
  }
  if (t.sortBy) {
    const { field, order } = t.sortBy;
    const sign = order === 'asc' ? 1 : -1;
    items = [...items].sort((a, b) => sign * compare(getPath(a, field), getPath(b, field)));
  }
  if (t.limit !== undefined) items = items.slice(0, t.limit);
  if (t.map) {
    const entries = Object.entries(t.map);
    items = items.map((item) => Object.fromEntries(entries.map(([out, p]) => [out, getPath(item, p)])));
  }
  return items;
}

/** What a widget sees of its source's data: the value at the binding's path, transformed. */
export function applyBinding(data: unknown, binding: Binding | undefined): unknown {
  if (!binding || data === undefined) return data;
  return applyTransform(getPath(data, binding.path), binding.transform);
}
