import { compileExpression, ExpressionError, type ExpressionResult } from './expression';

/**
 * A measure point's `printf`: how a raw value becomes text (SPEC §3, §5). Three forms:
 *
 * - empty: the value is shown as it is;
 * - a bit-label mapping, for bitwise reports: written `0:滤网堵塞;1:风机故障` (`;`/`；`/newline
 *   between entries, `:`/`：` between bit and label) or as the JSON object `{"0":"滤网堵塞"}`.
 *   Either way it is stored as that JSON object (keys in bit order), the form the alarm engine and
 *   the alarm content read (contract/alarm-content.ts `parseBitMapping`);
 * - a formula of the safe evaluator (contract/expression.ts), e.g. `x > 0 ? "运行" : "停止"`,
 *   stored as written (trimmed). It is parsed, never evaluated as JavaScript.
 *
 * Text that starts with digits and a colon is a mapping; text that starts with `{` is JSON;
 * anything else is a formula. Errors carry a 0-based character `position` into the text given.
 */

/** Longest printf text accepted (a formula is further limited by the evaluator to 500). */
export const PRINTF_MAX_LENGTH = 2000;
/** Longest label of one bit. */
export const BIT_LABEL_MAX_LENGTH = 32;

export type ParsedPrintf =
  | { kind: 'none'; stored: '' }
  | { kind: 'bits'; bits: [bit: number, label: string][]; stored: string }
  | { kind: 'formula'; stored: string; run(value: number): ExpressionResult };

/** Why a printf is refused: both languages' texts and the character it is about. */
export interface PrintfError {
  position: number;
  zh: string;
  en: string;
}

export type PrintfResult = { ok: true; printf: ParsedPrintf } | { ok: false; error: PrintfError };

const fail = (position: number, zh: string, en: string): PrintfResult => ({ ok: false, error: { position, zh, en } });

/** The JSON a mapping is stored as: `{"0":"滤网堵塞","1":"风机故障"}`. */
export function storedBitMapping(bits: readonly (readonly [number, string])[]): string {
  return JSON.stringify(Object.fromEntries([...bits].sort((a, b) => a[0] - b[0]).map(([b, l]) => [String(b), l])));
}

/** A mapping as the editor writes it: `0:滤网堵塞;1:风机故障`. */
export function bitMappingText(bits: readonly (readonly [number, string])[]): string {
  return [...bits].sort((a, b) => a[0] - b[0]).map(([b, l]) => `${b}:${l}`).join(';');
}

function checkBit(bits: Map<number, string>, bit: number, label: string, bitCount: number, bitPos: number, labelPos: number): PrintfResult | null {
  if (!Number.isSafeInteger(bit) || bit >= bitCount) {
    return fail(bitPos, `位号 ${bit} 超出范围 0–${bitCount - 1}`, `bit ${bit} is outside 0–${bitCount - 1}`);
  }
  if (bits.has(bit)) return fail(bitPos, `位号 ${bit} 重复`, `bit ${bit} is given twice`);
  if (!label) return fail(labelPos, `位号 ${bit} 缺少名称`, `bit ${bit} has no label`);
  if (label.length > BIT_LABEL_MAX_LENGTH) {
    return fail(labelPos, `位号 ${bit} 的名称超过 ${BIT_LABEL_MAX_LENGTH} 个字符`, `the label of bit ${bit} is longer than ${BIT_LABEL_MAX_LENGTH} characters`);
  }
  return null;
}

/** `0:滤网堵塞;1:风机故障` (separators `;`, `；` or newline; `:` or `：`). */
function parseTextMapping(text: string, bitCount: number): PrintfResult {
  const bits = new Map<number, string>();
  const entry = /[^;；\n]+/g;
  for (let m = entry.exec(text); m; m = entry.exec(text)) {
    if (!m[0].trim()) continue;
    const start = m.index;
    const parts = /^(\s*)(\d+)(\s*[:：]\s*)(.*?)\s*$/.exec(m[0]);
    if (!parts) {
      const at = start + (m[0].length - m[0].trimStart().length);
      return fail(at, '应为“位号:名称”，例如 0:滤网堵塞', 'expected "bit:label", e.g. 0:filter blocked');
    }
    const bitPos = start + parts[1].length;
    const labelPos = bitPos + parts[2].length + parts[3].length;
    const bad = checkBit(bits, Number(parts[2]), parts[4], bitCount, bitPos, labelPos);
    if (bad) return bad;
    bits.set(Number(parts[2]), parts[4]);
  }
  if (!bits.size) return fail(0, '映射为空', 'the mapping is empty');
  const list = [...bits].sort((a, b) => a[0] - b[0]);
  return { ok: true, printf: { kind: 'bits', bits: list, stored: storedBitMapping(list) } };
}

/** `{"0":"滤网堵塞"}`: positions point at the offending key or value where it can be found. */
function parseJsonMapping(text: string, bitCount: number): PrintfResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const at = /position (\d+)/.exec(String((err as Error).message));
    return fail(at ? Number(at[1]) : 0, '位映射不是有效的 JSON', 'the bit mapping is not valid JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return fail(0, '位映射应为 {"位号":"名称"} 对象', 'the bit mapping must be an object {"bit":"label"}');
  }
  const bits = new Map<number, string>();
  for (const [key, label] of Object.entries(value as Record<string, unknown>)) {
    const keyPos = Math.max(0, text.indexOf(JSON.stringify(key)));
    if (!/^\d+$/.test(key)) return fail(keyPos, `“${key}”不是位号`, `"${key}" is not a bit number`);
    if (typeof label !== 'string') return fail(keyPos, `位号 ${key} 的名称应为文本`, `the label of bit ${key} must be text`);
    const labelPos = Math.max(0, text.indexOf(JSON.stringify(label), keyPos));
    const bad = checkBit(bits, Number(key), label.trim(), bitCount, keyPos, labelPos);
    if (bad) return bad;
    bits.set(Number(key), label.trim());
  }
  if (!bits.size) return fail(0, '映射为空', 'the mapping is empty');
  const list = [...bits].sort((a, b) => a[0] - b[0]);
  return { ok: true, printf: { kind: 'bits', bits: list, stored: storedBitMapping(list) } };
}

/** The evaluator's reason without its "(at N)" suffix. */
const reasonOf = (err: ExpressionError) => err.message.replace(/\s*\(at \d+\)$/, '');

function parseFormula(source: string, offset: number): PrintfResult {
  try {
    const compiled = compileExpression(source);
    // A formula that fails on ordinary values (text where a number is needed) is refused too.
    for (const sample of [0, 1]) compiled.run(sample);
    return { ok: true, printf: { kind: 'formula', stored: source, run: (v) => compiled.run(v) } };
  } catch (err) {
    if (!(err instanceof ExpressionError)) throw err;
    const at = offset + err.position;
    return fail(at, `公式第 ${at + 1} 个字符处有误：${reasonOf(err)}`, `formula error at character ${at + 1}: ${reasonOf(err)}`);
  }
}

/**
 * Checks and normalises a printf. `bitCount` bounds a mapping's bit numbers (the data type's
 * width: 16 for 16-bit types, 32 for 32-bit ones, 1 for Boolean); 0 refuses mappings outright.
 */
export function parsePrintf(text: string, bitCount = 32): PrintfResult {
  if (text.length > PRINTF_MAX_LENGTH) {
    return fail(PRINTF_MAX_LENGTH, `printf 超过 ${PRINTF_MAX_LENGTH} 个字符`, `printf is longer than ${PRINTF_MAX_LENGTH} characters`);
  }
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, printf: { kind: 'none', stored: '' } };
  const lead = text.length - text.trimStart().length;
  const mapping = /^\d+\s*[:：]/.test(trimmed) ? 'text' : trimmed.startsWith('{') ? 'json' : null;
  if (mapping && bitCount <= 0) return fail(lead, '该数据类型不能使用位映射', 'this data type cannot have a bit mapping');
  if (mapping === 'text') return parseTextMapping(text, bitCount);
  if (mapping === 'json') return parseJsonMapping(text, bitCount);
  return parseFormula(trimmed, lead);
}

/**
 * What the point shows for `value` (the editor's live preview "value → text"): the labels of the
 * set bits joined by 、 (无 when none is set), a formula's result, or the value itself.
 */
export function previewPrintf(printf: ParsedPrintf, value: number): string {
  if (printf.kind === 'none') return String(value);
  if (printf.kind === 'bits') {
    const whole = Math.trunc(value);
    const labels = printf.bits.filter(([b]) => (whole >>> b) & 1).map(([, label]) => label);
    return labels.length ? labels.join('、') : '无';
  }
  try {
    const out = printf.run(value);
    return typeof out === 'number' && !Number.isFinite(out) ? String(value) : String(out);
  } catch (err) {
    if (err instanceof ExpressionError) return reasonOf(err);
    throw err;
  }
}
