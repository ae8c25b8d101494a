import { HeaderProps as HeaderPropsSchema } from '../../../contract/widgets/header';
import { readProps } from '../../../contract/widgets/readProps';
import { estimateTextWidth } from '../shared/textMetrics';

/** The header's props as it draws them. */
export interface HeaderProps {
  clock: boolean;
  /** Undefined: none (a blank subtitle too). */
  subtitle: string | undefined;
}

/** The props through the header's schema (contract/widgets/header.ts). */
export function readHeaderProps(props: Record<string, unknown> | undefined): HeaderProps {
  const p = readProps(HeaderPropsSchema, props);
  return { clock: p.clock, subtitle: p.subtitle || undefined };
}

/** The title as shown: `title · data` when the bound data is a non-blank string (e.g. the project name). */
export function headerTitle(title: string | undefined, data: unknown): string {
  const base = title?.trim() ?? '';
  const extra = typeof data === 'string' ? data.trim() : typeof data === 'number' && Number.isFinite(data) ? String(data) : '';
  if (!extra) return base;
  return base ? `${base} · ${extra}` : extra;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `YYYY-MM-DD <weekday> HH:mm:ss` of `ts` at `offsetMinutes` east of UTC; `weekdays` are the seven
 * names from Sunday on (星期日…星期六 / Sunday…Saturday).
 */
export function formatClock(ts: number, offsetMinutes: number, weekdays: readonly string[]): string {
  const d = new Date(ts + offsetMinutes * 60_000);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${date} ${weekdays[d.getUTCDay()] ?? ''} ${time}`;
}

/** Milliseconds from `ts` to the next whole second: the clock ticks on the second, not between. */
export function msToNextSecond(ts: number): number {
  return 1000 - (((ts % 1000) + 1000) % 1000);
}

/** Where the header's parts go, in design px of its box. */
export interface HeaderLayout {
  /** Title font size and letter spacing. */
  fontSize: number;
  letterSpacing: number;
  /** The centre plate: its bottom edge (the narrow side) and its height. */
  plateLeft: number;
  plateRight: number;
  plateHeight: number;
  /** y of the decorative lines running out to both sides. */
  lineY: number;
  /** Side inset and the width each side leaves for the subtitle and the clock (clear of the plate's strokes). */
  sideInset: number;
  sideWidth: number;
  /** SVG path data: the plate's fill, its outline with the side lines, and the accent strokes. */
  platePath: string;
  outlinePath: string;
  accentPaths: string[];
}

/** Room each side keeps for the subtitle and the clock (`2099-12-31 Wednesday 23:59:59` at 22 px). */
const SIDE_RESERVE = 460;
const SIDE_INSET = 32;
const MAX_FONT = 40;
const MIN_FONT = 26;

/** The title size, plate and line geometry for a header box of `width` × `height`. */
export function headerLayout(title: string, width: number, height: number): HeaderLayout {
  const plateHeight = Math.round(height * 0.8);
  const lineY = Math.round(height * 0.6);
  const slant = Math.round(plateHeight * 0.7);
  const padX = 40;
  const room = Math.max(120, width - 2 * SIDE_RESERVE - 2 * slant - 2 * padX);
  let fontSize = Math.min(MAX_FONT, Math.floor(height * 0.45));
  const spacingOf = (fs: number) => Math.round(fs * 0.12 * 10) / 10;
  while (fontSize > MIN_FONT && estimateTextWidth(title, fontSize, spacingOf(fontSize)) > room) fontSize -= 1;
  const letterSpacing = spacingOf(fontSize);
  const textWidth = Math.min(room, estimateTextWidth(title, fontSize, letterSpacing));
  const half = Math.max(160, textWidth / 2 + padX);
  const cx = width / 2;
  const plateLeft = Math.round(cx - half);
  const plateRight = Math.round(cx + half);
  const topLeft = plateLeft - slant;
  const topRight = plateRight + slant;
  // Where the plate's slanted sides cross the side lines.
  const cross = slant * (1 - lineY / plateHeight);
  const crossLeft = Math.round(plateLeft - cross);
  const crossRight = Math.round(plateRight + cross);
  const bottom = plateHeight;
  const platePath = `M${topLeft} 0H${topRight}L${plateRight} ${bottom}H${plateLeft}Z`;
  const outlinePath = `M0 ${lineY}H${crossLeft}L${plateLeft} ${bottom}H${plateRight}L${crossRight} ${lineY}H${width}`;
  const tick = 14;
  const accentPaths = [
    // A bright bar under the title, and short parallel strokes beside the plate.
    `M${Math.round(cx - half * 0.45)} ${bottom - 3}H${Math.round(cx + half * 0.45)}`,
    ...[0, 1, 2].flatMap((i) => {
      const off = 24 + i * 20;
      return [
        `M${crossLeft - off} ${lineY - 6}l${-tick} ${-tick}`,
        `M${crossRight + off} ${lineY - 6}l${tick} ${-tick}`,
      ];
    }),
    `M${Math.round(width * 0.02)} ${lineY + 6}H${Math.round(crossLeft - 90)}`,
    `M${Math.round(crossRight + 90)} ${lineY + 6}H${Math.round(width * 0.98)}`,
  ];
  return {
    fontSize,
    letterSpacing,
    plateLeft,
    plateRight,
    plateHeight,
    lineY,
    sideInset: SIDE_INSET,
    sideWidth: Math.max(0, crossLeft - 100 - SIDE_INSET),
    platePath,
    outlinePath,
    accentPaths,
  };
}
