import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css, keyframes } from 'styled-components';
import type { RealAlarm } from '../../../contract/alarms';
import type { WidgetModule, WidgetRendererProps } from '../../runtime/types';
import { useClockPhasedAnimation, useWallNow } from '../shared/useAnimationPhase';
import { browserOffsetMinutes } from '../shared/formatWallTime';
import { wallCss, wallFont } from '../shared/screenTheme';
import { applyAlarmTickerLive } from './applyAlarmTickerLive';
import {
  badgeWidth, buildAlarmRows, freshIds, isCompactTicker, readAlarmTickerProps, tickerColumns, tickerLayout, timeColumnWidth, type AlarmRow, type LevelKey,
} from './alarmTickerModel';

const BADGE_FONT = 14;
const TEXT_FONT = 15;
const COMPACT_GAP = 10;

const loop = keyframes`
  from { transform: translateY(0); }
  to { transform: translateY(-50%); }
`;

const flash = keyframes`
  0%, 100% { background-color: transparent; }
  50% { background-color: var(--flash); }
`;

const Viewport = styled.div`
  position: relative;
  overflow: hidden;
  font-family: ${wallFont.family};
`;

const Track = styled.div<{ $duration: number }>`
  ${({ $duration }) => $duration > 0 && css`
    animation: ${loop} ${$duration}s linear infinite;
    will-change: transform;
    &:hover { animation-play-state: paused; }
  `}
`;

const Row = styled.div<{ $columns: string; $compact: boolean; $height: number; $flash: boolean }>`
  box-sizing: border-box;
  height: ${({ $height }) => $height}px;
  display: grid;
  grid-template-columns: ${({ $columns }) => $columns};
  align-items: center;
  column-gap: ${({ $compact }) => ($compact ? COMPACT_GAP : 12)}px;
  padding: ${({ $compact }) => ($compact ? '8px 12px' : '0 12px')};
  border-bottom: 1px solid ${wallCss.gridLine};
  font-size: ${TEXT_FONT}px;
  ${({ $compact }) => $compact && css`
    grid-template-rows: 24px 22px;
    row-gap: 3px;
    & > [data-alarm-where] { grid-column: 2 / -1; grid-row: 1; }
    & > [data-alarm-time] { grid-column: 1 / 3; grid-row: 2; }
    & > [data-alarm-content] { grid-column: 3; grid-row: 2; }
  `}
  ${({ $flash }) => $flash && css`animation: ${flash} 0.8s ease-in-out 3;`}
`;

const Badge = styled.span`
  box-sizing: border-box;
  padding: 2px 6px;
  text-align: center;
  border-radius: 3px;
  border: 1px solid currentColor;
  font-size: ${BADGE_FONT}px;
  line-height: 20px;
  font-weight: 600;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Time = styled.span`
  justify-self: start;
  font-family: ${wallFont.numeric};
  color: ${wallCss.textMuted};
  white-space: nowrap;
`;

const Ellipsis = styled.span<{ $strong?: boolean }>`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ $strong }) => ($strong ? wallCss.textStrong : wallCss.text)};
`;

/**
 * Where: the project, then the device. Only the project shrinks (cut with "…"), so the row always
 * says which device is in alarm; a device name longer than the whole room is cut last. The whole of
 * it is the tooltip.
 */
const Where = styled.span`
  display: flex;
  min-width: 0;
  overflow: hidden;
  white-space: nowrap;
  & > span { overflow: hidden; text-overflow: ellipsis; }
  & > [data-project] { flex: 0 1 auto; min-width: 0; color: ${wallCss.text}; }
  & > [data-device] { flex: none; max-width: 100%; color: ${wallCss.textStrong}; font-weight: 500; }
  & i { padding: 0 0.35em; font-style: normal; font-weight: 400; color: ${wallCss.textMuted}; }
`;

const AllClear = styled.div`
  height: 100%;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 12px;
  color: ${wallCss.text};
  font-family: ${wallFont.family};
  font-size: 18px;
`;

const LEVEL_TEXT: Record<LevelKey, string> = { hint: 'levelHint', minor: 'levelMinor', important: 'levelImportant' };

interface RowsProps {
  rows: AlarmRow[];
  columns: string;
  compact: boolean;
  rowHeight: number;
  fresh: Set<number>;
  labels: Record<LevelKey, string>;
  hidden?: boolean;
}

/** One copy of the list; a one-line row reads level, time, where, content; a two-line row level and where, then time and content. */
function Rows({ rows, columns, compact, rowHeight, fresh, labels, hidden }: RowsProps) {
  return (
    <div aria-hidden={hidden || undefined}>
      {rows.map((r) => (
        <Row key={r.id} data-alarm-id={hidden ? undefined : r.id} $columns={columns} $compact={compact} $height={rowHeight} $flash={fresh.has(r.id)}
          style={{ ['--flash' as string]: `color-mix(in srgb, ${r.colour} 35%, transparent)` }}>
          <Badge style={{ color: r.colour, backgroundColor: `color-mix(in srgb, ${r.colour} 12%, transparent)` }}>{labels[r.level]}</Badge>
          {!compact && <Time data-alarm-time="">{r.time}</Time>}
          <Where title={r.where} data-alarm-where="">
            {r.project && <span data-project="">{r.project}</span>}
            <span data-device="">{r.project && <i>·</i>}{r.device}</span>
          </Where>
          {compact && <Time data-alarm-time="">{r.time}</Time>}
          <Ellipsis $strong title={r.content} data-alarm-content="">{r.content}</Ellipsis>
        </Row>
      ))}
    </div>
  );
}

function AlarmTickerRenderer({ widget, data, width, height }: WidgetRendererProps<RealAlarm[]>) {
  const { t } = useTranslation('screens');
  const props = useMemo(() => readAlarmTickerProps(widget.props), [widget.props]);
  const clock = useWallNow();
  const rows = useMemo(() => {
    const now = clock();
    return buildAlarmRows(Array.isArray(data) ? data : [], props, now, browserOffsetMinutes(now));
  }, [data, props, clock]);

  const seen = useRef<Set<number> | null>(null);
  const [fresh, setFresh] = useState<Set<number>>(() => new Set());
  useEffect(() => {
    const ids = rows.map((r) => r.id);
    setFresh(freshIds(seen.current, ids));
    seen.current = new Set(ids);
  }, [rows]);

  const labels = {
    hint: t(`alarm-ticker.${LEVEL_TEXT.hint}`), minor: t(`alarm-ticker.${LEVEL_TEXT.minor}`), important: t(`alarm-ticker.${LEVEL_TEXT.important}`),
  };
  const { scroll, durationS, rowHeight } = tickerLayout(rows.length, width, height, props.speed);
  const compact = isCompactTicker(width);
  const badge = Math.min(badgeWidth(Object.values(labels), BADGE_FONT), Math.round(width * 0.3));
  const time = timeColumnWidth(rows, TEXT_FONT);
  const columns = tickerColumns(compact, badge, time, COMPACT_GAP);
  const list = { rows, columns, compact, rowHeight, fresh, labels };
  // The scroll's offset is the wall clock's (tickerOffset): the same on every tile of a wall.
  const track = useRef<HTMLDivElement>(null);
  const duration = scroll ? durationS : 0;
  useClockPhasedAnimation(track, [duration, rows.length > 0]);

  if (!rows.length) {
    return (
      <AllClear style={{ width, height }}>
        <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">
          <circle cx="18" cy="18" r="16" fill="none" style={{ stroke: wallCss.state.normal }} strokeWidth="2.5" />
          <path d="M11 18.5l5 5 9-10" fill="none" style={{ stroke: wallCss.state.normal }} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span>{t('alarm-ticker.allClear')}</span>
      </AllClear>
    );
  }
  return (
    <Viewport style={{ width, height }}>
      <Track ref={track} $duration={duration} data-anim-period={duration ? duration * 1000 : undefined}>
        <Rows {...list} />
        {scroll && <Rows {...list} hidden />}
      </Track>
    </Viewport>
  );
}

/** The open real-time alarms, newest first, scrolling in a loop when they overflow; kept current by `measureWarning` pushes. */
export const alarmTickerWidget: WidgetModule<RealAlarm[]> = {
  Renderer: AlarmTickerRenderer,
  applyLive: applyAlarmTickerLive,
  hasData: (data) => Array.isArray(data),
};
