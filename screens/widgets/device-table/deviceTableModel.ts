import { positiveMod, stepAt } from '../shared/animationPhase';
import { DeviceState } from '../../../contract/enums';
import { formatEventTime } from '../shared/formatWallTime';
import { DEFAULT_DEVICE_COLUMNS, DeviceTableProps as DeviceTablePropsSchema, KNOWN_DEVICE_COLUMNS } from '../../../contract/widgets/deviceTable';
import { readProps } from '../../../contract/widgets/readProps';
import { wallCss } from '../shared/screenTheme';

/** A device as the table is bound to it: `id`, `name`, `state` (0 offline, 1 online, 2 alarm) and any mapped fields. */
export interface DeviceTableItem {
  id: number;
  name: string;
  state: number;
  /** Other mapped fields, e.g. model, project, lastSeen (epoch ms). */
  [field: string]: unknown;
}

/** Row and header heights in design px, sized to be read across a room. */
export const TABLE_HEADER_HEIGHT = 42;
export const TABLE_ROW_HEIGHT = 46;

export const DEFAULT_COLUMNS = DEFAULT_DEVICE_COLUMNS;
/** Columns with a default label (strings.ts `column.<name>`). */
export const KNOWN_COLUMNS = KNOWN_DEVICE_COLUMNS;

export interface DeviceTableProps {
  columns: string[];
  /** Label overrides by column. */
  labels: Record<string, string>;
  pageSeconds: number;
}

export type StateKey = 'online' | 'alarm' | 'offline';

export type TableCell = { kind: 'text'; text: string } | { kind: 'state'; state: StateKey; colour: string };

export interface TableRow {
  key: string;
  alarm: boolean;
  cells: TableCell[];
}

/** The props through the table's schema (contract/widgets/deviceTable.ts). */
export function readDeviceTableProps(props: Record<string, unknown> | undefined): DeviceTableProps {
  const p = readProps(DeviceTablePropsSchema, props);
  return { columns: p.columns, labels: p.labels ?? {}, pageSeconds: p.pageSeconds };
}

/** The header labels: the template's, else the default of a known column (`defaults`), else the column's name. */
export function columnLabels(props: DeviceTableProps, defaults: Partial<Record<string, string>>): string[] {
  return props.columns.map((c) => props.labels[c] ?? defaults[c] ?? c);
}

/** CSS grid columns: the name gets the most room, state and time a fixed width that fits their text. */
export function columnTemplate(columns: readonly string[]): string {
  return columns.map((c) => {
    if (c === 'name') return 'minmax(0, 2fr)';
    if (c === 'state') return '128px';
    if (c === 'lastSeen') return '150px';
    return 'minmax(0, 1fr)';
  }).join(' ');
}

export function stateKey(state: unknown): StateKey {
  if (state === DeviceState.Online) return 'online';
  if (state === DeviceState.Alarm) return 'alarm';
  return 'offline';
}

function cellText(column: string, value: unknown, now: number, offsetMinutes: number): string {
  if (value === null || value === undefined) return '—';
  if (column === 'lastSeen' && typeof value === 'number') return formatEventTime(value, now, offsetMinutes);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim() === '' ? '—' : value;
  if (typeof value === 'boolean') return value ? '✓' : '—';
  return '—';
}

/** The rows as drawn, in data order: a state cell is a coloured dot, `lastSeen` a time. */
export function buildTableRows(items: readonly DeviceTableItem[], columns: readonly string[], now: number, offsetMinutes: number): TableRow[] {
  return items.map((item, i) => {
    const state = stateKey(item.state);
    return {
      key: typeof item.id === 'number' ? `d${item.id}` : `i${i}`,
      alarm: state === 'alarm',
      cells: columns.map((c): TableCell => (c === 'state'
        ? { kind: 'state', state, colour: wallCss.state[state] }
        : { kind: 'text', text: cellText(c, item[c], now, offsetMinutes) })),
    };
  });
}

/** Rows that fit below the header in `height`, at least one; the number of pages for `count` rows. */
export function pageLayout(count: number, height: number): { rowsPerPage: number; pages: number } {
  const rowsPerPage = Math.max(1, Math.floor((height - TABLE_HEADER_HEIGHT) / TABLE_ROW_HEIGHT));
  return { rowsPerPage, pages: Math.max(1, Math.ceil(count / rowsPerPage)) };
}

/** The rows of page `page` (wrapped into range, so a shrunk list never shows an empty page). */
export function pageRows<T>(rows: readonly T[], page: number, rowsPerPage: number): { page: number; rows: T[] } {
  const pages = Math.max(1, Math.ceil(rows.length / rowsPerPage));
  const current = ((page % pages) + pages) % pages;
  return { page: current, rows: rows.slice(current * rowsPerPage, (current + 1) * rowsPerPage) };
}

/** How long a page shows (ms): 0 when everything fits one page (nothing turns). */
export function pagePeriodMs(pages: number, pageSeconds: number): number {
  return pages > 1 && pageSeconds > 0 ? pageSeconds * 1000 : 0;
}

/**
 * The page shown at `now` on the wall's clock: pages turn every `pageSeconds` counted from the
 * epoch, so two tiles showing the same table show the same page whenever each mounted it.
 */
export function pageAt(now: number, pageSeconds: number, pages: number): number {
  const period = pagePeriodMs(pages, pageSeconds);
  return period ? positiveMod(stepAt(now, period), pages) : 0;
}
