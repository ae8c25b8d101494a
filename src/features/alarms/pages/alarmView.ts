import { CONDITION_NAMES, type ConditionType } from '../../../../contract/conditions';
import { CONDITION_NAMES_EN } from './alarmPageStrings';

/** antd tag colours of the warn levels (SPEC §3: 0 hint, 1 minor, 2 important). */
export const LEVEL_COLOURS: Record<number, string> = { 0: 'blue', 1: 'orange', 2: 'red' };
export const WARN_LEVELS = [2, 1, 0] as const;
export const CONDITION_TYPES = Array.from({ length: 16 }, (_, i) => i);

/** A condition type's name in the language. */
export function conditionLabel(type: number, lng: string): string {
  return lng.startsWith('en') ? CONDITION_NAMES_EN[type] ?? String(type) : CONDITION_NAMES[type as ConditionType] ?? String(type);
}

/** SPEC §3 device state: 1 normal, 2 alarm, otherwise offline. */
export const deviceStateKey = (state: number) => (state === 1 ? 'normal' : state === 2 ? 'alarm' : 'offline');

/** A whole non-negative number of the address, else undefined. */
export function addressNumber(text: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (text === null || text === '' || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n <= max ? n : undefined;
}

export const PAGE_SIZES = [10, 20, 30, 50];
export const pageSizeOf = (text: string | null) => {
  const n = Number(text);
  return PAGE_SIZES.includes(n) ? n : 20;
};

/** `px` of the 1080p design in rem: the console's root font follows the screen (32px at 3840×2160), so the page scales with it. */
export const rem = (px: number) => `${px / 16}rem`;
