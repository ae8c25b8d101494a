import { parsePrintf, previewPrintf, type ParsedPrintf } from '../../../../contract/measure-printf';

/** What a point shows: its value as text, and the unit when the text is a number. */
export interface MeasureText {
  text: string;
  unit: string;
}

/** A point as far as showing its value goes. */
export interface ShownMeasure {
  printf: string;
  decimals: number;
  unit: string;
}

const parsed = new Map<string, ParsedPrintf | null>();

/** The printf compiled once per text (a formula is parsed, never evaluated as code); null when it does not parse. */
function printfOf(text: string): ParsedPrintf | null {
  let p = parsed.get(text);
  if (p === undefined) {
    const r = parsePrintf(text, 32);
    p = r.ok ? r.printf : null;
    parsed.set(text, p);
  }
  return p;
}

/** A number with the point's decimals (0–6). */
export function formatNumber(value: number, decimals: number): string {
  return value.toFixed(Math.min(6, Math.max(0, decimals)));
}

/**
 * A value as the point shows it (SPEC §3, §5): the labels of a bit mapping's set bits, a formula's
 * result, or the number with its decimals and unit; '—' before the first sample.
 */
export function measureText(m: ShownMeasure, value: number | null): MeasureText {
  if (value === null) return { text: '—', unit: '' };
  const printf = m.printf ? printfOf(m.printf) : null;
  if (!printf || printf.kind === 'none') return { text: formatNumber(value, m.decimals), unit: m.unit };
  if (printf.kind === 'bits') return { text: previewPrintf(printf, value), unit: '' };
  const out = previewPrintf(printf, value);
  const n = Number(out);
  return out !== '' && Number.isFinite(n) ? { text: formatNumber(n, m.decimals), unit: m.unit } : { text: out, unit: '' };
}
