import { ConditionType } from '../../../../../contract/conditions';
import { isRangeCondition } from '../../../../../contract/measure-points';
import { measureStrings, type MeasureLang } from './measureStrings';

/** One choice of an enumeration: its value and its label in one language. */
export interface EnumOption {
  value: number;
  label: string;
}

export type EnumName = 'measureType' | 'access' | 'warnLevel' | 'modbusCode' | 'condition';

/** An enumeration's choices in value order (the measure types: -1 last, after the collected ones). */
export function enumOptions(name: EnumName, lang: MeasureLang): EnumOption[] {
  const table = measureStrings[lang].enum[name] as Record<string | number, string>;
  const out = Object.entries(table).map(([value, label]) => ({ value: Number(value), label }));
  return out.sort((a, b) => (a.value < 0 ? 1 : 0) - (b.value < 0 ? 1 : 0) || a.value - b.value);
}

/** A value's label, or the value itself where the table has none. */
export function enumLabel(name: EnumName, value: number | null | undefined, lang: MeasureLang): string {
  if (value === null || value === undefined) return '';
  const table = measureStrings[lang].enum[name] as Record<string | number, string>;
  return table[value] ?? String(value);
}

/** The comparison of each condition type: one operator, or two joined by or/and (the ranges). */
const OPERATORS: Record<number, [string] | [string, string, 'or' | 'and']> = {
  [ConditionType.ChangeGte]: ['≥'], [ConditionType.ChangeGt]: ['>'], [ConditionType.Lt]: ['<'], [ConditionType.Eq]: ['='],
  [ConditionType.Gt]: ['>'], [ConditionType.LtOrGt]: ['<', '>', 'or'], [ConditionType.GtAndLt]: ['>', '<', 'and'],
  [ConditionType.Lte]: ['≤'], [ConditionType.Gte]: ['≥'], [ConditionType.LteOrGte]: ['≤', '≥', 'or'],
  [ConditionType.GteAndLte]: ['≥', '≤', 'and'], [ConditionType.LtOrGte]: ['<', '≥', 'or'], [ConditionType.LteOrGt]: ['≤', '>', 'or'],
  [ConditionType.GteAndLt]: ['≥', '<', 'and'], [ConditionType.GtAndLte]: ['>', '≤', 'and'],
};

/** A condition's operators without values, for the select: `≥`, `< … 或 >`. */
export function conditionSymbol(type: number, lang: MeasureLang): string {
  const op = OPERATORS[type];
  if (!op) return '';
  const s = measureStrings[lang];
  const change = type === ConditionType.ChangeGte || type === ConditionType.ChangeGt ? `${s.change} ` : '';
  return op.length === 1 ? `${change}${op[0]}` : `${op[0]} ${s[op[2]]} ${op[1]}`;
}

/**
 * A condition with its values as the table shows it: `≥ 75`, `< 10 或 > 35`, `变化 ≥ 5`, 按位上报;
 * '' without a condition.
 */
export function conditionText(type: number | null, val1: number | null, val2: number | null, lang: MeasureLang): string {
  if (type === null) return '';
  const op = OPERATORS[type];
  if (!op) return enumLabel('condition', type, lang);
  const s = measureStrings[lang];
  const v = (x: number | null) => (x === null ? '?' : String(x));
  if (op.length === 1 || !isRangeCondition(type)) {
    const change = type === ConditionType.ChangeGte || type === ConditionType.ChangeGt ? `${s.change} ` : '';
    return `${change}${op[0]} ${v(val1)}`;
  }
  return `${op[0]} ${v(val1)} ${s[op[2]]} ${op[1]} ${v(val2)}`;
}
