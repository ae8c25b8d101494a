/**
 * Readers of a widget's `props`, an untyped record from a stored template: a missing or malformed
 * value gives the fallback, never an exception.
 */

type Props = Record<string, unknown> | undefined;

const own = (props: Props, key: string): unknown =>
  props && typeof props === 'object' && Object.prototype.hasOwnProperty.call(props, key) ? props[key] : undefined;

/** A finite number within [min, max], else `fallback`. */
export function numberProp<F extends number | undefined>(props: Props, key: string, fallback: F, min = -Infinity, max = Infinity): number | F {
  const v = own(props, key);
  return typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? v : fallback;
}

export function booleanProp(props: Props, key: string, fallback: boolean): boolean {
  const v = own(props, key);
  return typeof v === 'boolean' ? v : fallback;
}

/** A non-blank string (trimmed), else `fallback`. */
export function stringProp<F extends string | undefined>(props: Props, key: string, fallback: F): string | F {
  const v = own(props, key);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : fallback;
}

/** The non-blank strings of an array; `fallback` when the prop is no array or has none. */
export function stringArrayProp(props: Props, key: string, fallback: readonly string[]): string[] {
  const v = own(props, key);
  const list = Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s.trim() !== '').map((s) => s.trim()) : [];
  return list.length ? list : [...fallback];
}

/** The string values of a plain object (other values skipped); `{}` when the prop is none. */
export function stringRecordProp(props: Props, key: string): Record<string, string> {
  const v = own(props, key);
  const out: Record<string, string> = {};
  if (!v || typeof v !== 'object' || Array.isArray(v)) return out;
  for (const [k, s] of Object.entries(v)) if (typeof s === 'string' && s.trim() !== '') out[k] = s.trim();
  return out;
}
