import { parseBitMapping } from '../../contract/alarm-content';
import { ConditionType } from '../../contract/conditions';
import { MeasureTag, MessageType } from '../../contract/enums';

/** A measure's alarm rule after the device's overrides (t_device_measure) are applied. */
export interface AlarmRule {
  conditionType: number;
  val1: number | null;
  val2: number | null;
  /** The bitwise report's `{bit: label}` mapping, or a script. */
  printf: string;
}

/** The bits a `{bit: label}` mapping names, or null when printf is not such a mapping. */
export function bitMask(printf: string): number | null {
  const mapping = parseBitMapping(printf);
  return mapping && mapping.reduce((mask, [b]) => mask | (1 << b), 0);
}

/** The bits of `value` an alarm is about: the mapped bits, or every bit when printf is a script. */
export function reportedBits(value: number, printf: string): number {
  const mask = bitMask(printf);
  return (Math.trunc(value) & (mask ?? 0xffffffff)) >>> 0;
}

/** Change conditions compare a sample with the one before it: a single jump is the event. */
export function isChangeCondition(type: number): boolean {
  return type === ConditionType.ChangeGte || type === ConditionType.ChangeGt;
}

/** True when a rule has the set values its condition type needs. */
export function isCompleteRule(rule: AlarmRule): boolean {
  const t = rule.conditionType;
  if (!Number.isInteger(t) || t < 0 || t > 15) return false;
  if (t === ConditionType.Bitwise) return true;
  const range = [5, 6, 9, 10, 11, 12, 13, 14].includes(t);
  return rule.val1 !== null && (!range || rule.val2 !== null);
}

/**
 * Whether `value` breaks the rule (SPEC §5 condition types, numbered in contract/conditions.ts).
 * `band` widens the violating region by that fraction of each set value: an open alarm clears
 * only once the value is back by more than the band (hysteresis), so noise around a threshold
 * does not flap. `previous` is the sample before, for the change conditions (0, 1).
 */
export function violates(rule: AlarmRule, value: number, previous: number | null, band = 0): boolean {
  if (!isCompleteRule(rule) || !Number.isFinite(value)) return false;
  const a = rule.val1 ?? 0;
  const b = rule.val2 ?? 0;
  const ha = Math.abs(a) * band;
  const hb = Math.abs(b) * band;
  const lt = (t: number, h: number) => value < t + h;
  const lte = (t: number, h: number) => value <= t + h;
  const gt = (t: number, h: number) => value > t - h;
  const gte = (t: number, h: number) => value >= t - h;
  switch (rule.conditionType) {
    case ConditionType.ChangeGte: return previous !== null && Math.abs(value - previous) >= a - ha;
    case ConditionType.ChangeGt: return previous !== null && Math.abs(value - previous) > a - ha;
    case ConditionType.Lt: return lt(a, ha);
    case ConditionType.Eq: return Math.abs(value - a) <= Math.max(ha, 1e-9 * Math.max(1, Math.abs(a)));
    case ConditionType.Gt: return gt(a, ha);
    case ConditionType.LtOrGt: return lt(a, ha) || gt(b, hb);
    case ConditionType.GtAndLt: return gt(a, ha) && lt(b, hb);
    case ConditionType.Lte: return lte(a, ha);
    case ConditionType.Gte: return gte(a, ha);
    case ConditionType.LteOrGte: return lte(a, ha) || gte(b, hb);
    case ConditionType.GteAndLte: return gte(a, ha) && lte(b, hb);
    case ConditionType.LtOrGte: return lt(a, ha) || gte(b, hb);
    case ConditionType.LteOrGt: return lte(a, ha) || gt(b, hb);
    case ConditionType.GteAndLt: return gte(a, ha) && lt(b, hb);
    case ConditionType.GtAndLte: return gt(a, ha) && lte(b, hb);
    default: return reportedBits(value, rule.printf) !== 0;
  }
}

/**
 * The message type of a raised alarm (SPEC §3): a bitwise report is a device fault (5), an alarm
 * on a filter's resistance is a life alarm (8), anything else a system alarm (6).
 */
export function alarmMessageType(conditionType: number, tagId: number | null): number {
  if (conditionType === ConditionType.Bitwise) return MessageType.DeviceFault;
  if (tagId === MeasureTag.Resistance) return MessageType.LifeAlarm;
  return MessageType.SystemAlarm;
}
