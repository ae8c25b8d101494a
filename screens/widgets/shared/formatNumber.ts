/**
 * Numbers as a wall shows them: thousands separators, a fixed number of decimals, and "--" for a
 * value that is not there. Locale-independent on purpose: every wall shows `12,345.6`.
 */

/** What a missing or non-finite value shows. */
export const NO_VALUE = '--';

/** `value` with `decimals` places (0–6) and thousands separators; {@link NO_VALUE} for null or non-finite. */
export function formatNumber(value: number | null | undefined, decimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  const places = Math.min(6, Math.max(0, Math.floor(decimals)));
  const fixed = Math.abs(value).toFixed(places);
  const [whole, fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // -0.0 after rounding is no negative number.
  const negative = value < 0 && Number(fixed) !== 0;
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A finite number from data that should hold one (numeric strings accepted); null otherwise. */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}
