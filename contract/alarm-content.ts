import { CONDITION_NAMES, ConditionType } from './conditions';
import { compileExpression, type CompiledExpression } from './expression';

/** What an alarm's content text is made of (SPEC §3 real-time alarm fields). */
export interface AlarmContentInput {
  conditionType: number;
  measureName: string;
  unit?: string;
  sampleValue: number | null;
  conditionVal1: number | null;
  conditionVal2: number | null;
  /** Bit-label mapping (JSON object `{bit: label}`) for the bitwise report, or a script. */
  printf?: string;
  decimals?: number;
}

function num(value: number | null, decimals: number): string {
  if (value === null || !Number.isFinite(value)) return '--';
  return Number.isInteger(value) ? String(value) : value.toFixed(decimals);
}

/**
 * The `{bit: label}` mapping of a bitwise measure's printf, as [bit, label] pairs with bits 0–31;
 * null when printf is not such a mapping (then it is a script).
 */
export function parseBitMapping(printf: string): [bit: number, label: unknown][] | null {
  let mapping: unknown;
  try {
    mapping = JSON.parse(printf);
  } catch {
    return null;
  }
  if (!mapping || typeof mapping !== 'object' || Array.isArray(mapping)) return null;
  return Object.entries(mapping as Record<string, unknown>)
    .map(([bit, label]) => [Number(bit), label] as [number, unknown])
    .filter(([b]) => Number.isInteger(b) && b >= 0 && b < 32);
}

/** The labels of the set bits of `value`, from a `{bit: label}` mapping; null when not a mapping. */
export function bitLabels(value: number, printf: string): string[] | null {
  const mapping = parseBitMapping(printf);
  if (!mapping) return null;
  return mapping.filter(([b, label]) => typeof label === 'string' && (value >>> b) & 1).map(([, label]) => label as string);
}

const scripts = new Map<string, CompiledExpression | null>();
const MAX_CACHED_SCRIPTS = 500;

/**
 * The label a printf script gives `value`, by the safe evaluator; null when the script is refused
 * or fails, so the caller shows the raw value instead. Parsed scripts are kept (a few hundred).
 */
export function scriptLabel(value: number, printf: string): string | null {
  let script = scripts.get(printf);
  if (script === undefined) {
    try {
      script = compileExpression(printf);
    } catch {
      script = null;
    }
    if (scripts.size >= MAX_CACHED_SCRIPTS) scripts.clear();
    scripts.set(printf, script);
  }
  if (!script) return null;
  try {
    const out = script.run(value);
    return typeof out === 'number' && !Number.isFinite(out) ? null : String(out);
  } catch {
    return null;
  }
}

/**
 * The alarm content of SPEC §5: a comparison describes the sample value against conditionVal1;
 * a range whose name contains 且 or 或 combines conditionVal1 and conditionVal2; 按位上报 lists the
 * labels of the set bits, or the label a printf script (not a mapping) gives the value through the
 * safe evaluator; a script that is refused or fails shows the raw value.
 */
export function formatAlarmContent(a: AlarmContentInput): string {
  const name = CONDITION_NAMES[a.conditionType as ConditionType] ?? `条件${a.conditionType}`;
  const d = a.decimals ?? 1;
  const unit = a.unit ?? '';
  const sample = `${num(a.sampleValue, d)}${unit}`;
  if (a.conditionType === ConditionType.Bitwise) {
    const labels = a.sampleValue === null ? [] : bitLabels(Math.trunc(a.sampleValue), a.printf ?? '');
    if (labels === null) {
      const label = a.sampleValue === null || !a.printf ? null : scriptLabel(a.sampleValue, a.printf);
      return `${a.measureName}${name}：${label ?? sample}`;
    }
    return `${a.measureName}${name}：${labels.length ? labels.join('、') : '无'}`;
  }
  const joiner = name.includes('且') ? '且' : name.includes('或') ? '或' : null;
  if (joiner) {
    const [low, high] = name.split(joiner);
    return `${a.measureName}当前值${sample}，${low}${num(a.conditionVal1, d)}${unit}${joiner}${high}${num(a.conditionVal2, d)}${unit}`;
  }
  return `${a.measureName}当前值${sample}，${name}设定值${num(a.conditionVal1, d)}${unit}`;
}
