/**
 * Alarm condition types 0–15 (SPEC §3 leaves the numbering open; this is ours). Each names how the
 * sample value is compared with conditionVal1 (and conditionVal2 for ranges). 15 is the bitwise
 * report, whose labels come from the measure's printf mapping.
 */
export const ConditionType = {
  ChangeGte: 0,
  ChangeGt: 1,
  Lt: 2,
  Eq: 3,
  Gt: 4,
  LtOrGt: 5,
  GtAndLt: 6,
  Lte: 7,
  Gte: 8,
  LteOrGte: 9,
  GteAndLte: 10,
  LtOrGte: 11,
  LteOrGt: 12,
  GteAndLt: 13,
  GtAndLte: 14,
  Bitwise: 15,
} as const;
export type ConditionType = (typeof ConditionType)[keyof typeof ConditionType];

/** The condition type names the console shows (zh), used in alarm content (SPEC §5). */
export const CONDITION_NAMES: Record<ConditionType, string> = {
  0: '变化大于等于',
  1: '变化大于',
  2: '小于',
  3: '等于',
  4: '大于',
  5: '小于或大于',
  6: '大于且小于',
  7: '小于等于',
  8: '大于等于',
  9: '小于等于或大于等于',
  10: '大于等于且小于等于',
  11: '小于或大于等于',
  12: '小于等于或大于',
  13: '大于等于且小于',
  14: '大于且小于等于',
  15: '按位上报',
};
