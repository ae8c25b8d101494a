import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css, keyframes } from 'styled-components';
import type { RealAlarm } from '../../../contract/alarms';
import type { WidgetModule, WidgetRendererProps } from '../../runtime/types';
import { browserOffsetMinutes } from '../shared/formatWallTime';
import { wallCss, wallFont } from '../shared/screenTheme';
import { applyAlarmTickerLive } from './applyAlarmTickerLive';
import {
  badgeWidth, buildAlarmRows, freshIds, isCompactTicker, readAlarmTickerProps, tickerLayout, timeColumnWidth, type AlarmRow, type LevelKey,
} from './alarmTickerModel';

const BADGE_FONT = 14;
const TEXT_FONT = 15;

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
  column-gap: ${({ $compact }) => ($compact ? 10 : 12)}px;
  padding: ${({ $compact }) => ($compact ? '8px 12px' : '0 12px')};
  border-bottom: 1px solid ${wallCss.gridLine};
  font-size: ${TEXT_FONT}px;
  ${({ $compact }) => $compact && css`
    grid-template-rows: 24px 22px;
    row-gap: 3px;
    & > :last-child { grid-column: 1 / -1; }
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

const Time = styled.span<{ $end?: boolean }>`
  justify-self: ${({ $end }) => ($end ? 'end' : 'start')};
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

/** One copy of the list; a one-line row reads level, time, where, content; a two-line row puts the time after where. */
function Rows({ rows, columns, compact, rowHeight, fresh, labels, hidden }: RowsProps) {
  return (
    <div aria-hidden={hidden || undefined}>
      {rows.map((r) => (
        <Row key={r.id} data-alarm-id={hidden ? undefined : r.id} $columns={columns} $compact={compact} $height={rowHeight} $flash={fresh.has(r.id)}
          style={{ ['--flash' as string]: `color-mix(in srgb, ${r.colour} 35%, transparent)` }}>
          <Badge style={{ color: r.colour, backgroundColor: `color-mix(in srgb, ${r.colour} 12%, transparent)` }}>{labels[r.level]}</Badge>
          {!compact && <Time>{r.time}</Time>}
          <Ellipsis title={r.where}>{r.where}</Ellipsis>
          {compact && <Time $end>{r.time}</Time>}
          <Ellipsis $strong title={r.content}>{r.content}</Ellipsis>
        </Row>
      ))}
    </div>
  );
}

function AlarmTickerRenderer({ widget, data, width, height }: WidgetRendererProps<RealAlarm[]>) {
  const { t } = useTranslation('screens');
  const props = useMemo(() => readAlarmTickerProps(widget.props), [widget.props]);
  const rows = useMemo(() => {
    const now = Date.now();
    return buildAlarmRows(Array.isArray(data) ? data : [], props, now, browserOffsetMinutes(now));
  }, [data, props]);

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
  const columns = compact ? `${badge}px minmax(0, 1fr) ${time}px` : `${badge}px ${time}px minmax(0, 1fr) minmax(0, 1.7fr)`;
  const list = { rows, columns, compact, rowHeight, fresh, labels };

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
      <Track $duration={scroll ? durationS : 0}>
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
