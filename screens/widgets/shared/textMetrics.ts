/**
 * Text widths estimated without a DOM, so pure option builders can keep labels inside their box:
 * CJK and full-width characters take one em, digits and Latin letters about 0.6 em. Estimates err
 * on the wide side, so a label that "fits" here fits on the wall.
 */

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** Width in px of one character at `fontSize`. */
function charWidth(ch: string, fontSize: number): number {
  if (WIDE.test(ch)) return fontSize;
  if (ch === ' ' || ch === '.' || ch === ',' || ch === ':' || ch === '·') return fontSize * 0.35;
  return fontSize * 0.62;
}

/** Estimated width in px of `text` at `fontSize`, plus `letterSpacing` px after each character. */
export function estimateTextWidth(text: string, fontSize: number, letterSpacing = 0): number {
  let width = 0;
  for (const ch of text) width += charWidth(ch, fontSize) + letterSpacing;
  return width;
}

/** `text` cut to fit `maxWidth` px at `fontSize`, ending in "…" when cut; "" when not even "…" fits. */
export function ellipsize(text: string, maxWidth: number, fontSize: number): string {
  if (estimateTextWidth(text, fontSize) <= maxWidth) return text;
  const room = maxWidth - estimateTextWidth('…', fontSize);
  if (room < 0) return '';
  let out = '';
  let width = 0;
  for (const ch of text) {
    const w = charWidth(ch, fontSize);
    if (width + w > room) break;
    out += ch;
    width += w;
  }
  return `${out.trimEnd()}…`;
}

/**
 * Estimated width in px of a number in the numeric font: every character as wide as a digit, since
 * the font may fall back to a monospace one where `,` and `.` take a full cell.
 */
export function estimateNumericWidth(text: string, fontSize: number): number {
  return [...text].length * fontSize * 0.62;
}
