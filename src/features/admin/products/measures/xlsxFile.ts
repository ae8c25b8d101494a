import type { CellValue, DataValidation, Workbook, Worksheet } from 'exceljs';
import { MEASURE_COLUMNS } from '../../../../../contract/resources/measure';
import { downloadBlob } from '../../../../shared/downloadBlob';
import type { Cell, Field, SheetData, SheetRow } from './sheet';

/**
 * The register sheet as an .xlsx file (exceljs, loaded on the first export or import, not with
 * the page). The workbook's first sheet is the table; a hidden second sheet holds the choices of
 * the enumeration columns, which the table's cells offer as drop-down lists.
 */

type ExcelJSModule = typeof import('exceljs');
const loadExcel = async (): Promise<ExcelJSModule> => {
  const mod = await import('exceljs');
  // The ES build exposes the namespace as default; Node's CommonJS interop as the module itself.
  return ((mod as unknown as { default?: ExcelJSModule }).default ?? mod) as ExcelJSModule;
};

export interface SheetNames {
  table: string;
  lists: string;
}

export interface SheetList {
  field: Field;
  values: (string | number)[];
}

/** exceljs keeps a sheet's validations by cell address (its typings leave the collection out). */
const validationsOf = (sheet: Worksheet) => (sheet as unknown as { dataValidations: { add(address: string, v: DataValidation): void } }).dataValidations;

const safeName = (name: string) => name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1';
/** Rows past the data that still offer the drop-down lists (room to add points in Excel). */
const SPARE_ROWS = 200;

/** The workbook of a sheet: bold frozen header, widths to fit, drop-downs on the enumeration columns. */
export async function buildWorkbook(data: SheetData, lists: readonly SheetList[], names: SheetNames): Promise<Workbook> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(safeName(names.table));
  sheet.addRow(data.header).font = { bold: true };
  sheet.addRows(data.rows);
  sheet.columns.forEach((column, i) => {
    const widest = Math.max(...[data.header[i], ...data.rows.map((r) => r[i])].map((v) => String(v ?? '').length));
    column.width = Math.min(40, Math.max(8, widest * 2 + 2));
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const options = workbook.addWorksheet(safeName(names.lists));
  options.state = 'hidden';
  const listName = safeName(names.lists).replace(/'/g, "''");
  const lastRow = data.rows.length + 1 + SPARE_ROWS;
  lists.forEach((list, k) => {
    const col = k + 1;
    options.getCell(1, col).value = data.header[MEASURE_COLUMNS.findIndex((c) => c.field === list.field)] ?? list.field;
    list.values.forEach((v, i) => { options.getCell(i + 2, col).value = v; });
    if (!list.values.length) return;
    const letter = options.getColumn(col).letter;
    const source = `'${listName}'!$${letter}$2:$${letter}$${list.values.length + 1}`;
    const target = MEASURE_COLUMNS.findIndex((c) => c.field === list.field) + 1;
    const targetLetter = sheet.getColumn(target).letter;
    const validations = validationsOf(sheet);
    for (let r = 2; r <= lastRow; r++) {
      validations.add(`${targetLetter}${r}`, { type: 'list', allowBlank: true, formulae: [source] });
    }
  });
  return workbook;
}

/** Writes the sheet to an .xlsx file and downloads it. */
export async function downloadSheet(data: SheetData, lists: readonly SheetList[], names: SheetNames, fileName: string): Promise<void> {
  const workbook = await buildWorkbook(data, lists, names);
  const buffer = await workbook.xlsx.writeBuffer();
  downloadBlob(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
}

/** A cell as plain text or number: rich text joined, a formula's result, a link's text, a date as ISO. */
export function plainCell(value: CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return plainCell(value.result as CellValue);
    if ('formula' in value || 'sharedFormula' in value) return null;
    if ('text' in value) return plainCell(value.text as CellValue);
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

/** The first worksheet's rows with their sheet numbers; null where the file has no worksheet. */
export async function readWorkbookRows(data: ArrayBuffer): Promise<SheetRow[] | null> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data);
  const sheet = workbook.worksheets.find((w) => w.state !== 'hidden' && w.state !== 'veryHidden') ?? workbook.worksheets[0];
  if (!sheet) return null;
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => { cells[col - 1] = plainCell(cell.value); });
    for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
    rows.push({ number, cells });
  });
  return rows;
}
