/** Units a duration is written in, as the page's language says them (`{{count}}` replaced). */
export interface DurationUnits {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
}

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

/** A duration in its two largest units, e.g. `2天3小时`, `5分12秒`, `0秒`. */
export function durationText(ms: number, units: DurationUnits, join = ''): string {
  const parts: [number, string][] = [[Math.floor(ms / D), units.days], [Math.floor((ms % D) / H), units.hours],
    [Math.floor((ms % H) / M), units.minutes], [Math.floor((ms % M) / S), units.seconds]];
  const first = parts.findIndex(([n]) => n > 0);
  if (first < 0) return units.seconds.replace('{{count}}', '0');
  return parts.slice(first, first + 2).filter(([n]) => n > 0).map(([n, u]) => u.replace('{{count}}', String(n))).join(join);
}
