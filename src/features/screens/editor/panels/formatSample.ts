/** How much of a source's answer the editor shows: enough to see its shape, never enough to stall the page. */
export interface SampleLimits {
  /** Items shown of each array; the rest are counted. */
  maxItems: number;
  /** Characters shown of each string. */
  maxString: number;
  /** Levels of nesting shown; deeper objects and arrays are summarised. */
  maxDepth: number;
  /** Characters of the whole text. */
  maxChars: number;
}

export const DEFAULT_SAMPLE_LIMITS: SampleLimits = { maxItems: 20, maxString: 200, maxDepth: 8, maxChars: 20_000 };

export interface FormattedSample {
  /** Indented JSON, with what was left out said in place (`"… 80 more items"`). */
  text: string;
  /** Whether anything was left out. */
  truncated: boolean;
}

/**
 * A source's answer as indented JSON for the live sample: long arrays keep their first items and
 * say how many more there are, long strings are cut, deep nesting is summarised, and the text
 * itself is cut at `maxChars`. `undefined` (no answer) reads as `undefined`.
 */
export function formatSample(value: unknown, limits: SampleLimits = DEFAULT_SAMPLE_LIMITS): FormattedSample {
  let truncated = false;
  const prune = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') {
      if (v.length <= limits.maxString) return v;
      truncated = true;
      return `${v.slice(0, limits.maxString)}… (${v.length} chars)`;
    }
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      if (depth >= limits.maxDepth) {
        truncated = true;
        return `[… ${v.length} items]`;
      }
      const shown = v.slice(0, limits.maxItems).map((item) => prune(item, depth + 1));
      if (v.length > limits.maxItems) {
        truncated = true;
        shown.push(`… ${v.length - limits.maxItems} more items`);
      }
      return shown;
    }
    const keys = Object.keys(v);
    if (depth >= limits.maxDepth) {
      truncated = true;
      return `{… ${keys.length} keys}`;
    }
    return Object.fromEntries(keys.map((k) => [k, prune((v as Record<string, unknown>)[k], depth + 1)]));
  };
  if (value === undefined) return { text: 'undefined', truncated: false };
  let text = JSON.stringify(prune(value, 0), null, 2) ?? String(value);
  if (text.length > limits.maxChars) {
    truncated = true;
    text = `${text.slice(0, limits.maxChars)}\n…`;
  }
  return { text, truncated };
}
