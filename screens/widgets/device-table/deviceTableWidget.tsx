import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import type { WidgetModule, WidgetRendererProps } from '../../runtime/types';
import { useClockTick, useWallNow } from '../shared/useAnimationPhase';
import { browserOffsetMinutes } from '../shared/formatWallTime';
import { wallCss, wallFont } from '../shared/screenTheme';
import { applyDeviceTableLive } from './applyDeviceTableLive';
import {
  KNOWN_COLUMNS, TABLE_HEADER_HEIGHT, TABLE_ROW_HEIGHT, buildTableRows, columnLabels, columnTemplate, pageLayout, pageAt, pageRows, pagePeriodMs,
  readDeviceTableProps, type DeviceTableItem, type StateKey,
} from './deviceTableModel';

/** Room at the right of every row for the page indicator, so columns stay aligned with the header. */
const INDICATOR_ROOM = 64;

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const Table = styled.div`
  position: relative;
  overflow: hidden;
  font-family: ${wallFont.family};
`;

const Line = styled.div<{ $columns: string; $room: number }>`
  box-sizing: border-box;
  display: grid;
  grid-template-columns: ${({ $columns }) => $columns};
  align-items: center;
  column-gap: 16px;
  padding: 0 ${({ $room }) => 14 + $room}px 0 14px;
`;

const Header = styled(Line)`
  height: ${TABLE_HEADER_HEIGHT}px;
  background: ${wallCss.accentFaint};
  border-bottom: 1px solid ${wallCss.panelBorder};
  color: ${wallCss.textMuted};
  font-size: 15px;
  font-weight: 600;
`;

const Body = styled.div`
  animation: ${fadeIn} 0.4s ease-out;
`;

const Row = styled(Line)<{ $odd: boolean; $alarm: boolean }>`
  height: ${TABLE_ROW_HEIGHT}px;
  font-size: 17px;
  color: ${wallCss.text};
  background: ${({ $odd, $alarm }) => ($alarm ? wallCss.alarmRow : $odd ? wallCss.rowStripe : 'transparent')};
  box-shadow: ${({ $alarm }) => ($alarm ? `inset 3px 0 0 ${wallCss.state.alarm}` : 'none')};
`;

const Cell = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Dot = styled.i`
  display: inline-block;
  width: 10px;
  height: 10px;
  margin-right: 8px;
  border-radius: 50%;
  vertical-align: 1px;
  box-shadow: 0 0 6px currentColor;
  background: currentColor;
`;

const Indicator = styled.span`
  position: absolute;
  top: 0;
  right: 14px;
  height: ${TABLE_HEADER_HEIGHT}px;
  line-height: ${TABLE_HEADER_HEIGHT}px;
  font-family: ${wallFont.numeric};
  font-size: 14px;
  color: ${wallCss.accent};
`;

const STATE_TEXT: Record<StateKey, string> = { online: 'stateOnline', alarm: 'stateAlarm', offline: 'stateOffline' };
const COLUMN_TEXT: Record<(typeof KNOWN_COLUMNS)[number], string> = {
  name: 'columnName', model: 'columnModel', project: 'columnProject', state: 'columnState', lastSeen: 'columnLastSeen',
};

function DeviceTableRenderer({ widget, data, width, height }: WidgetRendererProps<DeviceTableItem[]>) {
  const { t } = useTranslation('screens');
  const props = useMemo(() => readDeviceTableProps(widget.props), [widget.props]);
  const clock = useWallNow();
  const rows = useMemo(() => {
    const now = clock();
    return buildTableRows(Array.isArray(data) ? data : [], props.columns, now, browserOffsetMinutes(now));
  }, [data, props.columns, clock]);
  const { rowsPerPage, pages } = pageLayout(rows.length, height);

  // The page is the wall clock's (pageAt): every tile of a wall turns it at the same instant.
  const tick = useClockTick(pagePeriodMs(pages, props.pageSeconds));
  const shown = pageRows(rows, pageAt(tick, props.pageSeconds, pages), rowsPerPage);
  const defaults = Object.fromEntries(KNOWN_COLUMNS.map((c) => [c, t(`device-table.${COLUMN_TEXT[c]}`)]));
  const labels = columnLabels(props, defaults);
  const columns = columnTemplate(props.columns);
  const room = pages > 1 ? INDICATOR_ROOM : 0;

  return (
    <Table style={{ width, height }}>
      <Header $columns={columns} $room={room}>
        {labels.map((label, i) => <Cell key={i} title={label}>{label}</Cell>)}
      </Header>
      {pages > 1 && <Indicator>{`${shown.page + 1}/${pages}`}</Indicator>}
      <Body key={shown.page}>
        {shown.rows.map((row, r) => (
          <Row key={row.key} $columns={columns} $room={room} $odd={r % 2 === 1} $alarm={row.alarm}>
            {row.cells.map((cell, c) => (cell.kind === 'state'
              ? <Cell key={c} style={{ color: cell.colour }}><Dot />{t(`device-table.${STATE_TEXT[cell.state]}`)}</Cell>
              : <Cell key={c} title={cell.text}>{cell.text}</Cell>))}
          </Row>
        ))}
      </Body>
    </Table>
  );
}

/** Devices with their state, paging by itself when they do not fit; kept current by `deviceState` pushes. */
export const deviceTableWidget: WidgetModule<DeviceTableItem[]> = {
  Renderer: DeviceTableRenderer,
  applyLive: applyDeviceTableLive,
  hasData: (data) => Array.isArray(data) && data.length > 0,
};
