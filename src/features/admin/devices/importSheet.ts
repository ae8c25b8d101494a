import { DEVICE_IMPORT_COLUMNS, MAX_IMPORT_ROWS, type DeviceImportField, type DeviceImportRow } from '../../../../contract/device-admin';

/**
 * The device import sheet (DEVICE_IMPORT_COLUMNS' layout): the header row names the columns, in
 * Chinese or English, in any order; each later row is a device. Pure: exceljs stays in
 * readSheet.ts. Cells become the batch endpoint's rows; what cannot be a row's value (a date or
 * a number that is none) is reported here with the sheet's row number, the rest by the server.
 */

export type Cell = string | number | boolean | Date | null;

/** A sheet row as read: its number in the sheet (1 is the header) and its cells by column. */
export interface SheetRow {
  number: number;
  cells: Cell[];
}

/** One problem: the sheet's row number (null: the sheet as a whole), the field, the text. */
export interface SheetProblem {
  sheetRow: number | null;
  field: string;
  message: string;
}

export interface SheetTexts {
  missingColumn(column: string): string;
  badDate: string;
  badNumber: string;
  /** A long number (an ICCID) typed into a number cell: Excel has already rounded it. */
  lostDigits: string;
  emptySheet: string;
  tooMany(count: number, max: number): string;
}

export interface ParsedSheet {
  rows: DeviceImportRow[];
  /** The sheet row number of each of `rows`. */
  sheetRows: number[];
  problems: SheetProblem[];
}

const REQUIRED: readonly DeviceImportField[] = ['name', 'code', 'project', 'deviceModel'];
const NUMBERS: readonly DeviceImportField[] = ['lng', 'lat'];
const EXCEL_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** The field a header cell names (either language), if any. */
function fieldOfHeader(cell: Cell): DeviceImportField | undefined {
  const text = norm(String(cell ?? ''));
  if (!text) return undefined;
  return DEVICE_IMPORT_COLUMNS.find((c) => norm(c.label.zh) === text || norm(c.label.en) === text || norm(c.field) === text)?.field;
}

const text = (cell: Cell): string => (cell === null || cell === undefined ? '' : cell instanceof Date ? cell.toISOString() : String(cell).trim());

/** A day as the epoch ms of its local midnight: a date cell, `2026-05-01` / `2026/5/1`, or an Excel day number. */
export function dayOf(cell: Cell): number | null | 'bad' {
  if (cell === null || cell === '') return null;
  if (cell instanceof Date) return new Date(cell.getUTCFullYear(), cell.getUTCMonth(), cell.getUTCDate()).getTime();
  if (typeof cell === 'number') {
    const d = new Date((cell - EXCEL_EPOCH_DAYS) * DAY_MS);
    return Number.isFinite(d.getTime()) ? new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()).getTime() : 'bad';
  }
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(String(cell).trim());
  if (!m) return 'bad';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date.getTime() : 'bad';
}

function numberOf(cell: Cell): number | null | 'bad' {
  if (cell === null || cell === '') return null;
  if (typeof cell === 'number') return cell;
  const n = Number(String(cell).trim());
  return String(cell).trim() === '' ? null : Number.isFinite(n) ? n : 'bad';
}

/** The sheet's devices as batch rows, with the problems only the sheet can have. */
export function parseDeviceSheet(sheet: readonly SheetRow[], texts: SheetTexts, columnLabel: (field: DeviceImportField) => string): ParsedSheet {
  const out: ParsedSheet = { rows: [], sheetRows: [], problems: [] };
  const [header, ...body] = sheet;
  const columns = new Map<DeviceImportField, number>();
  header?.cells.forEach((cell, i) => {
    const field = fieldOfHeader(cell);
    if (field && !columns.has(field)) columns.set(field, i);
  });
  for (const field of REQUIRED) {
    if (!columns.has(field)) out.problems.push({ sheetRow: null, field, message: texts.missingColumn(columnLabel(field)) });
  }
  if (out.problems.length) return out;
  const data = body.filter((r) => r.cells.some((c) => text(c) !== ''));
  if (!data.length) return { ...out, problems: [{ sheetRow: null, field: '', message: texts.emptySheet }] };
  if (data.length > MAX_IMPORT_ROWS) return { ...out, problems: [{ sheetRow: null, field: '', message: texts.tooMany(data.length, MAX_IMPORT_ROWS) }] };
  for (const r of data) {
    const cell = (field: DeviceImportField): Cell => (columns.has(field) ? r.cells[columns.get(field)!] ?? null : null);
    const row: Record<string, unknown> = {};
    for (const { field } of DEVICE_IMPORT_COLUMNS) {
      if (field === 'installDate') {
        const day = dayOf(cell(field));
        if (day === 'bad') out.problems.push({ sheetRow: r.number, field, message: texts.badDate });
        row[field] = day === 'bad' ? null : day;
      } else if (NUMBERS.includes(field)) {
        const n = numberOf(cell(field));
        if (n === 'bad') out.problems.push({ sheetRow: r.number, field, message: texts.badNumber });
        row[field] = n === 'bad' ? null : n;
      } else {
        const value = cell(field);
        if (typeof value === 'number' && !Number.isSafeInteger(value)) out.problems.push({ sheetRow: r.number, field, message: texts.lostDigits });
        row[field] = text(value);
      }
    }
    out.rows.push(row as DeviceImportRow);
    out.sheetRows.push(r.number);
  }
  return out;
}

/** The template: the header in the user's language and one example row. */
export function templateSheet(columnLabel: (field: DeviceImportField) => string): { header: string[]; rows: (string | number)[][] } {
  const example: Record<DeviceImportField, string | number> = {
    name: '1号车间空气质量传感器', code: 'P-SH-01-S200-101', project: 'P-SH-01', deviceModel: 'NV-S200', gateway: 'GW-P-SH-01',
    iotId: 'IOT-S200-101', iccid: '', installDate: '2026-05-01', lng: 121.5905, lat: 31.2035,
  };
  return { header: DEVICE_IMPORT_COLUMNS.map((c) => columnLabel(c.field)), rows: [DEVICE_IMPORT_COLUMNS.map((c) => example[c.field])] };
}
