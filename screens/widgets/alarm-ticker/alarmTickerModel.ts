import type { RealAlarm } from '../../../contract/alarms';
import { WarnLevel } from '../../../contract/enums';
import { sortLiveAlarms, type LiveAlarmOrder } from '../../../contract/live-alarms';
import { phaseAt } from '../shared/animationPhase';
import { formatEventTime } from '../shared/formatWallTime';
import { AlarmTickerProps as AlarmTickerPropsSchema } from '../../../contract/widgets/alarmTicker';
import { readProps } from '../../../contract/widgets/readProps';
import { wallCss } from '../shared/screenTheme';

/** Height of a one-line ticker row in design px: every row has the same height, so the list height is count × this. */
export const TICKER_ROW_HEIGHT = 44;
/** Height of a two-line row (level, where and time above the content) of a narrow ticker. */
export const TICKER_COMPACT_ROW_HEIGHT = 66;
/** Boxes narrower than this (design px) show two-line rows: one line leaves the content no room. */
export const TICKER_COMPACT_BELOW = 640;

/** Whether a ticker `width` wide shows two-line rows. */
export function isCompactTicker(width: number): boolean {
  return width < TICKER_COMPACT_BELOW;
}

/**
 * The ticker's props. Level keys are the levels as the product names them, 1 提示 (hint),
 * 2 次要 (minor), 3 重要 (important), i.e. the alarm's `warnLevel` (contract WarnLevel 0–2) + 1,
 * the keys of wallCss.level.
 */
export interface AlarmTickerProps {
  limit: number;
  /** The order of contract/live-alarms.ts: the bell's and 实时告警's. */
  order: LiveAlarmOrder;
  levelColours: Record<number, string>;
  /** Scroll speed in design px per second. */
  speed: number;
}

export type LevelKey = 'hint' | 'minor' | 'important';

/** One row as drawn. */
export interface AlarmRow {
  id: number;
  level: LevelKey;
  colour: string;
  time: string;
  /** `project · device`, or the device alone outside a project: the whole of it (the row's tooltip). */
  where: string;
  /** The project, '' outside one: shown cut first, so the device stays whole. */
  project: string;
  /** The device in alarm: what the row must say. */
  device: string;
  content: string;
}

/** The props through the ticker's schema (contract/widgets/alarmTicker.ts); a level without a colour keeps the theme's. */
export function readAlarmTickerProps(props: Record<string, unknown> | undefined): AlarmTickerProps {
  const p = readProps(AlarmTickerPropsSchema, props);
  const levelColours: Record<number, string> = { ...wallCss.level };
  for (const [key, colour] of Object.entries(p.levelColours ?? {})) if (colour) levelColours[Number(key)] = colour;
  return { limit: p.limit, order: p.order, levelColours, speed: p.speed };
}

/** The level of a `warnLevel`; anything above important counts as important, below hint as hint. */
export function levelOf(warnLevel: number): LevelKey {
  if (warnLevel >= WarnLevel.Important) return 'important';
  if (warnLevel === WarnLevel.Minor) return 'minor';
  return 'hint';
}

const LEVEL_NUMBER: Record<LevelKey, number> = { hint: 1, minor: 2, important: 3 };

/** Rows in the live-alarm order (newest first, or by level), at most `limit`; times relative to `now` at `offsetMinutes`. */
export function buildAlarmRows(alarms: readonly RealAlarm[], props: AlarmTickerProps, now: number, offsetMinutes: number): AlarmRow[] {
  return sortLiveAlarms(alarms, props.order)
    .slice(0, props.limit)
    .map((a) => {
      const level = levelOf(a.warnLevel);
      return {
        id: a.id,
        level,
        colour: props.levelColours[LEVEL_NUMBER[level]] ?? wallCss.level[LEVEL_NUMBER[level]],
        time: formatEventTime(a.raisedAt, now, offsetMinutes),
        where: a.projectName ? `${a.projectName} · ${a.deviceName}` : a.deviceName,
        project: a.projectName ?? '',
        device: a.deviceName,
        content: a.alarmContent,
      };
    });
}

/** Whether the rows overflow the box (then they scroll in a loop) and how long one loop takes. */
export function tickerLayout(count: number, width: number, height: number, speed: number): { scroll: boolean; durationS: number; rowHeight: number } {
  const rowHeight = isCompactTicker(width) ? TICKER_COMPACT_ROW_HEIGHT : TICKER_ROW_HEIGHT;
  const listHeight = count * rowHeight;
  const scroll = listHeight > height;
  return { scroll, durationS: scroll ? Math.max(1, listHeight / speed) : 0, rowHeight };
}

/**
 * How far (design px) a scrolling list of `listHeight` has moved up at `now` when one loop takes
 * `durationS`: the CSS loop's phase on the wall's clock (useClockPhasedAnimation keeps the
 * animation there), so every tile of a wall shows the same rows at the same height.
 */
export function tickerOffset(now: number, durationS: number, listHeight: number): number {
  return durationS > 0 ? phaseAt(now, durationS * 1000) * listHeight : 0;
}

/** Ids in `ids` that `seen` did not hold: the alarms to flash. Nothing flashes on the first sight (`seen` null). */
export function freshIds(seen: ReadonlySet<number> | null, ids: readonly number[]): Set<number> {
  return new Set(seen ? ids.filter((id) => !seen.has(id)) : []);
}

/** A badge width (design px) that fits the longest level label at `fontSize`: CJK glyphs are square, Latin ones about 0.62 em. */
export function badgeWidth(labels: readonly string[], fontSize: number, paddingX = 8): number {
  const width = (label: string) => [...label].reduce((sum, ch) => sum + (/[\u2E80-\uFFEF]/.test(ch) ? 1 : 0.62), 0) * fontSize;
  return Math.ceil(Math.max(0, ...labels.map(width)) + 2 * paddingX);
}

/**
 * The grid columns of a row. One line: level, time, where (1 part), content (1.7 parts). Two lines
 * (a narrow ticker): the level, then where over the rest of the first line, so the device in alarm
 * has all the room there is; the time under the level (spanning the first two columns, as wide as
 * it needs), then the content.
 */
export function tickerColumns(compact: boolean, badge: number, time: number, gap: number): string {
  if (!compact) return `${badge}px ${time}px minmax(0, 1fr) minmax(0, 1.7fr)`;
  return `${badge}px ${Math.max(0, time - badge - gap)}px minmax(0, 1fr)`;
}

/** A time column (design px) that fits the longest time of `rows` in the numeric font, about 0.6 em a character. */
export function timeColumnWidth(rows: readonly AlarmRow[], fontSize: number): number {
  return Math.ceil(Math.max(8, ...rows.map((r) => r.time.length)) * 0.6 * fontSize) + 4;
}
